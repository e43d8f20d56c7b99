import { z } from 'zod';
import type { ScorecardInput, ScorecardSheet } from '../../../data/operator/types';

/**
 * The scorecard form: its values (text as typed, ids as strings, '' for none), the zod schema of what
 * can be checked in the browser (whole numbers, overs such as 3.4, a player for every row), and the
 * request the server checks the rest of (cricket/scorecard/validate.ts, answered field by field).
 */

export const HOW_OUT = [
  'not out',
  'bowled',
  'caught',
  'caught and bowled',
  'lbw',
  'stumped',
  'run out',
  'hit wicket',
  'retired hurt',
  'retired not out',
  'retired out',
  'obstructing the field',
  'handled the ball',
  'hit the ball twice',
  'timed out',
] as const satisfies readonly ScorecardInput['Innings'][number]['Batting'][number]['HowOut'][];
export type HowOut = (typeof HOW_OUT)[number];

/** Dismissals credited to a bowler, and those that name fielders (run out: up to two). */
export const BOWLER_KINDS: ReadonlySet<HowOut> = new Set([
  'bowled',
  'caught',
  'caught and bowled',
  'lbw',
  'stumped',
  'hit wicket',
]);
export const fieldersOf = (howOut: HowOut): number =>
  howOut === 'caught' || howOut === 'stumped' ? 1 : howOut === 'run out' ? 2 : 0;

const whole = z
  .string()
  .trim()
  .regex(/^\d{0,4}$/, 'A whole number, 0 or more.');
const overs = z
  .string()
  .trim()
  .regex(/^(\d{1,2}(\.[0-5])?)?$/, 'Overs and balls, such as 3.4 (at most .5).');

const battingRow = z.object({
  PlayerID: z.string(),
  HowOut: z.enum(HOW_OUT),
  BowlerID: z.string(),
  FielderIDs: z.array(z.string()),
  Runs: whole,
  Balls: whole,
  Fours: whole,
  Sixes: whole,
});
const bowlingRow = z.object({
  PlayerID: z.string(),
  Overs: overs,
  Maidens: whole,
  Runs: whole,
  Wickets: whole,
  Wides: whole,
  NoBalls: whole,
});
const innings = z.object({
  TeamID: z.string().min(1, 'Choose the batting team.'),
  SuperOver: z.boolean(),
  Batting: z.array(battingRow),
  Bowling: z.array(bowlingRow),
  Extras: z.object({ Byes: whole, LegByes: whole, Wides: whole, NoBalls: whole, Penalty: whole }),
  Total: z.object({ Runs: whole, Wickets: whole, Overs: overs }),
});

const blankBatting = (r: z.infer<typeof battingRow>) =>
  r.PlayerID === '' && [r.Runs, r.Balls, r.Fours, r.Sixes].every((v) => v.trim() === '');
const blankBowling = (r: z.infer<typeof bowlingRow>) =>
  r.PlayerID === '' && [r.Overs, r.Maidens, r.Runs, r.Wickets, r.Wides, r.NoBalls].every((v) => v.trim() === '');

