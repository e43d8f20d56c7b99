import { z } from 'zod';
import {
  DISPLAY_NAME_MIN,
  LEAGUE_DESCRIPTION_MAX,
  POSITION_LIMITS,
  TEAM_MAX_PLAYERS,
  TEAM_MIN_PLAYERS,
} from './constants';
import { messages } from './messages';
import { multiLineText, singleLineText } from './text-schemas';

/**
 * League rules of spec section 5 (start league, join private league, player counts, feature
 * points). The web forms and the API use the same functions and schemas.
 */
const m = messages;

/** The gamer name in a league: required and at least DISPLAY_NAME_MIN characters, one message for both. */
export const displayNameField = singleLineText('Display Name', m.startLeague.displayNameRequired).min(
  DISPLAY_NAME_MIN,
  m.startLeague.displayNameRequired,
);

/** The league name: a single line, required. */
export const leagueNameField = singleLineText('League Name', m.startLeague.nameRequired);

export const leagueDescriptionField = multiLineText('League Description').max(
  LEAGUE_DESCRIPTION_MAX,
  m.startLeague.descriptionMax,
);

/** What the API checks on `PUT /league/{id}` (the Edit League dialog sends the same two fields). */
export const updateLeaguePayloadSchema = z.object({
  Description: leagueDescriptionField,
  ShowOthersPicks: z.boolean(),
});

/** The league code typed on Join Private League. */
const leagueCodeField = singleLineText('League Code', m.join.codeRequired);
/** The gamer name typed on Join Private League (its own "required" message). */
const joinDisplayNameField = singleLineText('Display Name', m.join.displayNameRequired).min(
  DISPLAY_NAME_MIN,
  m.join.displayNameRequired,
);

/** Start League form values (strings as the controls hold them). */
export const startLeagueFormSchema = z.object({
  leagueName: leagueNameField,
  description: leagueDescriptionField,
  isPrivate: z.boolean(),
  showOthersPicks: z.boolean(),
  leagueTypeId: z.string().min(1, m.startLeague.typeRequired),
  series: z.string().min(1, m.startLeague.seriesRequired),
  displayName: displayNameField,
});
export type StartLeagueForm = z.infer<typeof startLeagueFormSchema>;

/** The create-league payload (spec section 3) as the API checks it. */
export const createLeaguePayloadSchema = z.object({
  Name: leagueNameField,
  Description: leagueDescriptionField.optional(),
  LeagueTypeID: z.number({ error: m.startLeague.typeRequired }).int(),
  IsPrivate: z.boolean(),
  ShowOthersPicks: z.boolean(),
  SeasonID: z.number({ error: m.startLeague.seriesRequired }).int(),
  StageID: z.number().int().optional(),
  AdminUserID: z.number().int(),
  AdminDisplayName: displayNameField,
});
export type CreateLeaguePayload = z.infer<typeof createLeaguePayloadSchema>;

/** The only league type a public league may use. */
export const PUBLIC_LEAGUE_TYPE = 'Match Prediction';

/** Public leagues may only use Match Prediction; private leagues may use every type. */
export function isLeagueTypeAllowed(leagueTypeName: string, isPrivate: boolean): boolean {
  return isPrivate || leagueTypeName === PUBLIC_LEAGUE_TYPE;
}

/** Join Private League form. */
export const joinPrivateFormSchema = z.object({
  leagueCode: leagueCodeField,
  displayName: joinDisplayNameField,
});
export type JoinPrivateForm = z.infer<typeof joinPrivateFormSchema>;

/** The joinLeague payload as the API checks it. */
export const joinLeaguePayloadSchema = z.object({
  UserID: z.number().int(),
  LeagueCode: leagueCodeField,
  DisplayName: joinDisplayNameField,
});

/** The limit for a position name; unknown positions fall back to the 'Any' limit (the team maximum). */
export function positionLimit(position: string): number {
  const limits: Record<string, number> = POSITION_LIMITS;
  return limits[position] ?? TEAM_MAX_PLAYERS;
}

export interface PositionCount {
  position: string;
  count: number;
}

/** One position's player count: a whole number from 0 to the position's maximum. The message, or undefined. */
export function positionCountError(position: string, count: number): string | undefined {
  const limit = positionLimit(position);
  return Number.isInteger(count) && count >= 0 && count <= limit ? undefined : m.configure.positionMax(limit, position);
}

/**
 * Player counts of a Player Selection league: per-position maxima, a total of at most 11 and at
 * least 1. Returns every broken rule's message, per-position ones first; empty when valid.
 */
export function selectionCountErrors(counts: readonly PositionCount[]): string[] {
  const errors: string[] = [];
  for (const { position, count } of counts) {
    const error = positionCountError(position, count);
    if (error) errors.push(error);
  }
  const total = counts.reduce((sum, c) => sum + (Number.isFinite(c.count) ? c.count : 0), 0);
  if (total > TEAM_MAX_PLAYERS) errors.push(m.configure.totalMax);
  if (total < TEAM_MIN_PLAYERS) errors.push(m.configure.totalMin);
  return errors;
}

/** A whole or decimal number written in base 10, with an optional sign ("5", "-1", "2.5"; not "1e3", "0x10"). */
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/**
 * One feature's points, as the admin's form holds them (the input's text) or as the API receives them
 * (any JSON value). Returns the message of the first broken rule, or undefined when valid:
 * - required: nothing given — a missing value, '', white space only, or NaN / 'NaN' (what an emptied
 *   number input reads as);
 * - a whole number: anything else that is not a base-10 whole number ('2.5', 'abc', Infinity, true);
 * - between 0 and `max` inclusive (the magnitude; a penalty feature subtracts it).
 * The web's form and the API's bulk update both call this, so both give the same answer.
 */
export function featurePointsError(value: unknown, feature: string, max: number): string | undefined {
  const points = featurePointsValue(value);
  if (points === 'missing') return m.configure.pointsRequired;
  if (points === 'not-whole') return m.configure.pointsWhole;
  if (points < 0 || points > max) return m.configure.pointsRange(feature, max);
  return undefined;
}

function featurePointsValue(value: unknown): number | 'missing' | 'not-whole' {
  if (value === null || value === undefined) return 'missing';
  if (typeof value === 'number') {
    if (Number.isNaN(value)) return 'missing';
    return Number.isInteger(value) ? value : 'not-whole';
  }
  if (typeof value !== 'string') return 'not-whole';
  const text = value.trim();
  if (text === '' || text === 'NaN') return 'missing';
  if (!DECIMAL.test(text)) return 'not-whole';
  const points = Number(text);
  return Number.isInteger(points) ? points : 'not-whole';
}

/** The minus sign of points that count against a player (U+2212; screen readers say "minus"). */
export const MINUS_SIGN = '\u2212';

/**
 * Points as they count, with their sign: "+10", "−2", "0". Every screen and text that tells a player
 * what a feature is worth uses this, so a penalty never reads as a reward (decision 0034).
 */
export function signedPoints(points: number): string {
  if (points > 0) return `+${points}`;
  if (points < 0) return `${MINUS_SIGN}${Math.abs(points)}`;
  return '0';
}

/**
 * A league feature's points as they count: the magnitude the admin sets (0..MaxPoints) times the
 * feature's sign (−1 for penalties such as Duck).
 */
export function countedPoints(points: number, sign: number): number {
  return sign < 0 && points !== 0 ? -points : points;
}
