import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config';
import { decodeScore } from '../../../src/vendors/entitysport/balls';
import { EntitySportProvider } from '../../../src/vendors/entitysport/provider';
import * as S from '../../../src/vendors/entitysport/schemas';
import { memoryCallCounter, VendorError } from '../../../src/vendors/http';
import { inningsCommentary } from './fixtures/commentary';
import { competitionMatches, competitionOverview, competitionSquads, competitionsList } from './fixtures/competitions';
import { authAnswer } from './fixtures/general';
import { matchInfo, matchSquads, scorecard } from './fixtures/match';

/**
 * The provider against the documentation's own example answers (./fixtures/, each field cited):
 * what it reads from each, and that a missing or renamed field fails naming it.
 */

type Json = Record<string, unknown>;
const clone = <T>(v: T): T => structuredClone(v);

/** A fetch that answers the documented examples by path; records what was asked. */
function docsFetch(answers: Record<string, unknown>, seen: { url: URL; init?: RequestInit }[] = []) {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    seen.push({ url, init });
    const path = url.pathname.replace(/^\/v2\//, '');
    const body = path === 'auth' ? authAnswer : answers[path];
    if (body === undefined)
      return new Response(JSON.stringify({ status: 'error', response: 'Invalid request' }), { status: 400 });
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
}

function provider(answers: Record<string, unknown>, seen?: { url: URL; init?: RequestInit }[]) {
  return new EntitySportProvider({
    accessKey: 'ACCESS-key-123',
    secretKey: 'SECRET-key-456',
    baseUrl: 'http://docs.example/v2',
    calls: memoryCallCounter(),
    dailyCallBudget: null,
    retries: 0,
    fetch: docsFetch(answers, seen),
  });
}

async function failure(p: Promise<unknown>): Promise<VendorError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof VendorError) return e;
    throw e;
  }
  throw new Error('expected a VendorError');
}

/** A copy of `doc` with the field at `path` (dots and [n]) deleted, or renamed to `rename`. */
function without(doc: unknown, path: string, rename?: string): unknown {
  const copy = clone(doc) as Json;
  const keys = path.replace(/\[(\d+)\]/g, '.$1').split('.');
  let node = copy as Json;
  for (const k of keys.slice(0, -1)) node = node[k] as Json;
  const last = keys.at(-1)!;
  if (rename) node[rename] = node[last];
  delete node[last];
  return copy;
}

const t20 = (sc: typeof scorecard) => {
  const copy = clone(sc);
  copy.response.format = 6;
  copy.response.status = 2;
  copy.response.winning_team_id = 13 as never;
  copy.response.win_margin = '4 wickets';
  copy.response.result = 'PAK won by 4 wickets';
  return copy;
};