export const scorecardSchema = z
  .object({
    OversPerInnings: z
      .string()
      .trim()
      .regex(/^\d{1,2}$/, 'The overs of an innings in this format, such as 20.'),
    TossWinnerTeamID: z.string(),
    TossDecision: z.enum(['', 'bat', 'field']),
    AlsoPlayed: z.array(z.array(z.string())),
    Innings: z.array(innings),
    Outcome: z.object({
      Kind: z.enum(['win', 'tie', 'no_result']),
      WinnerTeamID: z.string(),
      Margin: whole,
      MarginKind: z.enum(['runs', 'wickets']),
      Method: z.string().trim().max(20, 'At most 20 characters, such as D/L.'),
      SuperOverWinnerTeamID: z.string(),
    }),
    PlayerOfMatchID: z.string(),
  })
  .superRefine((v, ctx) => {
    v.Innings.forEach((inn, i) => {
      inn.Batting.forEach((r, j) => {
        if (r.PlayerID === '' && !blankBatting(r)) {
          ctx.addIssue({
            code: 'custom',
            path: ['Innings', i, 'Batting', j, 'PlayerID'],
            message: 'Choose the batter.',
          });
        }
        if (r.PlayerID !== '' && BOWLER_KINDS.has(r.HowOut) && r.BowlerID === '') {
          ctx.addIssue({
            code: 'custom',
            path: ['Innings', i, 'Batting', j, 'BowlerID'],
            message: 'Choose the bowler.',
          });
        }
      });
      inn.Bowling.forEach((r, j) => {
        if (r.PlayerID === '' && !blankBowling(r)) {
          ctx.addIssue({
            code: 'custom',
            path: ['Innings', i, 'Bowling', j, 'PlayerID'],
            message: 'Choose the bowler.',
          });
        }
      });
    });
    if (v.Outcome.Kind === 'win' && v.Outcome.WinnerTeamID === '') {
      ctx.addIssue({ code: 'custom', path: ['Outcome', 'WinnerTeamID'], message: 'Who won? Choose the winning team.' });
    }
    if ((v.TossWinnerTeamID === '') !== (v.TossDecision === '')) {
      ctx.addIssue({
        code: 'custom',
        path: ['TossDecision'],
        message: 'Give the toss winner and their choice, or neither.',
      });
    }
  });

export type ScorecardValues = z.infer<typeof scorecardSchema>;
export type InningsValues = ScorecardValues['Innings'][number];
export type BattingValues = InningsValues['Batting'][number];
export type BowlingValues = InningsValues['Bowling'][number];

export const emptyBatting = (): BattingValues => ({
  PlayerID: '',
  HowOut: 'not out',
  BowlerID: '',
  FielderIDs: [],
  Runs: '',
  Balls: '',
  Fours: '',
  Sixes: '',
});
export const emptyBowling = (): BowlingValues => ({
  PlayerID: '',
  Overs: '',
  Maidens: '',
  Runs: '',
  Wickets: '',
  Wides: '',
  NoBalls: '',
});
export const emptyInnings = (teamId = '', superOver = false): InningsValues => ({
  TeamID: teamId,
  SuperOver: superOver,
  Batting: [],
  Bowling: [],
  Extras: { Byes: '', LegByes: '', Wides: '', NoBalls: '', Penalty: '' },
  Total: { Runs: '', Wickets: '', Overs: '' },
});

const text = (n: number) => String(n);

