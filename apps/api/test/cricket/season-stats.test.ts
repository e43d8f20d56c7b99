import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PS } from '../../src/cricket/catalogue';
import { parseCricsheetMatch } from '../../src/cricket/import/parse';
import type { PositionOverride } from '../../src/cricket/import/positions';
import { importMatch } from '../../src/cricket/import/write';
import { playerStats } from '../../src/cricket/stats';
import type { Database } from '../../src/db/database';
import { DB_TARGET, freshDatabase } from '../db';
import { AWAY, ball, buildMatch, HOME, type MatchSpec } from './builder';
import { playerPointsBySql } from './helpers';

const NO_OVERRIDES = new Map<string, PositionOverride>();

/** Match 1 is played to a result; match 2 is abandoned after one over, in which H1 hit a six and A11 took a wicket. */
const PLAYED: MatchSpec = {
  event: { name: 'Rain League', match_number: 1 },
  date: '2024-04-01',
  innings: [
    {
      team: HOME,
      overs: [
        [
          ball('H1', 'A11', 'H2', 6),
          ball('H1', 'A11', 'H2', 4),
          ball('H1', 'A11', 'H2', 0, { out: { kind: 'bowled' } }),
        ],
      ],
    },
    { team: AWAY, overs: [[ball('A1', 'H11', 'A2', 1), ball('A2', 'H11', 'A1', 0, { out: { kind: 'lbw' } })]] },
  ],
  outcome: { winner: HOME, by: { runs: 9 } },
};
const RAINED_OFF: MatchSpec = {
  event: { name: 'Rain League', match_number: 2 },
  date: '2024-04-02',
  innings: [
    {
      team: HOME,
      overs: [
        [
          ball('H1', 'A11', 'H2', 6),
          ball('H1', 'A11', 'H2', 2),
          ball('H1', 'A11', 'H2', 0),
          ball('H1', 'A11', 'H2', 1),
          ball('H2', 'A11', 'H1', 0, { out: { kind: 'caught', fielders: ['A3'] } }),
          ball('H3', 'A11', 'H1', 0),
        ],
      ],
    },
  ],
  outcome: { result: 'no result' },
};

describe(`season statistics and no-result fixtures on ${DB_TARGET}`, () => {
  let database: Database;
  let played: number;
  let rainedOff: number;
  beforeAll(async () => {
    database = await freshDatabase();
    const imp = async (s: MatchSpec, id: string) =>
      (await importMatch(database.db, parseCricsheetMatch(buildMatch(s), `${id}.json`), { overrides: NO_OVERRIDES }))
        .fixtureId;
    played = await imp(PLAYED, 'rain1');
    rainedOff = await imp(RAINED_OFF, 'rain2');
  });
  afterAll(async () => {
    await database.close();
  });

  const table = async (header: string) =>
    (await playerStats(database.db)).find((w) => w.Header === header)?.StatEntry ?? [];

  it('counts the runs, wickets and sixes of a match abandoned after play, as the official records do', async () => {
    const status = await database.db
      .selectFrom('fixtures')
      .select('status')
      .where('id', '=', rainedOff)
      .executeTakeFirstOrThrow();
    expect(status.status).toBe('no_result');
    const h1 = (await table('Most Runs')).find((r) => r.Player === 'H1');
    expect(h1).toMatchObject({ Matches: 2, Runs: 10 + 9 }); // 10 in the played match, 9 before the rain
    expect((await table('Most Sixes')).find((r) => r.Player === 'H1')).toMatchObject({ Sixes: 2, Fours: 1 });
    expect((await table('Most Wickets')).find((r) => r.Player === 'A11')).toMatchObject({
      Matches: 2,
      Wickets: 2,
      Overs: '1.3',
    });
    expect((await table('Highest Individual Score'))[0]).toMatchObject({
      Player: 'H1',
      Score: '10',
      Fixture: 'Match 1',
    });
    expect((await table('Highest Individual Score')).find((r) => r.Fixture === 'Match 2')).toMatchObject({
      Player: 'H1',
      Score: '9*',
    });
  });

  it('leaves a no result out of fantasy points: its stats score nothing', async () => {
    expect(
      (
        await playerPointsBySql(
          database.db,
          rainedOff,
          new Map([
            [PS.Run, 1],
            [PS.SixBonus, 2],
          ]),
        )
      ).size,
    ).toBe(0);
    const h1 = await database.db
      .selectFrom('players')
      .select('id')
      .where('cricsheet_id', '=', 'id-H1')
      .executeTakeFirstOrThrow();
    const fromPlayed = (await playerPointsBySql(database.db, played, new Map([[PS.Run, 1]]))).get(h1.id);
    expect(fromPlayed).toBe(10);
    // Best Fantasy Points (default Player Selection points) counts the played match only.
    const points = await database.db
      .selectFrom('player_fixture_points')
      .select(['fixture_id', 'points'])
      .where('player_id', '=', h1.id)
      .execute();
    expect([...new Set(points.map((p) => p.fixture_id))]).toEqual([played]);
    expect((await table('Best Fantasy Points')).find((r) => r.Player === 'H1')).toMatchObject({
      Matches: 1,
      Points: points.reduce((a, p) => a + Number(p.points), 0),
    });
  });

  it('does not count a no result without a ball bowled as a match played', async () => {
    await importMatch(
      database.db,
      parseCricsheetMatch(
        buildMatch({ ...RAINED_OFF, event: { name: 'Rain League', match_number: 3 }, date: '2024-04-03', innings: [] }),
        'rain3.json',
      ),
      { overrides: NO_OVERRIDES },
    );
    expect((await table('Most Runs')).find((r) => r.Player === 'H1')).toMatchObject({ Matches: 2 });
  });
});
