import type { CricsheetDelivery, CricsheetInfo, CricsheetMatch } from '../cricket/import/cricsheet-format';
import { validateCricsheetMatch } from '../cricket/import/cricsheet-format';

/**
 * Live data in (docs/decisions/0016-live-match-day.md). A live feed delivers a match as it happens in
 * Cricsheet's shape: the match so far (`info` and the innings with the balls bowled), validated by the
 * importer's validator, and finally the whole match with its outcome and player of the match, which
 * the ordinary importer imports. Two feeds ship: `ReplayFeed` plays a Cricsheet file ball by ball at
 * a chosen pace (the clock is injectable), `PollingFeed` GETs an in-progress match from a vendor URL.
 */

/** A ball at its position: innings index (0-based, super overs included), over number, sequence in the over (extras count). */
export interface BallPosition {
  innings: number;
  over: number;
  seq: number;
}

export interface LiveBall extends BallPosition {
  /** The batting team of the innings. */
  team: string;
  superOver: boolean;
  delivery: CricsheetDelivery;
}

/** One update from a feed: the match as the feed knows it now (all balls so far, or a subset). */
export interface LiveUpdate {
  info: CricsheetInfo;
  balls: LiveBall[];
  /** The match is over: `match` is the complete Cricsheet match for the final import. */
  final?: CricsheetMatch;
}

export interface LiveFeed {
  /** Where the data comes from (reports, `live_fixtures.source`). */
  readonly source: string;
  /** The Cricsheet match id the final import is recorded under. */
  readonly matchId: string;
  /**
   * The next update, or null when nothing new arrived (a poll answered 304 or the same match); the
   * runner calls it again after `waitMs()`. Throws on a malformed match or an unreachable vendor (the
   * runner counts that as silence and keeps trying).
   */
  next(): Promise<LiveUpdate | null>;
  /** How long to wait before the next call. */
  waitMs(): number;
  /** True once the final update was handed out. */
  readonly done: boolean;
  /**
   * False: the fixture is not given `matchId` as its Cricsheet match id (a vendor's feed, whose final
   * figures are written into the fixture without linking it, so a later Cricsheet file corrects it).
   */
  readonly linksMatch?: boolean;
}

/** Time for feeds and runners; tests inject one that does not wait. */
export interface Clock {
  now(): Date;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const realClock: Clock = {
  now: () => new Date(),
  sleep: (ms, signal) =>
    new Promise((resolve) => {
      if (signal?.aborted || ms <= 0) return resolve();
      const t = setTimeout(done, ms);
      function done() {
        clearTimeout(t);
        signal?.removeEventListener('abort', done);
        resolve();
      }
      signal?.addEventListener('abort', done, { once: true });
    }),
};

/** The outcome an in-progress match is validated and parsed with: the importer requires one. */
export const IN_PROGRESS_OUTCOME = { result: 'no result' } as const;

/** Whether a raw match's outcome names a result: a winner, or a tie / no result / draw. */
function rawHasResult(json: unknown): boolean {
  const o = (json as { info?: { outcome?: { winner?: unknown; result?: unknown } } } | null)?.info?.outcome;
  return Boolean(o && typeof o === 'object' && (o.winner || o.result));
}

/** The match with the in-progress outcome when it has no result yet (the validator requires one). */
function withOutcome(json: unknown): unknown {
  if (typeof json !== 'object' || json === null || rawHasResult(json)) return json;
  const root = json as { info?: Record<string, unknown> };
  if (typeof root.info !== 'object' || root.info === null) return json;
  return { ...root, info: { ...root.info, outcome: IN_PROGRESS_OUTCOME } };
}

/** Whether the outcome names a result: a winner, or a tie / no result / draw. */
export function hasResult(m: CricsheetMatch): boolean {
  const o = m.info.outcome;
  return Boolean(o.winner || o.result);
}

/** Every ball of a (possibly in-progress) Cricsheet match at its position, in position order. */
export function ballsOf(m: CricsheetMatch): LiveBall[] {
  const out: LiveBall[] = [];
  m.innings.forEach((inn, innings) => {
    for (const over of inn.overs) {
      over.deliveries.forEach((delivery, seq) => {
        out.push({ innings, over: over.over, seq, team: inn.team, superOver: inn.super_over === true, delivery });
      });
    }
  });
  return out;
}

/**
 * Validates an in-progress Cricsheet match (the importer's validator, with an empty outcome when the
 * feed sends none) and turns it into an update; the match is final when its outcome names a result.
 */
export function updateOf(json: unknown, source: string): LiveUpdate {
  const final = rawHasResult(json);
  const m = validateCricsheetMatch(withOutcome(json), source);
  const update: LiveUpdate = { info: m.info, balls: ballsOf(m) };
  if (final) update.final = m;
  return update;
}

export function comparePositions(a: BallPosition, b: BallPosition): number {
  return a.innings - b.innings || a.over - b.over || a.seq - b.seq;
}

export interface ReplayOptions {
  /**
   * The pace: milliseconds between balls. Default: real time for a T20 (200 minutes over the match's
   * balls). `durationMs` spreads the match over that time instead (a T20 in 20 minutes: 1_200_000);
   * 0 plays as fast as the runner takes them.
   */
  ballIntervalMs?: number;
  durationMs?: number;
  /** Balls per update (default 1). */
  batch?: number;
}

/** Plays a complete Cricsheet match ball by ball, then hands out the match itself as the final update. */
export class ReplayFeed implements LiveFeed {
  private readonly match: CricsheetMatch;
  private readonly balls: LiveBall[];
  private readonly interval: number;
  private readonly batch: number;
  private sent = 0;
  done = false;

