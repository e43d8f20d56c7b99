import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoSeason } from '../../src/demo/season';
import { type Database, openDatabase } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrate';
import { DB_TARGET } from '../db';
import { type SignedIn, startTestApp, type TestApp } from '../helpers';
import {
  type FeatureRow,
  join,
  type LeagueWorld,
  makeLeague,
  mpRows,
  type PlayerOption,
  person,
  playersOf,
} from '../picks/setup';
import {
  type ApiProcess,
  Browser,
  createFaultDatabase,
  FAULT_SEED,
  type FaultDatabase,
  killChildren,
  seeded,
  sleep,
  startApi,
  tempDir,
} from './support';

/**
 * kill -9 of the API while players save their picks in bulk (Player Selection: 11 slots × 3 fixtures,
 * copied into two more leagues; Match Prediction: every feature × 3 fixtures, copied into one more
 * league). Each player has one save in flight at a time, so after the kill, for every player and
 * every league type, the database must hold exactly the last acknowledged save or the one that was
 * in flight — in every league and every fixture at once. Anything else (a half-written save, a copy
 * without its main save, a lost acknowledged save) fails. Repeated at seeded random moments, each
 * time on the restarted API and the same database.
 *
 * PostgreSQL only (the DB_TARGET=postgres leg): the API and the test reach one database from two
 * processes, which the single-process PGlite cannot do; its kill test is in kill-import.test.ts.
 */

const ROUNDS = 4;
const USERS = 6;
const FIXTURES = 3;

interface Track {
  acked: number | null;
  inflight: number | null;
}

type Kind = 'ps' | 'mp';

