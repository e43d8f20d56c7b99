import { afterEach, describe, expect, it } from 'vitest';
import {
  hasPendingInvite,
  isInvitePath,
  isLeagueMembersPath,
  isScoreDetailsPath,
  rememberInvite,
  takeInvite,
} from './returnTo';

afterEach(() => localStorage.clear());

describe('invite link kept through the login', () => {
  it('remembers only a Join a League link with a code', () => {
    expect(isInvitePath('/home/join-league?isPublicLeague=false&code=ABC123')).toBe(true);
    expect(isInvitePath('/home/join-league?isPublicLeague=false')).toBe(false);
    expect(isInvitePath('/home/join-league?code=%20')).toBe(false);
    expect(isInvitePath('/home/view-profile?code=ABC123')).toBe(false);
    rememberInvite('/home/view-profile');
    expect(hasPendingInvite()).toBe(false);
  });

  it('gives the link back once, and forgets it', () => {
    rememberInvite('/home/join-league?isPublicLeague=false&code=ABC123', 1_000);
    expect(hasPendingInvite(2_000)).toBe(true);
    expect(takeInvite(2_000)).toBe('/home/join-league?isPublicLeague=false&code=ABC123');
    expect(takeInvite(2_000)).toBeUndefined();
  });

  it('expires after a day', () => {
    rememberInvite('/home/join-league?code=ABC123', 0);
    expect(takeInvite(24 * 60 * 60 * 1000 + 1)).toBeUndefined();
  });

  it('never hands back another origin, even from a tampered entry', () => {
    for (const path of ['//evil.example/home/join-league?code=A', 'https://evil.example/home/join-league?code=A']) {
      localStorage.setItem('pendingInvite', JSON.stringify({ path, at: 0 }));
      expect(takeInvite(1)).toBeUndefined();
    }
  });

  it('also keeps a result email’s score details link, which is not an invite', () => {
    expect(isScoreDetailsPath('/home/view-leaderboard?league=3&fixture=41')).toBe(true);
    expect(isScoreDetailsPath('/home/view-leaderboard?league=3')).toBe(false);
    expect(isScoreDetailsPath('/home/view-leaderboard?league=x&fixture=41')).toBe(false);
    expect(isScoreDetailsPath('/home/view-profile?league=3&fixture=41')).toBe(false);
    rememberInvite('/home/view-leaderboard?league=3&fixture=41', 1_000);
    expect(hasPendingInvite(2_000)).toBe(false);
    expect(takeInvite(2_000)).toBe('/home/view-leaderboard?league=3&fixture=41');
    expect(takeInvite(2_000)).toBeUndefined();
  });

  it('also keeps a join-request email’s link to League Members with a league', () => {
    expect(isLeagueMembersPath('/home/view-league-members?league=12')).toBe(true);
    expect(isLeagueMembersPath('/home/view-league-members')).toBe(false);
    expect(isLeagueMembersPath('/home/view-league-members?league=0')).toBe(false);
    expect(isLeagueMembersPath('/home/view-my-leagues?league=12')).toBe(false);
    rememberInvite('/home/view-league-members?league=12', 1_000);
    expect(hasPendingInvite(2_000)).toBe(false);
    expect(takeInvite(2_000)).toBe('/home/view-league-members?league=12');
  });
});
