import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Kysely, type Selectable, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PositionId } from '../../src/cricket/catalogue';
import type { CricsheetMatch } from '../../src/cricket/import/cricsheet-format';
import { parseCricsheetMatch } from '../../src/cricket/import/parse';
import type { DB, LivePlayerLinesTable } from '../../src/db/schema';
import { ballsOf, type LiveBall } from '../../src/live/feed';
import { applyBall, flushLive, positionKey, startLive } from '../../src/live/ingest';
import {
  DEFAULT_SIGNED_PS_POINTS,
  provisionalPoints,
  provisionalWinners,
  UNKNOWN_POSITION,
} from '../../src/live/lines';
import { HAVE_IPL_2024, IPL_2024_DIR } from '../cricket/builder';
import { DB_TARGET } from '../db';
import { joinAs, mpPick, psPicks } from '../standings/setup';
import { person } from '../leagues/setup';
import {
  expectSame,
  type LeagueWorld,
  type Leagues,
  liveInfo,
  membersFromScratch,
  nextFixture,
  provisional,
  startLeagueWorld,
  twoLeagues,
} from './setup';

/**
 * The key property of an incremental scorer: after **every** ball of a real match, what the ball by
 * ball path stored (lines, points, leaders, members, the innings) is what a computation from scratch
 * over the balls so far gives — also across the paths a ball can take: the one-statement ball from
 * the process's memory, a ball written by another handle (the memory is then stale and must be read
 * again), a correction, a duplicate, and the members rebuilt mid-match by flushLive.
 */

const MATCH = '1426273'; // stumpings, run outs, byes, leg byes and wides, and substitute fielders

type LineRow = Selectable<LivePlayerLinesTable>;

/** The match made of the given balls (in position order) and the live info (no outcome). */
function matchSoFar(match: CricsheetMatch, balls: Iterable<LiveBall>): CricsheetMatch {
  const list = [...balls];
  const innings = match.innings.map((inn, i) => ({
    ...inn,
    overs: inn.overs
      .map((o) => ({
        over: o.over,
        deliveries: list
          .filter((b) => b.innings === i && b.over === o.over)
          .sort((a, b) => a.seq - b.seq)
          .map((b) => b.delivery),
      }))
      .filter((o) => o.deliveries.length > 0),
  }));
  return { ...match, info: liveInfo(match) as CricsheetMatch['info'], innings };
}

const COUNTER_COLUMNS = [
  'runs',
  'balls',
  'fours',
  'sixes',
  'dismissals',
  'balls_bowled',
  'maidens',
  'runs_conceded',
  'wickets',
  'bowled_lbw_wickets',
  'catches',
  'stumpings',
  'run_outs_direct',
  'run_outs_indirect',
] as const;

/** Lines by the importer's parser over the whole match so far, in the stored lines' shape. */
function scratchLines(
  fixtureId: number,
  m: CricsheetMatch,
  players: Map<string, { id: number; position: PositionId }>,
): LineRow[] {
  const parsed = parseCricsheetMatch(m, 'scratch', { matchId: 'scratch' });
  return parsed.lines.map((l) => {
    const p = players.get(l.cricsheetId);
    const position = p?.position ?? UNKNOWN_POSITION;
    const counters = {
      runs: l.runs,
      balls: l.balls,
      fours: l.fours,
      sixes: l.sixes,
      dismissals: l.dismissed ? 1 : 0,
      ballsBowled: l.ballsBowled,
      maidens: l.maidens,
      runsConceded: l.runsConceded,
      wickets: l.wickets,
      bowledLbwWickets: l.bowledLbwWickets,
      catches: l.catches,
      stumpings: l.stumpings,
      runOutsDirect: l.runOutsDirect,
      runOutsIndirect: l.runOutsIndirect,
    };
    return {
      fixture_id: fixtureId,
      cricsheet_id: l.cricsheetId,
      player_id: p?.id ?? null,
      name: l.name,
      team: l.team,
      did_play: l.didPlay,
      position_id: position,
      runs: l.runs,
      balls: l.balls,
      fours: l.fours,
      sixes: l.sixes,
      dismissals: counters.dismissals,
      dismissal_kind: l.dismissed ? l.dismissalKind : null,
      balls_bowled: l.ballsBowled,
      maidens: l.maidens,
      runs_conceded: l.runsConceded,
      wickets: l.wickets,
      bowled_lbw_wickets: l.bowledLbwWickets,
      catches: l.catches,
      stumpings: l.stumpings,
      run_outs_direct: l.runOutsDirect,
      run_outs_indirect: l.runOutsIndirect,
      points: provisionalPoints(counters, l.didPlay, position, DEFAULT_SIGNED_PS_POINTS),
    };
  });
}

