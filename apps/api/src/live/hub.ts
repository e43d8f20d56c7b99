import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { changeHub } from '../db/notifications';
import type { DB } from '../db/schema';
import { type EventRow, eventsAfter, lastEventId, toEvent, topicEventsAfter } from './events';

/**
 * Server-Sent Events in one process (docs/decisions/0016-live-match-day.md). Every process has one hub
 * per database handle; it follows `live_events` by id — woken by the `E` notification the writing
 * transaction sends, and every `pollMs` as a safety net — and writes each new event to the streams
 * whose topics it concerns. Each stream remembers the last id it was sent, so an event reaches it
 * once, whether it came by the replay of a reconnect or live. Streams are written with `reply.raw`
 * (no onSend hook or compression touches them), get a `: ping` comment every `heartbeatMs`, are
 * counted, and are ended when the app closes.
 */

export interface Topics {
  fixtures: ReadonlySet<number>;
  leagues: ReadonlySet<number>;
}

export interface LiveHubOptions {
  heartbeatMs?: number;
  pollMs?: number;
}

interface Stream {
  res: ServerResponse;
  topics: Topics;
  /** The last event id this stream was sent (or chose to start after). */
  after: number;
  /** Writes happen in order: the replay first, then live events. */
  queue: Promise<void>;
}

function wants(t: Topics, e: EventRow): boolean {
  return (
    (e.fixture_id !== null && t.fixtures.has(e.fixture_id)) || (e.league_id !== null && t.leagues.has(e.league_id))
  );
}

export function sseFrame(e: EventRow): string {
  return `id: ${e.id}\nevent: ${e.type}\ndata: ${JSON.stringify(toEvent(e))}\n\n`;
}

export class LiveHub {
  private readonly streams = new Set<Stream>();
  private last: number | undefined;
  private starting: Promise<void> | undefined;
  private pulling: Promise<void> | undefined;
  private pullAgain = false;
  private heartbeat: NodeJS.Timeout | undefined;
  private poll: NodeJS.Timeout | undefined;
  private closed = false;
  /** Events written to streams (tests count deliveries). */
  delivered = 0;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly log?: FastifyBaseLogger,
    private readonly options: LiveHubOptions = {},
  ) {}

  get size(): number {
    return this.streams.size;
  }

  /** Reads where the events are now and starts listening (once). */
  start(): Promise<void> {
    this.starting ??= (async () => {
      const hub = changeHub(this.db);
      hub?.on('E', () => void this.pull());
      hub?.onReset(() => void this.pull());
      void hub?.ensureFresh();
      this.last = await lastEventId(this.db);
      this.poll = setInterval(() => {
        void hub?.ensureFresh();
        void this.pull();
      }, this.options.pollMs ?? 2_000);
      this.poll.unref();
      this.heartbeat = setInterval(() => this.ping(), this.options.heartbeatMs ?? 15_000);
      this.heartbeat.unref();
    })();
    return this.starting;
  }

  /** Reads the events after the last one seen and hands each to the streams that want it. */
  pull(): Promise<void> {
    if (this.last === undefined || this.closed) return Promise.resolve();
    if (this.pulling) {
      this.pullAgain = true;
      return this.pulling;
    }
    this.pulling = (async () => {
      try {
        do {
          this.pullAgain = false;
          for (;;) {
            const rows = await eventsAfter(this.db, this.last ?? 0, 500);
            if (rows.length) this.last = rows.at(-1)!.id;
            // Each event's frame is made once, however many streams get it, and each stream gets the
            // batch's events it wants in one write (measured: bench/live.ts, 10,000 streams).
            const frames = new Map<EventRow, string>();
            const frameOf = (e: EventRow) => {
              let f = frames.get(e);
              if (f === undefined) {
                f = sseFrame(e);
                frames.set(e, f);
              }
              return f;
            };
            for (const s of this.streams) {
              const wanted = rows.filter((e) => wants(s.topics, e));
              if (wanted.length) this.send(s, wanted, frameOf);
            }
            if (rows.length < 500) break;
          }
        } while (this.pullAgain);
      } catch (err) {
        this.log?.warn({ err }, 'live events not read; retrying');
      } finally {
        this.pulling = undefined;
      }
    })();
    return this.pulling;
  }

  private send(s: Stream, rows: readonly EventRow[], frameOf: (e: EventRow) => string): void {
    s.queue = s.queue.then(() => {
      let out = '';
      for (const e of rows) {
        if (e.id <= s.after || s.res.writableEnded) continue;
        out += frameOf(e);
        s.after = e.id;
        this.delivered += 1;
      }
      if (out) s.res.write(out);
    });
  }

  private ping(): void {
    for (const s of this.streams) if (!s.res.writableEnded) s.res.write(': ping\n\n');
  }

  /**
   * Adds a stream: with `after`, first the events of its topics after that id (a reconnect's replay),
   * then every new one; without, only events newer than now.
   */
  async subscribe(res: ServerResponse, topics: Topics, after: number | undefined): Promise<void> {
    await this.start();
    const s: Stream = { res, topics, after: after ?? this.last ?? 0, queue: Promise.resolve() };
    this.streams.add(s);
    const drop = () => this.streams.delete(s);
    res.on('close', drop);
    res.on('error', drop);
    if (after !== undefined) {
      s.queue = s.queue.then(async () => {
        let from = after;
        for (;;) {
          const rows = await topicEventsAfter(this.db, from, [...topics.fixtures], [...topics.leagues], 500);
          for (const e of rows) {
            if (e.id <= s.after || res.writableEnded) continue;
            res.write(sseFrame(e));
            s.after = e.id;
            this.delivered += 1;
          }
          if (rows.length < 500) break;
          from = rows.at(-1)!.id;
        }
      });
      await s.queue.catch((err) => this.log?.warn({ err }, 'live replay failed'));
    }
    // Anything committed meanwhile.
    void this.pull();
  }

  /** Ends every stream (the app is closing) and stops the timers. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.poll) clearInterval(this.poll);
    for (const s of this.streams) s.res.end();
    this.streams.clear();
  }
}

const hubs = new WeakMap<Kysely<DB>, LiveHub>();

/** The process's hub for a database handle (made on first use). */
export function liveHub(db: Kysely<DB>, log?: FastifyBaseLogger, options?: LiveHubOptions): LiveHub {
  let hub = hubs.get(db);
  if (!hub) {
    hub = new LiveHub(db, log, options);
    hubs.set(db, hub);
  }
  return hub;
}

/** Ends the hub's streams (app shutdown); a later request makes a new hub. */
export async function closeLiveHub(db: Kysely<DB>): Promise<void> {
  const hub = hubs.get(db);
  hubs.delete(db);
  await hub?.close();
}