  constructor(
    json: unknown,
    readonly matchId: string,
    options: ReplayOptions = {},
    readonly source = `replay:${matchId}`,
  ) {
    this.match = validateCricsheetMatch(json, source);
    this.balls = ballsOf(this.match);
    const n = Math.max(1, this.balls.length);
    this.interval =
      options.ballIntervalMs ?? (options.durationMs !== undefined ? options.durationMs / n : 12_000_000 / n);
    this.batch = Math.max(1, options.batch ?? 1);
  }

  /** The in-progress info: the match's info without outcome or player of the match. */
  private liveInfo(): CricsheetInfo {
    const { player_of_match: _pom, ...info } = this.match.info;
    return { ...info, outcome: { ...IN_PROGRESS_OUTCOME } };
  }

  async next(): Promise<LiveUpdate | null> {
    if (this.done) return null;
    if (this.sent < this.balls.length) {
      const balls = this.balls.slice(this.sent, this.sent + this.batch);
      this.sent += balls.length;
      return { info: this.liveInfo(), balls };
    }
    this.done = true;
    return { info: this.match.info, balls: [], final: this.match };
  }

  waitMs(): number {
    return this.interval;
  }
}

/** Turns a vendor's answer into Cricsheet-shaped JSON (the identity for a vendor that speaks Cricsheet). */
export type FeedAdapter = (json: unknown) => unknown;

export interface PollingOptions {
  url: string;
  intervalMs: number;
  adapter?: FeedAdapter;
  fetch?: typeof fetch;
  /** Per request (default 10 s). */
  timeoutMs?: number;
}

/**
 * GETs an in-progress Cricsheet-shaped match from a URL every `intervalMs`, with If-None-Match after
 * the first answer: a 304 (or the same body) is "nothing new". The whole match so far is handed out
 * each time something changed; the ingester skips balls it already has.
 */
export class PollingFeed implements LiveFeed {
  private etag: string | undefined;
  private lastBody: string | undefined;
  done = false;
  readonly source: string;

  constructor(
    readonly matchId: string,
    private readonly options: PollingOptions,
  ) {
    this.source = options.url;
  }

  async next(): Promise<LiveUpdate | null> {
    if (this.done) return null;
    const f = this.options.fetch ?? fetch;
    const res = await f(this.options.url, {
      headers: { accept: 'application/json', ...(this.etag ? { 'if-none-match': this.etag } : {}) },
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
    });
    if (res.status === 304) return null;
    if (!res.ok) throw new Error(`${this.options.url}: HTTP ${res.status}`);
    const etag = res.headers.get('etag');
    if (etag) this.etag = etag;
    const text = await res.text();
    if (text === this.lastBody) return null;
    this.lastBody = text;
    const json = JSON.parse(text) as unknown;
    const update = updateOf(this.options.adapter ? this.options.adapter(json) : json, this.options.url);
    if (update.final) this.done = true;
    return update;
  }

  waitMs(): number {
    return this.options.intervalMs;
  }
}
