import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { TEAM_RULES_OFF, type TeamRules } from '@fantasy-cricket/rules';
import { expect } from 'vitest';
import { loadDemoSeason } from '../../src/demo/season';
import type { DB } from '../../src/db/schema';
import type { Kysely } from 'kysely';
import { type SignedIn, type TestApp, signUp, startTestApp, uniqueEmail } from '../helpers';

export interface LeagueWorld {
  t: TestApp;
  seasonId: number;
  seasonName: string;
}

/** One app and database per test file, with the demo season laid out around now. */
export async function startLeagueWorld(): Promise<LeagueWorld> {
  const t = await startTestApp();
  const demo = await loadDemoSeason(t.db, { now: new Date() });
  return { t, seasonId: demo.seasonId, seasonName: demo.seasonName };
}

export async function person(t: TestApp, first: string, last = 'Tester'): Promise<SignedIn> {
  return signUp(t, uniqueEmail(first.toLowerCase()), { first, last });
}

export interface CreateOptions {
  name?: string;
  description?: string;
  type?: 1 | 2;
  isPrivate?: boolean;
  displayName?: string;
  stageId?: number;
  /**
   * A Player Selection league's team rules (issue 27). By default the tests' leagues play the spec's
   * game with every rule off (a new league starts with TEAM_RULE_DEFAULTS); 'new' keeps what a new
   * league starts with, or give the rules.
   */
  teamRules?: 'new' | TeamRules;
}

export async function createLeague(w: LeagueWorld, who: SignedIn, o: CreateOptions = {}) {
  const res = await who.client.post('/api/league/', {
    Name: o.name ?? 'Office League',
    Description: o.description ?? 'Friendly league',
    LeagueTypeID: o.type ?? 1,
    IsPrivate: o.isPrivate ?? true,
    ShowOthersPicks: false,
    SeasonID: w.seasonId,
    ...(o.stageId === undefined ? {} : { StageID: o.stageId }),
    AdminUserID: who.userId,
    AdminDisplayName: o.displayName ?? 'Captain',
  });
  expect(res.statusCode, res.body).toBe(201);
  const created = res.json() as { LeagueID: number; LeagueCode: string; message: string };
  if ((o.type ?? 1) === 2 && o.teamRules !== 'new' && (o.isPrivate ?? true)) {
    const rules = await who.client.put(`/api/league/${created.LeagueID}/team_rules`, o.teamRules ?? TEAM_RULES_OFF);
    expect(rules.statusCode, rules.body).toBe(200);
  }
  return created;
}

/** Every row of the league tables: compared before and after a refused request. */
export async function leagueTables(db: Kysely<DB>) {
  const all = async (table: string) =>
    (await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)} ORDER BY id`.execute(db)).rows;
  return {
    leagues: await all('leagues'),
    members: await all('league_members'),
    configurations: await all('league_configurations'),
    selection: await all('league_selection_configs'),
  };
}

/** Asserts a refused request: the status, a message for the screen, and an unchanged database. */
export async function expectRefused(
  db: Kysely<DB>,
  request: () => Promise<LightMyRequestResponse>,
  status: number,
  message?: string | RegExp,
) {
  const before = await leagueTables(db);
  const res = await request();
  expect(res.statusCode, res.body).toBe(status);
  const text = res.json().error?.message as string;
  expect(typeof text).toBe('string');
  expect(text.length).toBeGreaterThan(0);
  if (typeof message === 'string') expect(text).toBe(message);
  else if (message) expect(text).toMatch(message);
  expect(await leagueTables(db)).toEqual(before);
  return res;
}