/** The form's starting values: the scorecard saved last, or an empty T20 scorecard of two innings. */
export function valuesOf(sheet: Pick<ScorecardSheet, 'Teams' | 'Saved'>): ScorecardValues {
  const s = sheet.Saved;
  if (!s) {
    return {
      OversPerInnings: '20',
      TossWinnerTeamID: '',
      TossDecision: '',
      AlsoPlayed: sheet.Teams.map(() => []),
      Innings: [emptyInnings(), emptyInnings()],
      Outcome: { Kind: 'win', WinnerTeamID: '', Margin: '', MarginKind: 'runs', Method: '', SuperOverWinnerTeamID: '' },
      PlayerOfMatchID: '',
    };
  }
  const values: ScorecardValues = {
    OversPerInnings: text(s.OversPerInnings),
    TossWinnerTeamID: s.Toss ? text(s.Toss.WinnerTeamID) : '',
    TossDecision: s.Toss?.Decision ?? '',
    AlsoPlayed: sheet.Teams.map(() => []),
    Innings: s.Innings.map((inn) => ({
      TeamID: text(inn.TeamID),
      SuperOver: inn.SuperOver,
      Batting: inn.Batting.map((b) => ({
        PlayerID: text(b.PlayerID),
        HowOut: b.HowOut,
        BowlerID: b.BowlerID == null ? '' : text(b.BowlerID),
        FielderIDs: b.FielderIDs.map(text),
        Runs: text(b.Runs),
        Balls: text(b.Balls),
        Fours: text(b.Fours),
        Sixes: text(b.Sixes),
      })),
      Bowling: inn.Bowling.map((b) => ({
        PlayerID: text(b.PlayerID),
        Overs: b.Overs,
        Maidens: text(b.Maidens),
        Runs: text(b.Runs),
        Wickets: text(b.Wickets),
        Wides: text(b.Wides),
        NoBalls: text(b.NoBalls),
      })),
      Extras: {
        Byes: text(inn.Extras.Byes),
        LegByes: text(inn.Extras.LegByes),
        Wides: text(inn.Extras.Wides),
        NoBalls: text(inn.Extras.NoBalls),
        Penalty: text(inn.Extras.Penalty),
      },
      Total: { Runs: text(inn.Total.Runs), Wickets: text(inn.Total.Wickets), Overs: inn.Total.Overs },
    })),
    Outcome: {
      Kind: s.Outcome.Kind,
      WinnerTeamID: s.Outcome.WinnerTeamID == null ? '' : text(s.Outcome.WinnerTeamID),
      Margin:
        s.Outcome.ByWickets != null
          ? text(s.Outcome.ByWickets)
          : s.Outcome.ByRuns != null
            ? text(s.Outcome.ByRuns)
            : '',
      MarginKind: s.Outcome.ByWickets != null ? 'wickets' : 'runs',
      Method: s.Outcome.Method ?? '',
      SuperOverWinnerTeamID: s.Outcome.SuperOverWinnerTeamID == null ? '' : text(s.Outcome.SuperOverWinnerTeamID),
    },
    PlayerOfMatchID: s.PlayerOfMatchIDs[0] == null ? '' : text(s.PlayerOfMatchIDs[0]),
  };
  values.AlsoPlayed = sheet.Teams.map((t) => {
    const used = new Set(usedBy(values, String(t.TeamID)));
    return (s.Playing.find((p) => p.TeamID === t.TeamID)?.PlayerIDs ?? []).map(text).filter((id) => !used.has(id));
  });
  return values;
}

/** The players a team fielded by the scorecard itself: its batters, and the bowlers against the other side. */
export function usedBy(v: Pick<ScorecardValues, 'Innings'>, teamId: string): string[] {
  const ids: string[] = [];
  for (const inn of v.Innings) {
    if (inn.TeamID === teamId) for (const b of inn.Batting) if (b.PlayerID) ids.push(b.PlayerID);
    if (inn.TeamID !== '' && inn.TeamID !== teamId) for (const b of inn.Bowling) if (b.PlayerID) ids.push(b.PlayerID);
  }
  return [...new Set(ids)];
}

const n = (v: string) => (v.trim() === '' ? 0 : Number(v));
const ov = (v: string) => (v.trim() === '' ? '0' : v.trim());
const id = (v: string) => (v === '' ? null : Number(v));

/**
 * The request: blank rows dropped, blank numbers 0, each team's players those who batted or bowled
 * for it and those ticked besides (in that order: the server's `Playing.<team>.PlayerIDs.<n>` refers to it).
 */