describe.runIf(DB_TARGET === 'postgres')('kill -9 of the API during bulk pick saves', () => {
  let fault: FaultDatabase;
  let database: Database;
  let t: TestApp;
  let w: LeagueWorld;
  const data = tempDir('fc-kill-saves-');
  const users: { who: SignedIn; browser: Browser; track: Record<Kind, Track> }[] = [];
  const ps: number[] = [];
  const mp: number[] = [];
  let fixtures: number[] = [];
  const pools = new Map<number, Map<number, number[]>>(); // fixture → position → player ids
  let slots: { position: number; count: number }[] = [];
  const mpGrid = new Map<number, FeatureRow[]>(); // fixture → rows of league mp[0]
  const teamsOf = new Map<number, number[]>();
  const playersOfFixture = new Map<number, PlayerOption[]>();

  beforeAll(async () => {
    fault = await createFaultDatabase();
    database = await openDatabase({ databaseUrl: fault.url, poolSize: 4 });
    await migrateToLatest(database.db);
    t = await startTestApp({}, { startWorkers: false }, database);
    const demo = await loadDemoSeason(t.db, { now: new Date() });
    w = { t, seasonId: demo.seasonId, seasonName: demo.seasonName };
    const admin = await person(t, 'Admin');
    for (let i = 0; i < 3; i++) ps.push((await makeLeague(w, admin, { name: `Kill PS ${i}`, type: 2 })).LeagueID);
    for (let i = 0; i < 2; i++) mp.push((await makeLeague(w, admin, { name: `Kill MP ${i}`, type: 1 })).LeagueID);
    const codes = new Map<number, string>();
    for (const id of [...ps, ...mp]) {
      const row = await t.db.selectFrom('leagues').select('code').where('id', '=', id).executeTakeFirstOrThrow();
      codes.set(id, row.code);
    }
    for (let u = 0; u < USERS; u++) {
      const who = await person(t, `Player${u}`);
      for (const id of [...ps, ...mp])
        await join(admin, who, { LeagueID: id, LeagueCode: codes.get(id)! }, `P${u}x${id}`);
      users.push({
        who,
        browser: new Browser(who.client.cookies),
        track: { ps: { acked: null, inflight: null }, mp: { acked: null, inflight: null } },
      });
    }
    fixtures = (
      await t.db
        .selectFrom('fixtures')
        .select('id')
        .where('season_id', '=', w.seasonId)
        .where('start_time', '>', new Date(Date.now() + 2 * 86_400_000))
        .orderBy('start_time')
        .limit(FIXTURES)
        .execute()
    ).map((f) => f.id);
    expect(fixtures).toHaveLength(FIXTURES);
    slots = (
      await t.db
        .selectFrom('league_selection_configs')
        .select(['position_id', 'count'])
        .where('league_id', '=', ps[0]!)
        .where('is_active', '=', true)
        .orderBy('position_id')
        .execute()
    ).map((r) => ({ position: r.position_id, count: r.count }));
    for (const f of fixtures) {
      const players = await playersOf(admin, f);
      playersOfFixture.set(f, players);
      const byPosition = new Map<number, number[]>();
      for (const p of players) byPosition.set(p.PositionID, [...(byPosition.get(p.PositionID) ?? []), p.PlayerID]);
      pools.set(f, byPosition);
      teamsOf.set(
        f,
        [...new Set(players.map((p) => p.TeamID))].sort((a, b) => a - b),
      );
      mpGrid.set(f, await mpRows(users[0]!.who, mp[0]!, f));
    }
    await t.close();
  }, 120_000);

  afterAll(async () => {
    await killChildren();
    await database?.close();
    await fault?.drop();
    data.remove();
  });

  /** A deterministic pick of `n` of `items` for (user, version, key). */
  function pickSome<T>(items: T[], n: number, seed: number): T[] {
    const rng = seeded(seed);
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(rng() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, n);
  }
  const seedOf = (u: number, v: number, f: number, k: number) => ((u * 7919 + v) * 104_729 + f) * 31 + k;

  /** Save `v` of user `u`: the request body and the expected rows per fixture (canonical text). */
  function version(kind: Kind, u: number, v: number) {
    const userId = users[u]!.who.userId;
    const items: Record<string, unknown>[] = [];
    const expected = new Map<number, string>();
    for (const f of fixtures) {
      const rows: string[] = [];
      if (kind === 'ps') {
        for (const { position, count } of slots) {
          const chosen = pickSome(pools.get(f)!.get(position)!, count, seedOf(u, v, f, position));
          chosen.forEach((player, i) => {
            items.push({
              UserID: userId,
              LeagueID: ps[0],
              FixtureID: f,
              PositionTypeID: position,
              PositionOrder: i + 1,
              PlayerID: player,
              IsActive: true,
            });
            rows.push(`${position}:${i + 1}:${player}`);
          });
        }
      } else {
        for (const row of mpGrid.get(f)!) {
          const item: Record<string, unknown> = {
            UserID: userId,
            LeagueID: mp[0],
            FixtureID: f,
            LeagueFeatureID: row.LeagueFeatureID,
            IsActive: true,
          };
          const seed = seedOf(u, v, f, row.FeatureID);
          let team = '';
          let player = '';
          let bonus = '';
          if (row.FeatureTypeName === 'team') {
            item.TeamID = pickSome(teamsOf.get(f)!, 1, seed)[0];
            team = String(item.TeamID);
          } else if (row.FeatureTypeName === 'player') {
            const allowed = row.AllowedPositionIDs ?? [];
            const eligible = playersOfFixture
              .get(f)!
              .filter((p) => allowed.length === 0 || allowed.includes(p.PositionID))
              .map((p) => p.PlayerID);
            item.PlayerID = pickSome(eligible, 1, seed)[0];
            player = String(item.PlayerID);
          } else {
            item.BonusOptionID = pickSome(
              row.BonusOptions.map((o) => o.ID),
              1,
              seed,
            )[0];
            bonus = String(item.BonusOptionID);
          }
          items.push(item);
          rows.push(`${row.FeatureID}:${team}:${player}:${bonus}`);
        }
      }
      expected.set(f, rows.sort().join(','));
    }
    return { body: { CopyToOtherLeagues: true, Selection: items }, expected };
  }

  /** What the database holds for a user: league → fixture → canonical rows. */
  async function stateOf(kind: Kind, userId: number): Promise<Map<number, Map<number, string>>> {
    const leagues = kind === 'ps' ? ps : mp;
    const rows =
      kind === 'ps'
        ? (
            await sql<{ league_id: number; fixture_id: number; key: string }>`
              SELECT league_id, fixture_id, position_id || ':' || position_order || ':' || player_id AS key
              FROM player_selections WHERE user_id = ${userId}`.execute(database.db)
          ).rows
        : (
            await sql<{ league_id: number; fixture_id: number; key: string }>`
              SELECT s.league_id, s.fixture_id, c.feature_id || ':' || coalesce(s.team_id::text, '') || ':' ||
                coalesce(s.player_id::text, '') || ':' || coalesce(s.bonus_option_id::text, '') AS key
              FROM league_selections s JOIN league_configurations c ON c.id = s.league_configuration_id
              WHERE s.user_id = ${userId}`.execute(database.db)
          ).rows;
    const state = new Map<number, Map<number, string>>();
    for (const league of leagues) {
      const byFixture = new Map<number, string>();
      for (const f of fixtures) {
        byFixture.set(
          f,
          rows
            .filter((r) => r.league_id === league && r.fixture_id === f)
            .map((r) => r.key)
            .sort()
            .join(','),
        );
      }
      state.set(league, byFixture);
    }
    return state;
  }

  it(`each save is all or nothing after ${ROUNDS} kills at seeded random moments (seed ${FAULT_SEED})`, async () => {
    const rng = seeded(FAULT_SEED);
    let counter = 0;
    const latencies: number[] = [];
    const figures = { kills: 0, acknowledged: 0, inFlightAtKill: 0, inFlightCommitted: 0, inFlightRolledBack: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const api: ApiProcess = await startApi({ DATABASE_URL: fault.url, DATA_DIR: data.path });
      let running = true;
      const refused: string[] = [];
      let firstAck: () => void = () => {};
      const firstSave = new Promise<void>((resolve) => {
        firstAck = resolve;
      });
      const loops = users.map(async (user, u) => {
        let i = u;
        while (running) {
          const kind: Kind = i++ % 2 === 0 ? 'ps' : 'mp';
          counter += 1;
          const v = counter;
          const { body } = version(kind, u, v);
          user.track[kind].inflight = v;
          const path = kind === 'ps' ? '/api/player_selection/bulk_update' : '/api/league_selection/bulk_update';
          try {
            const res = await user.browser.request('PUT', api.url(path), body, 20_000);
            if (res.status === 200) {
              latencies.push(res.ms);
              firstAck();
              user.track[kind] = { acked: v, inflight: null };
              figures.acknowledged += 1;
            } else {
              refused.push(`${kind} ${res.status} ${JSON.stringify(res.body)}`);
              user.track[kind].inflight = null;
            }
          } catch (err) {
            // The API is gone. Refused: the save never reached it. Otherwise it was in flight.
            if ((err as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED') user.track[kind].inflight = null;
            return;
          }
        }
      });
      // The restarted API serves saves (every round gets at least one through), then dies at a seeded
      // random moment of the load.
      await Promise.race([firstSave, sleep(30_000)]);
      const delay = Math.floor(rng() * 2_000);
      await sleep(delay);
      await api.kill9();
      figures.kills += 1;
      running = false;
      await Promise.all(loops);
      expect(refused).toEqual([]);

      // Check every player's picks in the database the killed API left behind.
      for (const [u, user] of users.entries()) {
        for (const kind of ['ps', 'mp'] as Kind[]) {
          const { acked, inflight } = user.track[kind];
          const state = await stateOf(kind, user.who.userId);
          const candidates: (number | null)[] = [acked, ...(inflight === null ? [] : [inflight])];
          const matches = (v: number | null) => {
            const expected = v === null ? null : version(kind, u, v).expected;
            return [...state.values()].every((byFixture) =>
              fixtures.every((f) => byFixture.get(f) === (expected ? expected.get(f) : '')),
            );
          };
          const found = candidates.find((v) => matches(v));
          expect(
            found,
            `round ${round} (kill ${delay} ms after the first save): ${kind} picks of player ${u} are neither save ${acked} nor ${inflight}: ${JSON.stringify([...state].map(([l, m]) => [l, [...m]]))}`,
          ).not.toBeUndefined();
          if (inflight !== null) {
            figures.inFlightAtKill += 1;
            if (found === inflight && inflight !== acked) figures.inFlightCommitted += 1;
            else figures.inFlightRolledBack += 1;
          }
          user.track[kind] = { acked: found ?? null, inflight: null };
        }
      }
    }
    latencies.sort((a, b) => a - b);
    const median = latencies[Math.floor(latencies.length / 2)];
    console.log(
      `[faults] kill -9 during saves (seed ${FAULT_SEED}): ${JSON.stringify({ ...figures, medianSaveMs: median })}`,
    );
    expect(figures.kills).toBe(ROUNDS);
    expect(figures.acknowledged).toBeGreaterThanOrEqual(ROUNDS);
    expect(figures.inFlightAtKill).toBeGreaterThan(0);
  }, 120_000);
});
