import { describe, expect, it } from 'vitest';
import { CricsheetFormatError } from '../../src/cricket/import/cricsheet-format';
import { assignDoubleHeaderTimes } from '../../src/cricket/import/folder';
import { type ParsedMatch, type PlayerLine, parseCricsheetMatch } from '../../src/cricket/import/parse';
import { AWAY, type Ball, ball, buildMatch, dotOver, HOME, type MatchSpec } from './builder';

function parse(spec: MatchSpec, source = '999.json'): ParsedMatch {
  return parseCricsheetMatch(buildMatch(spec), source);
}
function line(p: ParsedMatch, name: string): PlayerLine {
  const l = p.lines.find((x) => x.name === name);
  if (!l) throw new Error(`no line for ${name}`);
  return l;
}
/** One home innings with the given overs. */
function homeInnings(...overs: Ball[][]): MatchSpec {
  return { innings: [{ team: HOME, overs }] };
}

describe('parseCricsheetMatch: batting', () => {
  it('counts runs, balls faced (wides excluded, no-balls included), fours and sixes', () => {
    const p = parse(
      homeInnings([
        ball('H1', 'A11', 'H2', 4),
        ball('H1', 'A11', 'H2', 6),
        ball('H1', 'A11', 'H2', 0, { wd: 1 }),
        ball('H1', 'A11', 'H2', 1, { nb: 1 }),
        ball('H2', 'A11', 'H1', 0, { lb: 1 }),
        ball('H1', 'A11', 'H2', 2),
      ]),
    );
    const h1 = line(p, 'H1');
    expect(h1).toMatchObject({ runs: 13, balls: 4, fours: 1, sixes: 1, dismissed: false, battingPosition: 1 });
    expect(line(p, 'H2')).toMatchObject({ runs: 0, balls: 1, battingPosition: 2 });
    expect(line(p, 'H3').battingPosition).toBeNull();
  });

  it('does not count a four or six that was run (non_boundary) as a boundary', () => {
    const p = parse(
      homeInnings([
        ball('H1', 'A11', 'H2', 4, { nonBoundary: true }),
        ball('H1', 'A11', 'H2', 6, { nonBoundary: true }),
      ]),
    );
    expect(line(p, 'H1')).toMatchObject({ runs: 10, fours: 0, sixes: 0 });
    expect(p.totalSixes).toBe(0);
  });

  it('gives batting positions in order of arrival, including a batter out without facing', () => {
    const p = parse(
      homeInnings([
        ball('H1', 'A11', 'H2', 0, { out: { kind: 'run out', player: 'H2', fielders: ['A5'] } }),
        ball('H1', 'A11', 'H3', 0, { out: { kind: 'bowled' } }),
        ball('H4', 'A11', 'H3', 1),
      ]),
    );
    expect(['H1', 'H2', 'H3', 'H4'].map((n) => line(p, n).battingPosition)).toEqual([1, 2, 3, 4]);
    expect(line(p, 'H2')).toMatchObject({ dismissed: true, dismissalKind: 'run out', balls: 0, runs: 0 });
  });

  it('treats retired hurt as not out and retired out as out', () => {
    const p = parse(
      homeInnings([
        ball('H1', 'A11', 'H2', 0, { out: { kind: 'retired hurt' } }),
        ball('H3', 'A11', 'H2', 0, { out: { kind: 'retired out' } }),
      ]),
    );
    expect(line(p, 'H1').dismissed).toBe(false);
    expect(line(p, 'H3').dismissed).toBe(true);
    expect(line(p, 'A11').wickets).toBe(0);
    expect(p.innings[0]!.wickets).toBe(1);
  });
});