/** A line worth comparing: a number in it, or a substitute (who always has one). */
const counted = (l: LineRow) => !l.did_play || COUNTER_COLUMNS.some((c) => l[c] !== 0);
const lineView = (l: LineRow) => ({
  player_id: l.player_id,
  name: l.name,
  team: l.team,
  did_play: l.did_play,
  position_id: l.position_id,
  dismissal_kind: l.dismissal_kind,
  points: l.points,
  ...Object.fromEntries(COUNTER_COLUMNS.map((c) => [c, l[c]])),
});

async function expectFromScratch(
  db: Kysely<DB>,
  fixtureId: number,
  match: CricsheetMatch,
  applied: Map<string, LiveBall>,
  players: Map<string, { id: number; position: PositionId }>,
  last: LiveBall,
  eventIds: number[],
  label: string,
) {
  const m = matchSoFar(match, applied.values());
  const scratch = scratchLines(fixtureId, m, players);
  const stored = await db.selectFrom('live_player_lines').selectAll().where('fixture_id', '=', fixtureId).execute();
  // Lines: every counter, the dismissal, the default points, per player.
  expect(
    Object.fromEntries(stored.filter(counted).map((l) => [l.cricsheet_id, lineView(l)])),
    `${label}: lines`,
  ).toEqual(Object.fromEntries(scratch.filter(counted).map((l) => [l.cricsheet_id, lineView(l)])));

  // Leaders "if the match ended now".
  const live = await db
    .selectFrom('live_fixtures')
    .select(['leaders', 'state'])
    .where('fixture_id', '=', fixtureId)
    .executeTakeFirstOrThrow();
  const leaders = typeof live.leaders === 'string' ? JSON.parse(live.leaders) : live.leaders;
  const scratchLeaders = provisionalWinners(
    scratch
      .filter((l) => l.player_id !== null)
      .map((l) => ({
        playerId: l.player_id!,
        positionId: l.position_id as PositionId,
        didPlay: l.did_play,
        runs: l.runs,
        wickets: l.wickets,
        sixes: l.sixes,
      })),
  );
  expect(leaders, `${label}: leaders`).toEqual(JSON.parse(JSON.stringify(scratchLeaders)));

  // Members of both leagues: the picks against the lines from scratch.
  expectSame((await provisional(db, fixtureId)).members, await membersFromScratch(db, fixtureId, scratch));

  // The ball's events: the innings as the parser totals it, the moved players' points.
  const { rows: events } = await sql<{ type: string; data: unknown }>`
    SELECT type, data FROM live_events WHERE id IN (${sql.join(eventIds)}) ORDER BY id`.execute(db);
  const data = (type: string) => {
    const e = events.find((x) => x.type === type);
    return e && ((typeof e.data === 'string' ? JSON.parse(e.data) : e.data) as Record<string, unknown>);
  };
  expect(events[0]?.type, `${label}: the ball comes first`).toBe('ball');
  const innings = parseCricsheetMatch(m, 'scratch', { matchId: 'scratch' }).innings[last.innings]!;
  expect(data('score')?.Innings, `${label}: innings`).toMatchObject({
    Innings: last.innings + 1,
    Runs: innings.runs,
    Wickets: innings.wickets,
    LegalBalls: innings.legalBalls,
    Extras: innings.extras,
  });
  // The figures the ball carries for the Match Centre: the batters' and the bowler's lines so far.
  const figures = data('ball')?.Figures as
    | { Batters: Record<string, unknown>[]; Bowler: Record<string, unknown> }
    | undefined;
  const people = match.info.registry.people;
  const byName = (name: string) => scratch.find((x) => x.cricsheet_id === people[name]);
  const d = last.delivery;
  expect(figures?.Batters, `${label}: batters' figures`).toEqual(
    [d.batter, d.non_striker].map((name) => {
      const x = byName(name);
      return {
        PlayerID: players.get(people[name]!)?.id ?? null,
        Name: name,
        Runs: x?.runs ?? 0,
        Balls: x?.balls ?? 0,
        Fours: x?.fours ?? 0,
        Sixes: x?.sixes ?? 0,
        Out: (x?.dismissals ?? 0) > 0,
        DismissalKind: x?.dismissal_kind ?? null,
      };
    }),
  );
  const bowler = byName(d.bowler);
  expect(figures?.Bowler, `${label}: bowler's figures`).toEqual({
    PlayerID: players.get(people[d.bowler]!)?.id ?? null,
    Name: d.bowler,
    Overs: `${Math.floor((bowler?.balls_bowled ?? 0) / 6)}.${(bowler?.balls_bowled ?? 0) % 6}`,
    Maidens: bowler?.maidens ?? 0,
    Runs: bowler?.runs_conceded ?? 0,
    Wickets: bowler?.wickets ?? 0,
  });
  const byId = new Map(scratch.map((l) => [l.cricsheet_id, l.points]));
  for (const p of (data('points')?.Players ?? []) as { CricsheetID: string; Points: number }[]) {
    expect(p.Points, `${label}: points of ${p.CricsheetID}`).toBe(byId.get(p.CricsheetID) ?? 0);
  }
}