export function inputOf(v: ScorecardValues, sheet: Pick<ScorecardSheet, 'Teams'>): ScorecardInput {
  const kind = v.Outcome.Kind;
  const margin = v.Outcome.Margin.trim() === '' ? null : Number(v.Outcome.Margin);
  return {
    OversPerInnings: Number(v.OversPerInnings),
    Toss:
      v.TossWinnerTeamID && v.TossDecision
        ? { WinnerTeamID: Number(v.TossWinnerTeamID), Decision: v.TossDecision }
        : null,
    Playing: playingOf(v, sheet),
    Innings: v.Innings.map((inn) => ({
      TeamID: Number(inn.TeamID),
      SuperOver: inn.SuperOver,
      Batting: inn.Batting.filter((r) => !blankBatting(r)).map((r) => ({
        PlayerID: Number(r.PlayerID),
        Runs: n(r.Runs),
        Balls: n(r.Balls),
        Fours: n(r.Fours),
        Sixes: n(r.Sixes),
        HowOut: r.HowOut,
        BowlerID: BOWLER_KINDS.has(r.HowOut) ? id(r.BowlerID) : null,
        FielderIDs: r.FielderIDs.slice(0, fieldersOf(r.HowOut)).filter(Boolean).map(Number),
      })),
      Bowling: inn.Bowling.filter((r) => !blankBowling(r)).map((r) => ({
        PlayerID: Number(r.PlayerID),
        Overs: ov(r.Overs),
        Maidens: n(r.Maidens),
        Runs: n(r.Runs),
        Wickets: n(r.Wickets),
        Wides: n(r.Wides),
        NoBalls: n(r.NoBalls),
      })),
      Extras: {
        Byes: n(inn.Extras.Byes),
        LegByes: n(inn.Extras.LegByes),
        Wides: n(inn.Extras.Wides),
        NoBalls: n(inn.Extras.NoBalls),
        Penalty: n(inn.Extras.Penalty),
      },
      Total: { Runs: n(inn.Total.Runs), Wickets: n(inn.Total.Wickets), Overs: ov(inn.Total.Overs) },
    })),
    Outcome: {
      Kind: kind,
      WinnerTeamID: kind === 'win' ? id(v.Outcome.WinnerTeamID) : null,
      ByRuns: kind === 'win' && v.Outcome.MarginKind === 'runs' ? margin : null,
      ByWickets: kind === 'win' && v.Outcome.MarginKind === 'wickets' ? margin : null,
      Method: kind !== 'no_result' && v.Outcome.Method.trim() ? v.Outcome.Method.trim() : null,
      SuperOverWinnerTeamID: kind === 'tie' ? id(v.Outcome.SuperOverWinnerTeamID) : null,
    },
    PlayerOfMatchIDs: kind !== 'no_result' && v.PlayerOfMatchID ? [Number(v.PlayerOfMatchID)] : [],
  };
}

/** Each team's players as the request lists them. */
export function playingOf(v: ScorecardValues, sheet: Pick<ScorecardSheet, 'Teams'>): ScorecardInput['Playing'] {
  return sheet.Teams.map((t, ti) => ({
    TeamID: t.TeamID,
    PlayerIDs: [...new Set([...usedBy(v, String(t.TeamID)), ...(v.AlsoPlayed[ti] ?? [])])].map(Number),
  }));
}

/**
 * The result the two innings' totals give (who won, by how much), for the form to suggest after a
 * paste; null when they do not give one (fewer than two innings, a total missing).
 */
export function resultOfTotals(v: Pick<ScorecardValues, 'Innings'>): ScorecardValues['Outcome'] | null {
  const [a, b] = v.Innings.filter((i) => !i.SuperOver);
  if (!a || !b || !a.TeamID || !b.TeamID || a.Total.Runs === '' || b.Total.Runs === '') return null;
  const base = { Method: '', SuperOverWinnerTeamID: '' };
  const first = n(a.Total.Runs);
  const second = n(b.Total.Runs);
  if (first === second) return { Kind: 'tie', WinnerTeamID: '', Margin: '', MarginKind: 'runs', ...base };
  if (first > second) {
    return { Kind: 'win', WinnerTeamID: a.TeamID, Margin: String(first - second), MarginKind: 'runs', ...base };
  }
  return {
    Kind: 'win',
    WinnerTeamID: b.TeamID,
    Margin: String(10 - n(b.Total.Wickets)),
    MarginKind: 'wickets',
    ...base,
  };
}