describe('parseCricsheetMatch: bowling', () => {
  it('counts legal balls only and charges bat runs, wides and no-balls but not byes or leg-byes', () => {
    const p = parse(
      homeInnings([
        ball('H1', 'A11', 'H2', 1),
        ball('H2', 'A11', 'H1', 0, { wd: 5 }),
        ball('H2', 'A11', 'H1', 2, { nb: 1 }),
        ball('H2', 'A11', 'H1', 0, { b: 4 }),
        ball('H2', 'A11', 'H1', 0, { lb: 1 }),
      ]),
    );
    expect(line(p, 'A11')).toMatchObject({ ballsBowled: 3, runsConceded: 1 + 5 + 2 + 1, maidens: 0 });
    expect(p.innings[0]).toMatchObject({ runs: 1 + 5 + 3 + 4 + 1, extras: 5 + 1 + 4 + 1, legalBalls: 3 });
  });

  it('counts a maiden: six legal balls conceding nothing (byes and leg-byes allowed)', () => {
    const over = dotOver('H1', 'A11', 'H2');
    over[2] = ball('H1', 'A11', 'H2', 0, { lb: 1 });
    const p = parse(homeInnings(over));
    expect(line(p, 'A11').maidens).toBe(1);
  });

  it('does not count an over with a wide, an unfinished over, or an over shared by two bowlers', () => {
    const withWide = [...dotOver('H1', 'A11', 'H2'), ball('H1', 'A11', 'H2', 0, { wd: 1 })];
    const unfinished = dotOver('H1', 'A10', 'H2').slice(0, 5);
    const shared = [...dotOver('H1', 'A9', 'H2').slice(0, 3), ...dotOver('H1', 'A8', 'H2').slice(0, 3)];
    const p = parse(homeInnings(withWide, shared, unfinished));
    expect(['A11', 'A10', 'A9', 'A8'].map((n) => line(p, n).maidens)).toEqual([0, 0, 0, 0]);
  });

  it('credits bowled, lbw, caught, caught and bowled, stumped and hit wicket to the bowler; not run out or obstructing', () => {
    const p = parse(
      homeInnings([
        ball('H1', 'A11', 'H2', 0, { out: { kind: 'bowled' } }),
        ball('H3', 'A11', 'H2', 0, { out: { kind: 'lbw' } }),
        ball('H4', 'A11', 'H2', 0, { out: { kind: 'caught', fielders: ['A3'] } }),
        ball('H5', 'A11', 'H2', 0, { out: { kind: 'caught and bowled' } }),
        ball('H6', 'A11', 'H2', 0, { out: { kind: 'stumped', fielders: ['A1'] } }),
        ball('H7', 'A11', 'H2', 0, { out: { kind: 'hit wicket' } }),
        ball('H8', 'A11', 'H2', 0, { out: { kind: 'run out', fielders: ['A4'] } }),
        ball('H9', 'A11', 'H2', 0, { out: { kind: 'obstructing the field' } }),
      ]),
    );
    const bowler = line(p, 'A11');
    expect(bowler).toMatchObject({ wickets: 6, bowledLbwWickets: 2, catches: 1 });
    expect(line(p, 'A3').catches).toBe(1);
    expect(line(p, 'A1').stumpings).toBe(1);
    expect(line(p, 'A4').runOutsDirect).toBe(1);
    expect(line(p, 'H9')).toMatchObject({ dismissed: true, dismissalKind: 'obstructing the field' });
  });
});

describe('parseCricsheetMatch: fielding', () => {
  it('gives a run out by one fielder as direct and by several as indirect to each', () => {
    const p = parse(
      homeInnings([
        ball('H1', 'A11', 'H2', 0, { out: { kind: 'run out', fielders: ['A5'] } }),
        ball('H3', 'A11', 'H2', 1, { out: { kind: 'run out', fielders: ['A5', 'A1'] } }),
        ball('H4', 'A11', 'H2', 0, { out: { kind: 'run out' } }),
      ]),
    );
    expect(line(p, 'A5')).toMatchObject({ runOutsDirect: 1, runOutsIndirect: 1 });
    expect(line(p, 'A1')).toMatchObject({ runOutsDirect: 0, runOutsIndirect: 1 });
  });

  it('credits a substitute fielder, who gets a line for the fielding team that did not play', () => {
    const p = parse({
      ...homeInnings([
        ball('H1', 'A11', 'H2', 0, { out: { kind: 'caught', fielders: [{ name: 'Sub', substitute: true }] } }),
      ]),
      extraPeople: ['Sub'],
    });
    expect(line(p, 'Sub')).toMatchObject({ team: AWAY, didPlay: false, catches: 1, cricsheetId: 'id-Sub' });
    expect(p.lines.at(-1)?.name).toBe('Sub');
  });
});