describe.skipIf(!HAVE_IPL_2024)(`live scoring ball by ball equals a computation from scratch on ${DB_TARGET}`, () => {
  let w: LeagueWorld;
  let l: Leagues;
  beforeAll(async () => {
    w = await startLeagueWorld();
    l = await twoLeagues(w);
  }, 180_000);
  afterAll(async () => {
    await w?.t.close();
  });

  it(`after every ball of IPL 2024 match ${MATCH}, with corrections, a duplicate, another writer and a mid-match rebuild`, async () => {
    const db = w.t.db;
    const match = JSON.parse(readFileSync(join(IPL_2024_DIR, `${MATCH}.json`), 'utf8')) as CricsheetMatch;
    const { fixtureId } = await nextFixture(w, 0, 'ipl');
    // The match's 22 players in the database, in all four positions; substitute fielders stay unknown.
    const people = match.info.registry.people;
    const players = new Map<string, { id: number; position: PositionId }>();
    const names = match.info.teams.flatMap((t) => match.info.players[t] ?? []);
    for (const [i, name] of names.entries()) {
      const position = ((i % 4) + 1) as PositionId;
      const r = await db
        .insertInto('players')
        .values({
          cricsheet_id: people[name]!,
          full_name: name,
          position_id: position,
          position_source: 'data',
          created_at: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      players.set(people[name]!, { id: r.id, position });
    }
    const ids = [...players.values()].map((p) => p.id);
    await psPicks(db, l.ps.LeagueID, l.alice.userId, fixtureId, ids.slice(0, 11));
    await psPicks(db, l.ps.LeagueID, l.bob.userId, fixtureId, ids.slice(11, 22));
    for (const [who, i] of [
      [l.alice, 0],
      [l.bob, 12],
    ] as const) {
      await mpPick(db, l.mp.LeagueID, who.userId, fixtureId, 2, { player: ids[i]! });
      await mpPick(db, l.mp.LeagueID, who.userId, fixtureId, 3, { player: ids[i + 8]! });
      await mpPick(db, l.mp.LeagueID, who.userId, fixtureId, 6, { bonus: 601 + (i ? 1 : 0) });
    }
    await startLive(db, { fixtureId, matchId: `ipl-${MATCH}`, source: 'test', info: liveInfo(match) });

    const balls = ballsOf(match);
    const applied = new Map<string, LiveBall>();
    const apply = async (b: LiveBall, via: Kysely<DB> = db) => {
      const r = await applyBall(via, fixtureId, b, new Date());
      expect(r.changed).toBe(true);
      applied.set(positionKey(b), b);
      return r;
    };
    let corrections = 0;
    for (const [i, b] of balls.entries()) {
      if (i % 41 === 20) {
        // A wrong ball first (its wicket missing, or a six for a four, a four for a six), then the
        // right one: a correction.
        const hit = b.delivery.runs.batter === 6 ? 4 : 6;
        const wrong: LiveBall = b.delivery.wickets
          ? { ...b, delivery: { ...b.delivery, wickets: undefined } as LiveBall['delivery'] }
          : {
              ...b,
              delivery: {
                ...b.delivery,
                runs: { ...b.delivery.runs, batter: hit, total: b.delivery.runs.total - b.delivery.runs.batter + hit },
              },
            };
        const r = await apply(wrong);
        await expectFromScratch(db, fixtureId, match, applied, players, wrong, r.eventIds, `ball ${i} (wrong)`);
        corrections += 1;
      }
      if (i === 120) {
        // A member joins with picks mid-match (as lock-time auto-picks come): flushLive rebuilds the members.
        const carol = await person(w.t, 'Carol');
        await joinAs(l.admin, carol, l.ps, 'Carol');
        await psPicks(db, l.ps.LeagueID, carol.userId, fixtureId, ids.slice(5, 16), true);
        await flushLive(db, fixtureId, new Date(), { force: true });
      }
      // Now and then the ball is written through another handle (a transaction): this handle's memory
      // of the fixture is then behind the database and must be noticed.
      const via = i % 29 === 13 ? undefined : db;
      const r = via ? await apply(b) : await db.transaction().execute((trx) => apply(b, trx));
      expect(r.corrected).toBe(i % 41 === 20);
      await expectFromScratch(db, fixtureId, match, applied, players, b, r.eventIds, `ball ${i}`);
      if (i % 25 === 0) {
        // The Match Centre's batters and bowlers hold what the ball's figures say.
        const mc = (await l.alice.client.get(`/api/live/fixture/${fixtureId}`)).json() as {
          Batters: { Name: string }[];
          Bowlers: { Name: string }[];
        };
        const { rows } = await sql<{ data: unknown }>`
          SELECT data FROM live_events WHERE id IN (${sql.join(r.eventIds)}) AND type = 'ball'`.execute(db);
        const e = (typeof rows[0]!.data === 'string' ? JSON.parse(rows[0]!.data) : rows[0]!.data) as {
          Figures: { Batters: { Name: string }[]; Bowler: { Name: string } };
        };
        for (const x of e.Figures.Batters) expect(mc.Batters.find((y) => y.Name === x.Name)).toEqual(x);
        expect(mc.Bowlers.find((y) => y.Name === e.Figures.Bowler.Name)).toEqual(e.Figures.Bowler);
      }
    }
    expect(corrections).toBeGreaterThan(4);
    const dup = await applyBall(db, fixtureId, balls[100]!, new Date());
    expect(dup).toEqual({ changed: false, corrected: false, eventIds: [] });
    // The whole match: exactly the importer's lines.
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM live_deliveries WHERE fixture_id = ${fixtureId}`.execute(db);
    expect(rows[0]!.n).toBe(balls.length);
  }, 300_000);
});
