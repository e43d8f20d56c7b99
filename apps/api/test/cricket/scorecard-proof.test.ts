import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ParsedMatch, parseCricsheetMatch } from '../../src/cricket/import/parse';
import { scorecardToParsedMatch } from '../../src/cricket/scorecard/to-parsed-match';
import { validateScorecard } from '../../src/cricket/scorecard/validate';
import { AWAY, ball, buildMatch, dotOver, HAVE_IPL_2024, HOME, IPL_2024_DIR, type MatchSpec } from './builder';
import { scorecardFromCricsheet } from './scorecard-from-cricsheet';

/**
 * One implementation of scoring: a Cricsheet file's scorecard (tallied from its balls) turned into the
 * importer's ParsedMatch gives the same player figures, innings and result as the parser reading the
 * file's balls — for every match of IPL 2024 and for the hand-built edge cases (tie and super over, no
 * result, substitutes, retirements).
 */

/** What a scorecard must reproduce of the parsed file: everything but where it came from. */
function comparable(p: ParsedMatch) {
  const byId = [...p.lines].sort((a, b) => a.cricsheetId.localeCompare(b.cricsheetId));
  return {
    teams: p.teams,
    toss: p.toss,
    result: p.result,
    playerOfMatch: p.playerOfMatch,
    innings: p.innings,
    totalSixes: p.totalSixes,
    lines: byId,
    listed: p.lines.filter((l) => l.didPlay).map((l) => l.cricsheetId),
  };
}

function roundTrip(json: unknown, source: string) {
  const parsed = parseCricsheetMatch(json, source);
  const card = scorecardFromCricsheet(json);
  const {
    checksum: _c,
    lines: _l,
    innings: _i,
    result: _r,
    toss: _t,
    playerOfMatch: _p,
    totalSixes: _s,
    teams: _m,
    ...info
  } = parsed;
  return { parsed, card, fromCard: scorecardToParsedMatch(card, info) };
}

describe.skipIf(!HAVE_IPL_2024)('IPL 2024: Cricsheet → Scorecard → ParsedMatch', () => {
  const files = HAVE_IPL_2024
    ? readdirSync(IPL_2024_DIR)
        .filter((f) => f.endsWith('.json'))
        .sort()
    : [];

  it('has the 71 matches', () => {
    expect(files).toHaveLength(71);
  });

  it.each(files)('%s: the scorecard is valid and gives the parsed figures and result', (file) => {
    const json = JSON.parse(readFileSync(join(IPL_2024_DIR, file), 'utf8')) as unknown;
    const { parsed, card, fromCard } = roundTrip(json, file);
    expect(validateScorecard(card)).toEqual([]);
    expect(comparable(fromCard)).toEqual(comparable(parsed));
    // Substitute fielders appear in the same order too, so the digest is the file's.
    expect(fromCard.checksum).toBe(parsed.checksum);
  });
});

describe('hand-built matches: Cricsheet → Scorecard → ParsedMatch', () => {
  const cases: [string, MatchSpec][] = [
    [
      'a tie decided by a super over',
      {
        innings: [
          { team: HOME, overs: [[ball('H1', 'A11', 'H2', 4), ball('H1', 'A11', 'H2', 1)]] },
          { team: AWAY, overs: [[ball('A1', 'H11', 'A2', 5, { nonBoundary: true })]] },
          {
            team: AWAY,
            superOver: true,
            overs: [[ball('A1', 'H10', 'A2', 6), ball('A1', 'H10', 'A2', 0, { out: { kind: 'bowled' } })]],
          },
          { team: HOME, superOver: true, overs: [[ball('H1', 'A10', 'H2', 4), ball('H1', 'A10', 'H2', 4)]] },
        ],
        outcome: { result: 'tie', eliminator: HOME },
        playerOfMatch: ['H1'],
      },
    ],
    [
      'no result after one innings',
      {
        innings: [{ team: HOME, overs: [dotOver('H1', 'A11', 'H2'), [ball('H2', 'A10', 'H1', 1, { wd: 1 })]] }],
        outcome: { result: 'no result' },
      },
    ],
    [
      'a substitute catch, a run out by two, a stumping, retired hurt, byes and leg byes',
      {
        innings: [
          {
            team: HOME,
            overs: [
              [
                ball('H1', 'A11', 'H2', 0, { out: { kind: 'caught', fielders: [{ name: 'A12', substitute: true }] } }),
                ball('H3', 'A11', 'H2', 1, { out: { kind: 'run out', player: 'H2', fielders: ['A5', 'A1'] } }),
                ball('H4', 'A11', 'H3', 0, { b: 2 }),
                ball('H4', 'A11', 'H3', 0, { lb: 1 }),
                ball('H3', 'A11', 'H4', 0, { out: { kind: 'stumped', fielders: ['A1'] } }),
                ball('H5', 'A11', 'H4', 0, { nb: 1 }),
                ball('H5', 'A11', 'H4', 2, { out: { kind: 'retired hurt' } }),
                ball('H6', 'A11', 'H4', 0, { out: { kind: 'caught and bowled' } }),
              ],
            ],
          },
          { team: AWAY, overs: [[ball('A1', 'H11', 'A2', 6), ball('A1', 'H11', 'A2', 4)]] },
        ],
        outcome: { winner: AWAY, by: { wickets: 10 } },
        extraPeople: ['A12'],
      },
    ],
  ];

  it.each(cases)('%s', (_name, spec) => {
    const json = buildMatch(spec);
    const { parsed, card, fromCard } = roundTrip(json, '999.json');
    expect(validateScorecard(card)).toEqual([]);
    expect(comparable(fromCard)).toEqual(comparable(parsed));
  });
});
