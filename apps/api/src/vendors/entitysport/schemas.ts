import { z } from 'zod';

/**
 * The parts of Entity Sport's Cricket API v2 answers the provider reads, as its documentation shows
 * them (entitysport/slate, source/index.html.md, commit e871d75: the sections named beside each
 * schema). Only fields the documentation shows are here; every one is cited, with the section it
 * comes from, in apps/api/test/vendors/entitysport/fixtures/. Unknown fields are ignored; a missing
 * or changed field fails the call naming it (vendors/http.ts, parseShape).
 *
 * The documentation's examples write most numbers as strings ("runs": "45") while its reference
 * tables call them integers, so both are accepted wherever a number is read.
 */

/** An integer, as a number or a string of digits. */
const int = z.union([
  z.number().int(),
  z
    .string()
    .regex(/^-?\d+$/)
    .transform(Number),
]);
/** An integer that may be empty (`"penalty": ""` in the scorecard example) or absent: 0. */
const intOrEmpty = z.union([int, z.literal('').transform(() => 0)]);
/** An id (`cid`, `match_id`, `pid`, `team_id`…), as a string. */
const id = z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/)]).transform(String);
/** An optional id: "" or 0 (the examples' "no one") is null. */
const optId = z
  .union([z.literal(''), z.literal(0), z.literal('0'), id])
  .transform((v) => (v === '' || v === 0 || v === '0' ? null : String(v)));
/** "true" / "false" (the examples write booleans as strings). */
const boolStr = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);
/** Overs as written: 20, "20", "3.4". */
const overs = z.union([z.number().nonnegative(), z.string().regex(/^\d+(\.\d)?$/)]).transform(String);

/** Every answer: `status` and `response` ("API Response"). */
export const envelope = z.object({ status: z.string(), response: z.unknown() });

/** "Obtaining Token": response.token, response.expires. */
export const authResponse = z.object({ token: z.string().min(1), expires: z.union([z.string(), z.number()]) });

/** "Competitions List API" items, and "Competitions Overview API". */
export const competition = z.object({
  cid: id,
  title: z.string(),
  season: z.string(),
  game_format: z.string().optional(),
  status: z.string(),
});
export const competitionList = z.object({
  items: z.array(competition),
  total_pages: int,
});

const matchTeam = z.object({ team_id: id, name: z.string(), short_name: z.string() });
const venue = z.object({ name: z.string(), location: z.string() });
/** "Toss Properties": winner (team id, 0 before the toss) and decision (1 batting, 2 fielding). */
const toss = z.object({ winner: optId, decision: z.union([int, z.literal('')]) });

/** "Competition Matches API" items (the match object, as in "Match Info API"). */
export const match = z.object({
  match_id: id,
  subtitle: z.string(),
  format: int,
  status: int,
  status_note: z.string(),
  teama: matchTeam,
  teamb: matchTeam,
  timestamp_start: int,
  venue,
  toss: toss.optional(),
});
export const matchList = z.object({ items: z.array(match), total_pages: int });

/** Player Properties: pid, title, playing_role. */
const player = z.object({ pid: id, title: z.string(), playing_role: z.string() });

/** "Competition Squads API": squads[].team_id, players, team. */
export const competitionSquads = z.object({
  squads: z.array(
    z.object({
      team_id: id,
      players: z.array(player),
      team: z.object({ tid: id, title: z.string(), abbr: z.string() }),
    }),
  ),
});

/** "Match Info API": the match object with its competition. */
export const matchInfo = match.extend({
  competition: z.object({ cid: id, title: z.string(), season: z.string() }),
});

/** "Match Squads API": teama/teamb squads (player_id, role, playing11) and the players. */
const squadTeam = z.object({
  team_id: id,
  squads: z.array(z.object({ player_id: id, role: z.string(), playing11: boolStr })),
});
export const matchSquads = z.object({
  teama: squadTeam,
  teamb: squadTeam,
  players: z.array(player),
});

/** "Match Scorecard API" → Batsmen Properties. */
const batsman = z.object({
  batsman_id: id,
  runs: int,
  balls_faced: int,
  fours: int,
  sixes: int,
  how_out: z.string(),
  dismissal: z.string(),
  bowler_id: optId,
  first_fielder_id: optId,
  second_fielder_id: optId,
  third_fielder_id: optId,
});
/** "Match Scorecard API" → Bowlers Properties. */
const bowler = z.object({
  bowler_id: id,
  overs,
  maidens: int,
  runs_conceded: int,
  wickets: int,
  noballs: int,
  wides: int,
});
/** "Match Scorecard API" → Fielder Properties. */
const fielder = z.object({
  fielder_id: id,
  fielder_name: z.string(),
  catches: int,
  runout_thrower: int,
  runout_catcher: int,
  runout_direct_hit: int,
  stumping: int,
  is_substitute: boolStr,
});
/** "Match Scorecard API" → Innings Properties. */
const innings = z.object({
  number: int,
  batting_team_id: id,
  fielding_team_id: id,
  batsmen: z.array(batsman),
  bowlers: z.array(bowler),
  fielder: z.array(fielder),
  extra_runs: z.object({
    byes: intOrEmpty,
    legbyes: intOrEmpty,
    wides: intOrEmpty,
    noballs: intOrEmpty,
    penalty: intOrEmpty,
    total: intOrEmpty,
  }),
  equations: z.object({ runs: int, wickets: int, overs }),
});
/** Man of the Match Properties: pid, name ("" when there is none yet). */
const manOfTheMatch = z.union([z.literal(''), z.object({ pid: id, name: z.string() })]);

/** "Match Scorecard API". */
export const scorecard = z.object({
  match_id: id,
  subtitle: z.string(),
  format: int,
  status: int,
  status_note: z.string(),
  competition: z.object({ cid: id, title: z.string(), season: z.string() }),
  teama: matchTeam,
  teamb: matchTeam,
  timestamp_start: int,
  venue,
  result: z.string(),
  win_margin: z.string(),
  winning_team_id: optId,
  toss,
  man_of_the_match: manOfTheMatch,
  latest_inning_number: z.union([int, z.literal('')]),
  innings: z.array(innings),
  players: z.array(z.object({ pid: id, title: z.string(), role: z.string() })),
});

/** "Match Innings Commentary API" → Commentary Properties, event ball / wicket. */
export const ballEvent = z.object({
  event: z.literal('ball'),
  batsman_id: id,
  bowler_id: id,
  over: int,
  ball: int,
  score: z.union([z.number().int().nonnegative(), z.string().min(1)]),
});
export const wicketEvent = ballEvent.extend({
  event: z.literal('wicket'),
  wicket_batsman_id: id,
  how_out: z.string(),
});
/**
 * "Match Innings Commentary API". Each commentary is checked here only for its `event`; ball and
 * wicket events are checked against their documented fields one by one (./balls.ts), so a missing
 * field is named; other events (overend) are not read.
 */
export const inningsCommentary = z.object({
  inning: z.object({ number: int, batting_team_id: id, fielding_team_id: id }),
  commentaries: z.array(z.looseObject({ event: z.string() })),
});

export type Competition = z.output<typeof competition>;
export type Match = z.output<typeof match>;
export type MatchInfo = z.output<typeof matchInfo>;
export type CompetitionSquads = z.output<typeof competitionSquads>;
export type MatchSquads = z.output<typeof matchSquads>;
export type Scorecard = z.output<typeof scorecard>;
export type ScorecardInnings = z.output<typeof innings>;
export type InningsCommentary = z.output<typeof inningsCommentary>;
export type BallEvent = z.output<typeof ballEvent> | z.output<typeof wicketEvent>;
