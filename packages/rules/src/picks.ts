import { DISPLAY_TIME_ZONE } from './constants';
import { messages } from './messages';

/**
 * Picking rules both sides enforce (spec sections 2, 5 and 9): when a fixture is past, how fixtures are
 * labelled, which positions a Match Prediction player feature allows, and the two refusal messages.
 */

/** Position ids (spec PositionID): the positions table's ids, the same in the web app and the API. */
export const POSITION_ID = { Batsman: 1, Bowler: 2, Wicketkeeper: 3, Allrounder: 4 } as const;
export type PositionIdValue = (typeof POSITION_ID)[keyof typeof POSITION_ID];

/** Match Prediction feature ids (spec FeatureID): the features table's ids for Match Prediction leagues. */
export const MP_FEATURE_ID = {
  MatchWinner: 1,
  MostRuns: 2,
  MostWickets: 3,
  ManOfTheMatch: 4,
  WinningMargin: 5,
  TotalSixes: 6,
} as const;
export type MpFeatureId = (typeof MP_FEATURE_ID)[keyof typeof MP_FEATURE_ID];

/**
 * Match Prediction player features limited to some positions (spec section 5): FeatureID → PositionIDs,
 * in position id order. The one statement of the rule: the pick grid, the API's pick validation, the
 * catalogue rows and the scoring (who can win Most Runs / Most Wickets) all read it.
 */
export const FEATURE_ALLOWED_POSITIONS: Readonly<Partial<Record<MpFeatureId, readonly PositionIdValue[]>>> = {
  [MP_FEATURE_ID.MostRuns]: [POSITION_ID.Batsman, POSITION_ID.Wicketkeeper, POSITION_ID.Allrounder],
  [MP_FEATURE_ID.MostWickets]: [POSITION_ID.Bowler, POSITION_ID.Allrounder],
};

/** The positions a player feature allows, or `null` when any position may be picked. */
export function allowedPositionsForFeature(featureId: number): readonly PositionIdValue[] | null {
  return FEATURE_ALLOWED_POSITIONS[featureId as MpFeatureId] ?? null;
}

/**
 * Reads a server time: ISO 8601 text, or 'yyyy-MM-dd HH:mm:ss' (UTC). Text without a zone is UTC.
 * Returns `null` when it cannot be read.
 */
export function parseServerTime(value: string | Date | null | undefined): Date | null {
  if (value == null) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  const text = value.trim();
  const plain = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)$/.exec(text);
  const d = new Date(plain ? `${plain[1]}T${plain[2]}Z` : text);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** A fixture is past (picks locked) when its start time is not after the server's time. */
export function hasStarted(startTime: string | Date, serverNow: string | Date): boolean {
  const start = parseServerTime(startTime);
  const now = parseServerTime(serverNow);
  if (!start || !now) return true; // unreadable times never open a fixture for picks
  return start.getTime() <= now.getTime();
}

const etParts = new Intl.DateTimeFormat('en-US', {
  timeZone: DISPLAY_TIME_ZONE,
  month: '2-digit',
  day: '2-digit',
  hour: 'numeric',
  hour12: true,
});

/** 'MM/dd h a ET' in America/New_York, e.g. '04/05 10 AM ET'; 'Invalid Date' when unreadable. */
export function formatEtShort(startTime: string | Date): string {
  const d = parseServerTime(startTime);
  if (!d) return 'Invalid Date';
  const parts = Object.fromEntries(etParts.formatToParts(d).map((p) => [p.type, p.value]));
  return `${parts.month}/${parts.day} ${parts.hour} ${parts.dayPeriod} ET`;
}

const etMinuteParts = new Intl.DateTimeFormat('en-US', {
  timeZone: DISPLAY_TIME_ZONE,
  month: '2-digit',
  day: '2-digit',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/**
 * 'MM/dd h:mm a ET' in America/New_York, e.g. '04/05 10:25 AM ET': a lock time to the minute (emails
 * list fixtures that start minutes apart); 'Invalid Date' when unreadable.
 */
export function formatEtMinutes(startTime: string | Date): string {
  const d = parseServerTime(startTime);
  if (!d) return 'Invalid Date';
  const parts = Object.fromEntries(etMinuteParts.formatToParts(d).map((p) => [p.type, p.value]));
  return `${parts.month}/${parts.day} ${parts.hour}:${parts.minute} ${parts.dayPeriod} ET`;
}

export interface FixtureLabelInput {
  FixtureName: string;
  StartTime: string;
  LocalTeamCode: string;
  VisitorTeamCode: string;
}

/** 'Match 12 - CSK @ MI - 04/14 10 AM ET': name - visitor code @ local code - start in Eastern Time. */
export function fixtureLabel(f: FixtureLabelInput): string {
  return `${f.FixtureName} - ${f.VisitorTeamCode} @ ${f.LocalTeamCode} - ${formatEtShort(f.StartTime)}`;
}

export interface PlayerPickLike {
  FixtureID: number;
  PositionName: string;
  PlayerID: number;
}

/**
 * Players picked more than once in the same fixture (PlayerID 0 = empty slot, ignored), in pick order,
 * each listed once with the position of its repeated pick.
 */
export function duplicatePlayerPicks<T extends PlayerPickLike>(picks: readonly T[]): T[] {
  const seen = new Set<string>();
  const reported = new Set<string>();
  const out: T[] = [];
  for (const p of picks) {
    if (!p.PlayerID) continue;
    const key = `${p.FixtureID}:${p.PlayerID}`;
    if (seen.has(key) && !reported.has(key)) {
      reported.add(key);
      out.push(p);
    }
    seen.add(key);
  }
  return out;
}

/** The spec's duplicate message: 'Duplicate selections detected for: Batsman: 12, Bowler: 40 Please select …'. */
export function duplicatesMessage(duplicates: readonly Pick<PlayerPickLike, 'PositionName' | 'PlayerID'>[]): string {
  return messages.selections.duplicates(duplicates.map((d) => `${d.PositionName}: ${d.PlayerID}`).join(', '));
}

/** The spec's started-fixtures message, listing each fixture name once. */
export function startedMessage(fixtureNames: readonly string[]): string {
  return messages.selections.started([...new Set(fixtureNames)].join(', '));
}
