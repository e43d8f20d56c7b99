/**
 * The demo season's pace (DEMO_PACE): how long a demo match takes to play live and how often one
 * starts. `<match minutes>/<every minutes>`, e.g. `15/25` (the default: a T20 replayed in 15 minutes,
 * a fixture every 25 minutes), fractions allowed (`1/1.5` for end-to-end tests); `<match minutes>`
 * alone starts one every match + 10 minutes. `daily` keeps the old calendar: daily 10:00 and 14:00 UTC
 * fixtures, played instantly once started (no live replay).
 *
 * The pace keeps a promise: at any time a demo fixture is live or starts within 15 minutes, so
 * `every` may exceed `match` by at most DEMO_MAX_GAP_MS. The default also keeps the newcomer's: someone
 * who signs up just after a start picks for the next fixture, which starts within 25 minutes (live
 * points within 30) and ends within 40 (final standings within 45).
 */
export interface DemoPace {
  /** A fixture's replay lasts this long, from its start time. */
  matchMs: number;
  /** Fixtures start on a grid of this step (multiples of it since the Unix epoch, UTC). */
  everyMs: number;
}

export const DEMO_MAX_GAP_MS = 15 * 60_000;
export const DEFAULT_DEMO_PACE: DemoPace = { matchMs: 15 * 60_000, everyMs: 25 * 60_000 };

const MINUTES = /^\s*(\d+(?:\.\d+)?)\s*(?:\/\s*(\d+(?:\.\d+)?)\s*)?$/;

/** DEMO_PACE → the pace, or 'daily'; throws on a malformed value or a gap over 15 minutes. */
export function parseDemoPace(value: string | undefined): DemoPace | 'daily' {
  if (value === undefined || value.trim() === '') return DEFAULT_DEMO_PACE;
  if (value.trim() === 'daily') return 'daily';
  const m = MINUTES.exec(value);
  if (!m)
    throw new Error(`DEMO_PACE must be "<match minutes>/<every minutes>" (e.g. 15/25) or "daily", got "${value}"`);
  const match = Number(m[1]);
  const every = m[2] === undefined ? match + 10 : Number(m[2]);
  if (!(match > 0) || every < match)
    throw new Error(`DEMO_PACE: a match (${match} min) must be positive and no longer than the step (${every} min)`);
  const pace = { matchMs: Math.round(match * 60_000), everyMs: Math.round(every * 60_000) };
  if (pace.everyMs - pace.matchMs > DEMO_MAX_GAP_MS)
    throw new Error(`DEMO_PACE: fixtures every ${every} min leave more than 15 min between ${match}-min matches`);
  return pace;
}

/** The grid slot at or before `t`. */
export function slotAtOrBefore(t: number, pace: DemoPace): number {
  return Math.floor(t / pace.everyMs) * pace.everyMs;
}

/**
 * Start times on the pace's grid: the `past` latest slots not after `now` (the latest may be live),
 * then the next `total - past` slots after it.
 */
export function pacedSlots(now: Date, total: number, past: number, pace: DemoPace): Date[] {
  const at = slotAtOrBefore(now.getTime(), pace);
  const out: Date[] = [];
  for (let i = past - 1; i >= 0; i--) out.push(new Date(at - i * pace.everyMs));
  for (let i = 1; out.length < total; i++) out.push(new Date(at + i * pace.everyMs));
  return out;
}