describe('parseCricsheetMatch: results', () => {
  it('reads a normal result, D/L method and player of the match as Cricsheet ids', () => {
    const p = parse({
      ...homeInnings([ball('H1', 'A11', 'H2', 1)]),
      outcome: { winner: AWAY, by: { wickets: 4 }, method: 'D/L' },
      playerOfMatch: ['A2'],
    });
    expect(p.result).toEqual({
      type: 'normal',
      winner: AWAY,
      byRuns: null,
      byWickets: 4,
      method: 'D/L',
      superOverWinner: null,
    });
    expect(p.playerOfMatch).toEqual(['id-A2']);
  });

  it('reads a no result', () => {
    const p = parse({ ...homeInnings([ball('H1', 'A11', 'H2', 1)]), outcome: { result: 'no result' } });
    expect(p.result.type).toBe('no_result');
    expect(p.result.winner).toBeNull();
  });

  it('keeps super-over balls out of player stats; the tie goes to outcome.eliminator', () => {
    const p = parse({
      innings: [
        { team: HOME, overs: [[ball('H1', 'A11', 'H2', 6)]] },
        { team: AWAY, overs: [[ball('A1', 'H11', 'A2', 6)]] },
        {
          team: AWAY,
          superOver: true,
          overs: [[ball('A1', 'H10', 'A2', 6), ball('A1', 'H10', 'A2', 0, { out: { kind: 'bowled' } })]],
        },
        { team: HOME, superOver: true, overs: [[ball('H1', 'A10', 'H2', 4), ball('H1', 'A10', 'H2', 4)]] },
      ],
      outcome: { result: 'tie', eliminator: HOME },
    });
    expect(p.result).toMatchObject({ type: 'tie', winner: null, superOverWinner: HOME });
    expect(line(p, 'A1')).toMatchObject({ runs: 6, balls: 1, sixes: 1, dismissed: false });
    expect(line(p, 'H10')).toMatchObject({ ballsBowled: 0, wickets: 0, runsConceded: 0 });
    expect(line(p, 'H1')).toMatchObject({ runs: 6, fours: 0 });
    expect(p.totalSixes).toBe(2);
    expect(p.innings.map((i) => [i.superOver, i.runs, i.wickets])).toEqual([
      [false, 6, 0],
      [false, 6, 0],
      [true, 6, 1],
      [true, 8, 0],
    ]);
  });

  it('works out the super-over winner from the super overs when the outcome does not name it', () => {
    const p = parse({
      innings: [
        { team: HOME, overs: [[ball('H1', 'A11', 'H2', 1)]] },
        { team: AWAY, overs: [[ball('A1', 'H11', 'A2', 1)]] },
        { team: AWAY, superOver: true, overs: [[ball('A1', 'H10', 'A2', 6)]] },
        { team: HOME, superOver: true, overs: [[ball('H1', 'A10', 'H2', 4)]] },
      ],
      outcome: { result: 'tie' },
    });
    expect(p.result.superOverWinner).toBe(AWAY);
  });

  it('names fixtures by match number or stage and files playoffs under a Playoffs stage', () => {
    const league = parse({
      ...homeInnings([ball('H1', 'A11', 'H2')]),
      event: { name: 'Indian Premier League', match_number: 12 },
    });
    expect(league).toMatchObject({ fixtureName: 'Match 12', stageName: 'League', seasonName: 'IPL 2024', year: 2024 });
    const final = parse({
      ...homeInnings([ball('H1', 'A11', 'H2')]),
      event: { name: 'Indian Premier League', stage: 'Final' },
    });
    expect(final).toMatchObject({ fixtureName: 'Final', stageName: 'Playoffs', matchNumber: null });
    expect(final.matchId).toBe('999');
    expect(final.startTime).toBe('2024-04-01T14:00:00.000Z');
  });

  it('starts the earlier match of a double-header at 10:00 UTC', () => {
    const a = parse({ ...homeInnings([ball('H1', 'A11', 'H2')]), event: { name: 'X', match_number: 2 } }, '2.json');
    const b = parse({ ...homeInnings([ball('H1', 'A11', 'H2')]), event: { name: 'X', match_number: 1 } }, '1.json');
    assignDoubleHeaderTimes([a, b]);
    expect([b.startTime, a.startTime]).toEqual(['2024-04-01T10:00:00.000Z', '2024-04-01T14:00:00.000Z']);
  });
});

