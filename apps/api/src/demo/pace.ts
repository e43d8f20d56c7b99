import type { DemoPace } from '../config';

/** The paced demo season's grid (the pace, DEMO_PACE, is read by src/config.ts). */

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
