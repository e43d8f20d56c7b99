import { z } from 'zod';
import {
  DISPLAY_NAME_MIN,
  LEAGUE_DESCRIPTION_MAX,
  POSITION_LIMITS,
  TEAM_MAX_PLAYERS,
  TEAM_MIN_PLAYERS,
} from './constants';
import { messages } from './messages';

/**
 * League rules of spec section 5 (start league, join private league, player counts, feature
 * points). The web forms and the API use the same functions and schemas.
 */
const m = messages;

/** The gamer name in a league: required and at least DISPLAY_NAME_MIN characters, one message for both. */
export const displayNameField = z.string().trim().min(DISPLAY_NAME_MIN, m.startLeague.displayNameRequired);

export const leagueDescriptionField = z.string().max(LEAGUE_DESCRIPTION_MAX, m.startLeague.descriptionMax);

/** Start League form values (strings as the controls hold them). */
export const startLeagueFormSchema = z.object({
  leagueName: z.string().trim().min(1, m.startLeague.nameRequired),
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
  Name: z.string().trim().min(1, m.startLeague.nameRequired),
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
  leagueCode: z.string().trim().min(1, m.join.codeRequired),
  displayName: z.string().trim().min(DISPLAY_NAME_MIN, m.join.displayNameRequired),
});
export type JoinPrivateForm = z.infer<typeof joinPrivateFormSchema>;

/** The joinLeague payload as the API checks it. */
export const joinLeaguePayloadSchema = z.object({
  UserID: z.number().int(),
  LeagueCode: z.string().trim().min(1, m.join.codeRequired),
  DisplayName: z.string().trim().min(DISPLAY_NAME_MIN, m.join.displayNameRequired),
});

/** Joining a public league from its row: the trimmed gamer name must have at least 3 characters. */
export function publicJoinError(leagueCode: string, displayName: string): string | undefined {
  return leagueCode.trim() && displayName.trim().length >= DISPLAY_NAME_MIN ? undefined : m.join.publicDisplayName;
}

/** The limit for a position name; unknown positions fall back to the 'Any' limit (the team maximum). */
export function positionLimit(position: string): number {
  const limits: Record<string, number> = POSITION_LIMITS;
  return limits[position] ?? TEAM_MAX_PLAYERS;
}

export interface PositionCount {
  position: string;
  count: number;
}

/**
 * Player counts of a Player Selection league: per-position maxima, a total of at most 11 and at
 * least 1. Returns every broken rule's message, per-position ones first; empty when valid.
 */
export function selectionCountErrors(counts: readonly PositionCount[]): string[] {
  const errors: string[] = [];
  for (const { position, count } of counts) {
    const limit = positionLimit(position);
    if (!Number.isInteger(count) || count < 0 || count > limit) {
      errors.push(m.configure.positionMax(limit, position));
    }
  }
  const total = counts.reduce((sum, c) => sum + (Number.isFinite(c.count) ? c.count : 0), 0);
  if (total > TEAM_MAX_PLAYERS) errors.push(m.configure.totalMax);
  if (total < TEAM_MIN_PLAYERS) errors.push(m.configure.totalMin);
  return errors;
}

/**
 * One feature's points: the raw text of the input (or a number). Returns the message of the first
 * broken rule: required, whole number, then 0..max inclusive.
 */
export function featurePointsError(value: string | number, feature: string, max: number): string | undefined {
  const text = typeof value === 'number' ? String(value) : value.trim();
  if (text === '' || text === 'NaN') return m.configure.pointsRequired;
  const points = Number(text);
  if (!Number.isFinite(points)) return m.configure.pointsRequired;
  if (!Number.isInteger(points)) return m.configure.pointsWhole;
  if (points < 0 || points > max) return m.configure.pointsRange(feature, max);
  return undefined;
}
