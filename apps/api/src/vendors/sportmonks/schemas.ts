import { z } from 'zod';

/**
 * The SportMonks Cricket API v2 answers the provider reads, as the vendor documents them. Only the
 * fields the provider reads are declared (other fields pass through unchecked); each one is cited in
 * apps/api/test/vendors/sportmonks/fixtures/documented.ts and README.md. A missing or renamed field
 * fails the parse naming its path (vendors/http.ts `parseShape`).
 */

/** Ids are integers in every documented example. */
const id = z.number().int();

/** GET /leagues, docs "GET League by ID": `id`, `name`. */
export const league = z.object({ id, name: z.string().min(1) });

/** GET /seasons, docs "GET All Seasons": `id`, `league_id`, `name`; include `league`. */
export const season = z.object({ id, league_id: id, name: z.string().min(1) });

/** GET /teams, docs "GET All Teams": `id`, `name`, `code`. */
export const team = z.object({ id, name: z.string().min(1), code: z.string().nullable() });

/** The documented positions (docs "GET All Positions"). */
export const POSITION_NAMES = ['Batsman', 'Bowler', 'Wicketkeeper', 'Allrounder'] as const;

/** GET /players, docs "GET Player by ID": `id`, `fullname`, `position.name`. */
export const player = z.object({
  id,
  fullname: z.string().min(1),
  position: z.object({ name: z.enum(POSITION_NAMES) }),
});

/** docs "Statuses and definitions": every value a fixture's `status` may have. */
export const FIXTURE_STATUSES = [
  'NS',
  'Finished',
  '1st Innings',
  '2nd Innings',
  '3rd Innings',
  '4th Innings',
  'Stump Day 1',
  'Stump Day 2',
  'Stump Day 3',
  'Stump Day 4',
  'Innings Break',
  'Tea Break',
  'Lunch',
  'Dinner',
  'Postp.',
  'Int.',
  'Aban.',
  'Delayed',
  'Cancl.',
] as const;
export type FixtureStatus = (typeof FIXTURE_STATUSES)[number];

/** A fixture's fields named by the filters of docs "GET All Fixtures": `id`, `season_id`, the teams, `status`. */
export const fixture = z.object({
  id,
  season_id: id,
  localteam_id: id,
  visitorteam_id: id,
  status: z.enum(FIXTURE_STATUSES),
});

/** GET /seasons?include=league: the seasons with their league. */
export const seasonsWithLeague = z.object({ data: z.array(season.extend({ league })) });

/** GET /seasons/{ID}?include=teams: the season with its teams. */
export const seasonWithTeams = z.object({ data: season.extend({ teams: z.array(team) }) });

/** GET /teams/{ID}?include=squad&filter[season_id]=…: the team with its players of that season. */
export const teamWithSquad = z.object({ data: team.extend({ squad: z.array(player) }) });

/** A lineup entry: a player (docs "Relationships", Line-ups); only who it is is read. */
export const lineupPlayer = z.object({ id, fullname: z.string().min(1) });

/** GET /fixtures/{ID}?include=lineup: the fixture with the players playing it. */
export const fixtureWithLineup = z.object({ data: fixture.extend({ lineup: z.array(lineupPlayer) }) });

/**
 * The includes of docs "Relationships", Results (docs.sportmonks.com/v2/cricket-api/relationships/
 * results.md): `winnerteam` "the team who won the game", a team (GET All Teams); `manofmatch` who is
 * elected man of the match, a player (GET Player by ID). Only their `id` is read. Each key must be
 * there once asked for (an include is a key of the record: api-flexibility-and-relationships/206);
 * null is read as "none named" (how the vendor answers an include with nothing behind it is not shown).
 */
export const winnerTeam = z.object({ id });
export const manOfMatch = z.object({ id });

/** GET /fixtures/{ID}?include=winnerteam,manofmatch: the fixture with who won it and its man of the match. */
export const fixtureWithResult = z.object({
  data: fixture.extend({ winnerteam: winnerTeam.nullable(), manofmatch: manOfMatch.nullable() }),
});

export type SmTeam = z.output<typeof team>;
export type SmPlayer = z.output<typeof player>;
export type SmFixture = z.output<typeof fixture>;
