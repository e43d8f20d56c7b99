/**
 * Live data settings, from the environment (README, "Configuration"; docs/data.md, "Live data").
 * Read by the live area only.
 */
export interface LiveConfig {
  /**
   * The vendor's in-progress match, as a URL template: `{fixtureId}` and `{matchId}` are replaced.
   * Unset: no polling feed runs (replays can still be started from the CLI or tests).
   */
  feedUrl: string | undefined;
  /** Seconds between polls. */
  feedIntervalMs: number;
  /** A module whose default export turns the vendor's JSON into Cricsheet's shape (`FeedAdapter`). */
  feedAdapter: string | undefined;
  /** The feed counts as silent after this long without a new ball. */
  silentAfterMs: number;
  /** Fixtures are polled from this long before their scheduled start. */
  leadMs: number;
  /** SSE comment heartbeat. */
  heartbeatMs: number;
  /**
   * A league's provisional standings are announced (flushLive, after a poll) at most once per this
   * interval, and always when the feed goes silent and at completion; 0: after every poll.
   */
  standingsIntervalMs: number;
}

/** `LIVE_STANDINGS_INTERVAL_MS` (default 3000; 0: standings after every poll). */
export function standingsIntervalMs(env: NodeJS.ProcessEnv = process.env): number {
  const v = env.LIVE_STANDINGS_INTERVAL_MS;
  if (v === undefined || v === '') return 3000;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) throw new Error(`LIVE_STANDINGS_INTERVAL_MS must be 0 or more, got "${v}"`);
  return n;
}

function positive(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got "${value}"`);
  return n;
}

export function loadLiveConfig(env: NodeJS.ProcessEnv = process.env): LiveConfig {
  return {
    feedUrl: env.LIVE_FEED_URL || undefined,
    feedIntervalMs: positive(env.LIVE_FEED_INTERVAL_S, 5, 'LIVE_FEED_INTERVAL_S') * 1000,
    feedAdapter: env.LIVE_FEED_ADAPTER || undefined,
    silentAfterMs: positive(env.LIVE_SILENT_AFTER_S, 90, 'LIVE_SILENT_AFTER_S') * 1000,
    leadMs: positive(env.LIVE_LEAD_MINUTES, 30, 'LIVE_LEAD_MINUTES') * 60_000,
    heartbeatMs: positive(env.LIVE_HEARTBEAT_S, 15, 'LIVE_HEARTBEAT_S') * 1000,
    standingsIntervalMs: standingsIntervalMs(env),
  };
}
