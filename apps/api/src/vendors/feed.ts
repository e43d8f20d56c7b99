import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { type Clock, type LiveFeed, type LiveUpdate, realClock } from '../live/feed';
import type { KnownVendor } from './connection';
import { liveUpdateInOurs, livePlayerIds, oursFor } from './ours';
import type { VendorProvider, VendorResult } from './provider';

/**
 * A vendor's match as a live feed (live/feed.ts `LiveFeed`), so its balls go through the live
 * machinery like any feed's: the same parser, scoring, fault handling and events. Each poll asks the
 * provider for the match so far (`live`: a conditional request, and nothing more when nothing
 * changed); when nothing changed, it asks at most every `resultCheckMs` whether the vendor marked the
 * match over (`result`). Then the feed is done and holds the result, which the sync writes
 * (./results.ts) in place of the live figures. The fixture is never linked to the feed's match id.
 */

export const FINAL_STATUSES = new Set(['finished', 'abandoned', 'cancelled']);

export interface VendorFeedOptions {
  intervalMs: number;
  /** Between two looks at the result while nothing new comes (default: every poll after a quiet one). */
  resultCheckMs?: number;
  clock?: Clock;
}

export class VendorFeed implements LiveFeed {
  readonly linksMatch = false;
  readonly source: string;
  readonly matchId: string;
  done = false;
  /** The vendor's final answer, once it marked the match over. */
  result: VendorResult | null = null;
  private lastCheck = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly vendor: KnownVendor,
    private readonly provider: VendorProvider,
    private readonly fixtureId: number,
    private readonly vendorId: string,
    private readonly options: VendorFeedOptions,
  ) {
    this.source = `${vendor}:match/${vendorId}`;
    this.matchId = `${vendor}-${vendorId}`;
  }

  async next(): Promise<LiveUpdate | null> {
    if (this.done) return null;
    const update = await this.provider.live(this.vendorId);
    if (update) {
      const ours = await oursFor(this.db, this.vendor, this.fixtureId, livePlayerIds(update, this.vendor));
      return liveUpdateInOurs(update, this.vendor, ours);
    }
    const now = (this.options.clock ?? realClock).now().getTime();
    if (now - this.lastCheck < (this.options.resultCheckMs ?? 0)) return null;
    this.lastCheck = now;
    const result = await this.provider.result(this.vendorId);
    if (FINAL_STATUSES.has(result.status)) {
      this.result = result;
      this.done = true;
    }
    return null;
  }

  waitMs(): number {
    return this.options.intervalMs;
  }
}
