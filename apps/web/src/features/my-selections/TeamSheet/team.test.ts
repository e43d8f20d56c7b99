import { TEAM_RULE_DEFAULTS, teamSummary } from '@fantasy-cricket/rules';
import { describe, expect, it } from 'vitest';
import { makeFixturePlayerSelection } from '../../../shared/picks/testData';
import { choiceFit, moveBackup, NO_EXTRAS, normalizeExtras, pickedByShare, sameExtras, withRole } from './team';

describe('the team beside the slots', () => {
  it('one tap makes a captain or takes the role off; the vice-captain made captain swaps the two', () => {
    const c = withRole(NO_EXTRAS, 'C', 1);
    expect(c).toMatchObject({ captainId: 1, viceCaptainId: null });
    const both = withRole(c, 'VC', 2);
    expect(both).toMatchObject({ captainId: 1, viceCaptainId: 2 });
    expect(withRole(both, 'C', 2)).toMatchObject({ captainId: 2, viceCaptainId: 1 });
    expect(withRole(both, 'VC', 1)).toMatchObject({ captainId: 2, viceCaptainId: 1 });
    expect(withRole(both, 'C', 1)).toMatchObject({ captainId: null, viceCaptainId: 2 });
    // Without a captain, the vice-captain made captain leaves no vice-captain.
    expect(withRole({ ...NO_EXTRAS, viceCaptainId: 2 }, 'C', 2)).toMatchObject({ captainId: 2, viceCaptainId: null });
  });

  it('moves a backup within the list, and not past its ends', () => {
    const extras = { ...NO_EXTRAS, backups: [1, 2, 3] };
    expect(moveBackup(extras, 2, -1).backups).toEqual([1, 3, 2]);
    expect(moveBackup(extras, 0, 1).backups).toEqual([2, 1, 3]);
    expect(moveBackup(extras, 0, -1)).toBe(extras);
    expect(moveBackup(extras, 2, 1)).toBe(extras);
  });

  it('drops a role of a player no longer picked, and a backup now picked, as the server does', () => {
    const extras = { captainId: 1, viceCaptainId: 9, backups: [2, 3, 3, 4, 5, 6] };
    const n = normalizeExtras(extras, [1, 2], TEAM_RULE_DEFAULTS);
    expect(n).toEqual({ captainId: 1, viceCaptainId: null, backups: [3, 4, 5, 6] });
    expect(normalizeExtras(extras, [1, 2], { ...TEAM_RULE_DEFAULTS, CaptainMultiplier: null, Backups: 1 })).toEqual({
      captainId: null,
      viceCaptainId: null,
      backups: [3],
    });
    expect(sameExtras(n, { ...n, backups: [3, 4, 6, 5] })).toBe(false);
  });

  it('says how a choice fits the budget and its side', () => {
    const rules = { ...TEAM_RULE_DEFAULTS, BudgetCredits: 30, MaxPerSide: 1 };
    const summary = teamSummary(rules, [
      { playerId: 1, name: 'A', teamId: 1, price: 9.5 },
      { playerId: 2, name: 'B', teamId: 2, price: 11 },
    ]);
    expect(choiceFit(rules, summary, { teamId: 1, price: 10 }, null)).toEqual({ overBudgetBy: 0.5, sideFull: true });
    // Replacing B (side 2, 11 credits) by another of side 2 at 10 credits fits.
    expect(choiceFit(rules, summary, { teamId: 2, price: 10 }, { teamId: 2, price: 11 })).toEqual({
      overBudgetBy: null,
      sideFull: false,
    });
  });

  it('counts the share of the league’s teams that picked each player', () => {
    const picks = [
      makeFixturePlayerSelection({ UserID: 1, PlayerID: 10 }),
      makeFixturePlayerSelection({ UserID: 1, PlayerID: 11 }),
      makeFixturePlayerSelection({ UserID: 2, PlayerID: 10 }),
      makeFixturePlayerSelection({ UserID: 3, PlayerID: 12 }),
    ];
    expect(pickedByShare(picks)).toEqual(
      new Map([
        [10, 67],
        [11, 33],
        [12, 33],
      ]),
    );
    expect(pickedByShare([])).toEqual(new Map());
  });
});
