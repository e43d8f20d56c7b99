import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureStatus } from '../../src/db/schema';
import { dataHealth, MIN_SQUAD, UPCOMING_DAYS } from '../../src/operator/health';
import { DB_TARGET } from '../db';
import type { SignedIn } from '../helpers';
import { type LeagueWorld, person, startLeagueWorld } from '../leagues/setup';
import { makeOperator } from './setup';

/**
 * Data health against the demo season (healthy: nothing reported) and a season built to have each
 * kind of problem next to data just on the healthy side of each rule.
 */

let w: LeagueWorld;
let op: SignedIn;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

beforeAll(async () => {
  w = await startLeagueWorld();
  op = await person(w.t, 'Hal', 'Health');
  await makeOperator(w.t.db, op);
});
afterAll(async () => {
  await w.t.close();
});

const health = async (query = '') => {
  const res = await op.client.get(`/api/operator/health${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe(`data health on ${DB_TARGET}`, () => {
  it('reports nothing for the healthy demo season (played fixtures have results, full squads, fixed positions)', async () => {
    const h = await health();
    expect(h).toMatchObject({ Hours: 6, StartedWithoutResult: [], PlayersWithoutPosition: [], SquadsMissing: [] });
    expect(Math.abs(Date.parse(h.CheckedAt) - Date.now())).toBeLessThan(60_000);
  });

  describe('with a season that has each kind of problem', () => {
    const ids: Record<string, number> = {};
    const now = Date.now();

    beforeAll(async () => {
      const db = w.t.db;
      const { id: seasonId } = await db
        .insertInto('seasons')
        .values({ name: 'Health Cup 2030', competition: 'Health Cup', year: 2030, source: 'console' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const team = async (name: string, code: string) =>
        (await db.insertInto('teams').values({ name, code }).returning('id').executeTakeFirstOrThrow()).id;
      for (const [k, code] of [
        ['Full', 'HFU'],
        ['Short', 'HSH'],
        ['Far', 'HFA'],
        ['Farther', 'HFB'],
        ['Gone', 'HGO'],
      ] as const)
        ids[k] = await team(`Health ${k}`, code);
      const fixture = async (name: string, startsIn: number, home: number, away: number, status: FixtureStatus) =>
        (
          await db
            .insertInto('fixtures')
            .values({
              season_id: seasonId,
              name,
              start_time: new Date(now + startsIn),
              local_team_id: home,
              visitor_team_id: away,
              status,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      ids.late = await fixture('Late', -7 * HOUR, ids.Full!, ids.Short!, 'scheduled');
      ids.stuckLive = await fixture('Stuck live', -8 * HOUR, ids.Short!, ids.Full!, 'live');
      ids.recent = await fixture('Recent', -3 * HOUR, ids.Full!, ids.Short!, 'scheduled');
      ids.done = await fixture('Done', -10 * HOUR, ids.Gone!, ids.Full!, 'completed');
      ids.washed = await fixture('Washed', -30 * HOUR, ids.Gone!, ids.Short!, 'abandoned');
      ids.soon = await fixture('Soon', 2 * DAY, ids.Full!, ids.Short!, 'scheduled');
      ids.later = await fixture('Later', (UPCOMING_DAYS + 6) * DAY, ids.Far!, ids.Farther!, 'scheduled');

      let n = 0;
      const player = async (teamId: number, source: 'inferred' | 'override' | 'data', name = `Health P${++n}`) => {
        const { id } = await db
          .insertInto('players')
          .values({ cricsheet_id: `health-${n}-${name}`, full_name: name, position_id: 1, position_source: source })
          .returning('id')
          .executeTakeFirstOrThrow();
        await db.insertInto('squads').values({ season_id: seasonId, team_id: teamId, player_id: id }).execute();
        return id;
      };
      for (let i = 0; i < MIN_SQUAD; i++) await player(ids.Full!, 'data');
      // The short squad: 4 players, one of each kind.
      ids.unknown = await player(ids.Short!, 'inferred', 'Nobody Knows');
      ids.played = await player(ids.Short!, 'inferred', 'Has Played');
      await sql`INSERT INTO player_fixture_stats (fixture_id, player_id, team_id, did_play)
                VALUES (${ids.washed}, ${ids.played}, ${ids.Short}, true)`.execute(db);
      ids.subKeeper = await player(ids.Short!, 'inferred', 'Sub Keeper');
      await sql`INSERT INTO player_fixture_stats (fixture_id, player_id, team_id, did_play, stumpings)
                VALUES (${ids.washed}, ${ids.subKeeper}, ${ids.Short}, false, 1)`.execute(db);
      ids.overridden = await player(ids.Short!, 'override', 'Overridden');
      // A team whose next fixture is beyond the window: its unknown player counts, its squad is not asked for yet.
      ids.farUnknown = await player(ids.Far!, 'inferred', 'Far Unknown');
      // A team with no fixture to come: its players cannot be picked, so they do not count.
      ids.goneUnknown = await player(ids.Gone!, 'inferred', 'Gone Unknown');
    });

    it('finds fixtures started more than 6 hours ago still scheduled or live, not a recent one or one with a result', async () => {
      const h = await health();
      expect(h.StartedWithoutResult).toEqual([
        {
          FixtureID: ids.stuckLive,
          Season: 'Health Cup 2030',
          Name: 'Stuck live',
          StartTime: new Date(now - 8 * HOUR).toISOString(),
          Home: 'Health Short',
          Away: 'Health Full',
          Status: 'live',
        },
        expect.objectContaining({ FixtureID: ids.late, Name: 'Late', Status: 'scheduled', Home: 'Health Full' }),
      ]);
      const sooner = await health('?hours=2');
      expect(sooner.Hours).toBe(2);
      expect(sooner.StartedWithoutResult.map((f: { FixtureID: number }) => f.FixtureID)).toEqual([
        ids.stuckLive,
        ids.late,
        ids.recent,
      ]);
    });

    it('finds pickable players whose position is only the default guess (inferred from no match)', async () => {
      const h = await health();
      expect(h.PlayersWithoutPosition).toEqual([
        { PlayerID: ids.farUnknown, Name: 'Far Unknown', Season: 'Health Cup 2030', Team: 'Health Far' },
        { PlayerID: ids.unknown, Name: 'Nobody Knows', Season: 'Health Cup 2030', Team: 'Health Short' },
      ]);
    });

    it('finds each team of an upcoming fixture whose squad has fewer than 11 players', async () => {
      const h = await health();
      expect(h.SquadsMissing).toEqual([
        {
          FixtureID: ids.soon,
          Season: 'Health Cup 2030',
          Name: 'Soon',
          StartTime: new Date(now + 2 * DAY).toISOString(),
          Team: 'Health Short',
          Players: 4,
        },
      ]);
    });

    it('clears each problem once it is fixed', async () => {
      const db = w.t.db;
      await db
        .updateTable('fixtures')
        .set({ status: 'completed' })
        .where('id', 'in', [ids.late!, ids.stuckLive!])
        .execute();
      await db
        .updateTable('fixtures')
        .set({ local_team_id: ids.Full!, visitor_team_id: ids.Gone! })
        .where('id', '=', ids.soon!)
        .execute();
      // Gone now plays a fixture to come and Short none: Gone's player without a position counts, Short's not.
      expect((await health()).PlayersWithoutPosition.map((p: { PlayerID: number }) => p.PlayerID)).toEqual([
        ids.farUnknown,
        ids.goneUnknown,
      ]);
      await db
        .updateTable('players')
        .set({ position_source: 'data' })
        .where('id', 'in', [ids.unknown!, ids.farUnknown!, ids.goneUnknown!])
        .execute();
      for (let i = 0; i < MIN_SQUAD; i++) {
        const { id } = await db
          .insertInto('players')
          .values({ cricsheet_id: `health-gone-${i}`, full_name: `Gone ${i}`, position_id: 2, position_source: 'data' })
          .returning('id')
          .executeTakeFirstOrThrow();
        await db
          .insertInto('squads')
          .values({ season_id: await seasonOf(ids.soon!), team_id: ids.Gone!, player_id: id })
          .execute();
      }
      const h = await health();
      expect(h).toMatchObject({ StartedWithoutResult: [], PlayersWithoutPosition: [], SquadsMissing: [] });
      // The plain function answers the same, and at another `now` sees what is due then.
      const atLater = await dataHealth(db, { now: new Date(now + (UPCOMING_DAYS + 1) * DAY) });
      expect(atLater.SquadsMissing.map((s) => s.Team).sort()).toEqual(['Health Far', 'Health Farther']);
    });

    const seasonOf = async (fixtureId: number) =>
      (await w.t.db.selectFrom('fixtures').select('season_id').where('id', '=', fixtureId).executeTakeFirstOrThrow())
        .season_id;
  });

  it('refuses hours outside 1..720 with a 400, and anyone who is not an operator with a 403', async () => {
    expect((await op.client.get('/api/operator/health?hours=0')).statusCode).toBe(400);
    expect((await op.client.get('/api/operator/health?hours=721')).statusCode).toBe(400);
    const other = await person(w.t, 'Nia', 'Notop');
    expect((await other.client.get('/api/operator/health')).statusCode).toBe(403);
  });
});