// biome-ignore lint/suspicious/noExplicitAny: the cases below break raw JSON in arbitrary places
type RawJson = Record<string, any>;

describe('parseCricsheetMatch: validation', () => {
  const good = () => buildMatch(homeInnings([ball('H1', 'A11', 'H2', 1)]));

  it('is stable: the same match gives the same checksum, a change gives another', () => {
    expect(parseCricsheetMatch(good(), 'a.json', { matchId: 'x' }).checksum).toBe(
      parseCricsheetMatch(good(), 'b.json', { matchId: 'x' }).checksum,
    );
    const changed = buildMatch(homeInnings([ball('H1', 'A11', 'H2', 2)]));
    expect(parseCricsheetMatch(changed, 'a.json', { matchId: 'x' }).checksum).not.toBe(
      parseCricsheetMatch(good(), 'a.json', { matchId: 'x' }).checksum,
    );
  });

  const cases: [string, (m: RawJson) => void, RegExp][] = [
    ['no info', (m) => delete m.info, /^bad\.json: info: expected an object$/],
    ['one team', (m) => (m.info.teams = ['Home XI']), /info\.teams: expected two different team names/],
    ['no dates', (m) => (m.info.dates = []), /info\.dates: expected at least one date/],
    ['bad date', (m) => (m.info.dates = ['1 April 2024']), /info\.dates\[0\]: expected YYYY-MM-DD/],
    [
      'negative runs',
      (m) => (m.innings[0].overs[0].deliveries[0].runs.batter = -1),
      /innings\[0\]\.overs\[0\]\.deliveries\[0\]\.runs\.batter: expected a non-negative integer/,
    ],
    [
      'bad total',
      (m) => (m.innings[0].overs[0].deliveries[0].runs.total = 7),
      /runs\.total: expected batter \+ extras/,
    ],
    [
      'unknown batter',
      (m) => (m.innings[0].overs[0].deliveries[0].batter = 'Nobody'),
      /deliveries\[0\]\.batter: "Nobody" has no id in info\.registry\.people/,
    ],
    [
      'batter from the other team',
      (m) => (m.innings[0].overs[0].deliveries[0].batter = 'A1'),
      /deliveries\[0\]\.batter: "A1" plays for Away XI, not Home XI/,
    ],
    [
      'innings team',
      (m) => (m.innings[0].team = 'Elsewhere'),
      /innings\[0\]\.team: "Elsewhere" is not one of info\.teams/,
    ],
    [
      'winner',
      (m) => (m.info.outcome = { winner: 'Elsewhere' }),
      /info\.outcome\.winner: "Elsewhere" is not one of info\.teams/,
    ],
    ['no outcome', (m) => (m.info.outcome = {}), /info\.outcome: expected a winner or a result/],
    ['unregistered player', (m) => delete m.info.registry.people.H3, /info\.players\["Home XI"\]\[2\]: "H3" has no id/],
    [
      'catch without fielder',
      (m) => (m.innings[0].overs[0].deliveries[0].wickets = [{ player_out: 'H1', kind: 'caught' }]),
      /wickets\[0\]\.fielders: a catch without a fielder/,
    ],
  ];
  it.each(cases)('rejects %s with the file and path', (_, mutate, message) => {
    const m = good() as RawJson;
    mutate(m);
    let error: unknown;
    try {
      parseCricsheetMatch(m, 'bad.json');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CricsheetFormatError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message.startsWith('bad.json: ')).toBe(true);
  });

  it('rejects non-objects', () => {
    expect(() => parseCricsheetMatch(null, 'x.json')).toThrow('x.json: $: expected an object');
    expect(() => parseCricsheetMatch([], 'x.json')).toThrow(CricsheetFormatError);
  });
});