describe('Entity Sport provider on the documented examples', () => {
  it('buys a token with the keys in a POST body and sends it as ?token=', async () => {
    const seen: { url: URL; init?: RequestInit }[] = [];
    const list = clone(competitionsList);
    list.response.total_pages = 1;
    await provider({ competitions: list }, seen).competitions();
    expect(seen[0]!.url.pathname).toBe('/v2/auth');
    expect(seen[0]!.init?.method).toBe('POST');
    expect(String(seen[0]!.init?.body)).toBe('access_key=ACCESS-key-123&secret_key=SECRET-key-456');
    expect(seen[0]!.url.search).toBe('');
    expect(seen[1]!.url.searchParams.get('token')).toBe('1|X#aFhlzAsd');
    expect(seen.slice(1).map((s) => s.url.searchParams.get('status'))).toEqual(['live', 'fixture']);
    // The token was bought once.
    expect(seen.filter((s) => s.url.pathname === '/v2/auth')).toHaveLength(1);
  });

  it('reads competitions, fixtures and squads', async () => {
    const list = clone(competitionsList);
    list.response.total_pages = 1;
    const matches = clone(competitionMatches);
    matches.response.total_pages = 1;
    const p = provider({
      competitions: list,
      'competitions/91396': competitionOverview,
      'competitions/91396/matches': matches,
      'competitions/91396/squads': competitionSquads,
    });
    expect(await p.competitions()).toEqual([{ id: '1539', name: 'Asia Cup', season: '2016', format: 't20i' }]);
    expect(await p.schedule('91396')).toEqual([
      {
        id: '17979',
        name: '1st ODI',
        matchNumber: null,
        stage: '1st ODI',
        startTime: '2016-09-08T09:45:00.000Z',
        home: { id: '9', name: 'Scotland', code: 'SCOT' },
        away: { id: '1544', name: 'Hong Kong', code: 'HKG' },
        venue: 'Grange Cricket Club, Raeburn Place',
        city: 'Edinburgh',
        status: 'finished',
      },
    ]);
    expect(await p.squads('91396')).toEqual({
      season: '2017',
      teams: [
        {
          team: { id: '25', name: 'India', code: 'INDIA' },
          players: [
            { id: '119', name: 'Virat Kohli', position: 'Batsman' },
            { id: '115', name: 'Rohit Sharma', position: 'Batsman' },
          ],
        },
      ],
    });
  });

  it('reads the toss and the playing XIs', async () => {
    const lineup = await provider({ 'matches/19887/info': matchInfo, 'matches/19887/squads': matchSquads }).lineup(
      '19887',
    );
    expect(lineup?.toss).toEqual({ winnerTeamId: '18256', decision: 'field' });
    expect(lineup?.teams.map((t) => [t.teamId, t.playing.length, t.substitutes])).toEqual([
      ['23', 11, ['1767', '37374']],
      ['21', 11, ['462']],
    ]);
    // Before the announcement: no toss, nobody in an XI.
    const info = clone(matchInfo);
    info.response.toss = { text: '', winner: 0, decision: '' as never };
    const squads = clone(matchSquads);
    for (const t of [squads.response.teama, squads.response.teamb]) for (const p of t.squads) p.playing11 = 'false';
    expect(await provider({ 'matches/1/info': info, 'matches/1/squads': squads }).lineup('1')).toBeNull();
  });

  it('reads the scorecard: a live match has none yet, a Test is not supported, a T20 maps', async () => {
    const live = await provider({ 'matches/39176/scorecard': scorecard }).result('39176');
    expect(live).toEqual({ status: 'live', scorecard: null });

    const test = clone(scorecard);
    test.response.status = 2;
    const e = await failure(
      provider({ 'matches/39176/scorecard': test, 'matches/39176/squads': matchSquads }).result('39176'),
    );
    expect(e.kind).toBe('not-supported');

    const r = await provider({ 'matches/39176/scorecard': t20(scorecard), 'matches/39176/squads': matchSquads }).result(
      '39176',
    );
    const sc = r.scorecard!;
    expect(sc.teams).toEqual(['New Zealand', 'Pakistan']);
    expect(sc.toss).toEqual({ winner: 'New Zealand', decision: 'bat' });
    expect(sc.outcome).toEqual({ kind: 'win', winner: 'Pakistan', byWickets: 4 });
    expect(sc.oversPerInnings).toBe(20);
    const inn = sc.innings[0]!;
    expect(inn.batting).toEqual([
      {
        player: { name: 'Player 16622', id: '16622' },
        runs: 45,
        balls: 82,
        fours: 4,
        sixes: 0,
        howOut: 'lbw',
        bowler: { name: 'Yasir Shah', id: '153' },
      },
      {
        player: { name: 'Kane Williamson', id: '31' },
        runs: 89,
        balls: 176,
        fours: 7,
        sixes: 0,
        howOut: 'caught',
        bowler: { name: 'Hasan Ali', id: '44099' },
        fielders: [{ name: 'Asad Shafiq', id: '44087' }],
      },
    ]);
    expect(inn.bowling.map((b) => [b.player.name, b.balls, b.maidens, b.runs, b.wickets])).toEqual([
      ['Hasan Ali', 120, 6, 58, 1],
      ['Yasir Shah', 246, 11, 75, 3],
    ]);
    expect(inn.extras).toEqual({ byes: 11, legByes: 6, wides: 0, noBalls: 0, penalty: 0 });
    expect(inn.total).toEqual({ runs: 274, wickets: 10, legalBalls: 697 });
    // The batting team's XI is not in these squads (another match's example): only those with figures play.
    expect(sc.playing.map((p) => [p.team, p.players.length])).toEqual([
      ['New Zealand', 2],
      ['Pakistan', 3],
    ]);
  });

  it('reads the commentary as documented: runs, "1lb", "w"', () => {
    const parsed = S.inningsCommentary.parse(inningsCommentary.response);
    const scores = parsed.commentaries
      .filter((c) => c.event !== 'overend')
      .map((c) => S.ballEvent.extend({ event: S.ballEvent.shape.event.or(S.wicketEvent.shape.event) }).parse(c).score);
    expect(scores.map((s) => decodeScore(s))).toEqual([
      ...[0, 0, 1, 4, 0].map((bat) => ({ bat, wides: 0, noballs: 0, byes: 0, legbyes: 0 })),
      { bat: 0, wides: 0, noballs: 0, byes: 0, legbyes: 1 },
      { bat: 0, wides: 0, noballs: 0, byes: 0, legbyes: 0 },
      { bat: 0, wides: 0, noballs: 0, byes: 0, legbyes: 0 },
      { bat: 0, wides: 0, noballs: 0, byes: 0, legbyes: 0 },
    ]);
    // The same pattern for the extras the examples do not show; anything else is not read.
    expect(decodeScore('1nb+4')).toEqual({ bat: 4, wides: 0, noballs: 1, byes: 0, legbyes: 0 });
    expect(decodeScore('5wd')).toEqual({ bat: 0, wides: 5, noballs: 0, byes: 0, legbyes: 0 });
    expect(decodeScore('2b')).toEqual({ bat: 0, wides: 0, noballs: 0, byes: 2, legbyes: 0 });
    expect(decodeScore('four')).toBeNull();
    expect(decodeScore('1x')).toBeNull();
  });

  const readFields = [
    'response.status',
    'response.format',
    'response.teama.team_id',
    'response.teamb.name',
    'response.winning_team_id',
    'response.toss.winner',
    'response.man_of_the_match',
    'response.innings[0].batting_team_id',
    'response.innings[0].batsmen[0].runs',
    'response.innings[0].batsmen[1].balls_faced',
    'response.innings[0].batsmen[1].dismissal',
    'response.innings[0].batsmen[1].first_fielder_id',
    'response.innings[0].bowlers[0].overs',
    'response.innings[0].bowlers[1].runs_conceded',
    'response.innings[0].fielder[0].is_substitute',
    'response.innings[0].extra_runs.legbyes',
    'response.innings[0].equations.overs',
    'response.players[0].pid',
  ];
  it.each(readFields)('a scorecard without %s fails naming it', async (field) => {
    const answers = { 'matches/39176/scorecard': without(t20(scorecard), field), 'matches/39176/squads': matchSquads };
    const e = await failure(provider(answers).result('39176'));
    expect(e.kind).toBe('shape');
    expect(e.field).toBe(field);
    expect(e.message).toContain(`field ${field} is missing`);
  });

  it('a renamed field fails naming the documented one; an undocumented value fails naming its field', async () => {
    const renamed = without(t20(scorecard), 'response.innings[0].bowlers[0].runs_conceded', 'runs');
    const e = await failure(
      provider({ 'matches/39176/scorecard': renamed, 'matches/39176/squads': matchSquads }).result('39176'),
    );
    expect(e.field).toBe('response.innings[0].bowlers[0].runs_conceded');
    const matches = clone(competitionMatches);
    matches.response.total_pages = 1;
    (matches.response.items[0] as Json).status = 7;
    const s = await failure(provider({ 'competitions/1/matches': matches }).schedule('1'));
    expect(s).toMatchObject({ kind: 'shape', field: 'response.items[0].status' });
    const odd = t20(scorecard);
    odd.response.innings[0]!.batsmen[0]!.dismissal = 'mankad';
    const d = await failure(
      provider({ 'matches/39176/scorecard': odd, 'matches/39176/squads': matchSquads }).result('39176'),
    );
    expect(d).toMatchObject({ kind: 'shape', field: 'response.innings[0].batsmen[0].dismissal' });
  });

  it('an answer whose status is not ok is an error of its kind', async () => {
    const denied = { status: 'accessdenied', response: 'No access to requested resource' };
    expect(await failure(provider({ 'matches/1/scorecard': denied }).result('1'))).toMatchObject({ kind: 'auth' });
    const error = { status: 'error', response: 'Invalid match id' };
    expect(await failure(provider({ 'matches/1/scorecard': error }).result('1'))).toMatchObject({ kind: 'request' });
    expect(await failure(provider({}).result('not-an-id'))).toMatchObject({ kind: 'request' });
  });
});

describe('configuration', () => {
  it('reads the keys and the base URL, defaulting to the vendor', () => {
    expect(loadConfig({}).entitySport).toEqual({
      accessKey: undefined,
      secretKey: undefined,
      baseUrl: 'https://rest.entitysport.com/v2',
    });
    expect(
      loadConfig({
        ENTITYSPORT_ACCESS_KEY: 'a',
        ENTITYSPORT_SECRET_KEY: 's',
        ENTITYSPORT_BASE_URL: 'http://127.0.0.1:4400/v2',
      }).entitySport,
    ).toEqual({ accessKey: 'a', secretKey: 's', baseUrl: 'http://127.0.0.1:4400/v2' });
    expect(() => loadConfig({ ENTITYSPORT_BASE_URL: 'ftp://x' })).toThrow(/ENTITYSPORT_BASE_URL/);
  });
});
