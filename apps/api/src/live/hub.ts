import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { type Config, SESSION_DEFAULTS } from '../config';
import { changeHub } from '../db/notifications';
import type { DB } from '../db/schema';
import { validSessionHashes } from '../http/session';
import { readablePairs } from '../leagues/access';
import { type EventRow, eventsAfter, lastEventId, toEvent, topicEventsAfter } from './events';

/**
 * Server-Sent Events in one process (docs/decisions/0016-live-match-day.md). Every process has one hub
 * per database handle; it follows `live_events` by id — woken by the `E` notification the writing
 * transaction sends, and every `pollMs` as a safety net — and writes each new event to the streams
 * whose topics it concerns. Each stream remembers the last id it was sent, so an event reaches it
 * once, whether it came by the replay of a reconnect or live. Streams are written with `reply.raw`
 * (no onSend hook or compression touches them), get a `: ping` comment every `heartbeatMs`, are
 * counted, and are ended when the app closes.
 *
 * A stream lives only as long as its session and its access (docs/reliability.md, "Live streams"):
 * the session notifications (`s<id hash>`, `S`) and membership notifications (`m<user id>`, also sent
 * for a change of a league's admin) of any process, and a reconnect of the change listener, make the
 * hub read the streams' sessions and leagues again; every heartbeat it reads them all (the safety net,
 * and what ends a stream whose session simply expired). A stream whose session has ended is closed; a
 * league its user may no longer read is dropped from its topics, and a stream left with none is closed.
 *
 * A failure in one stream's replay or writes closes that stream only, and is logged: a stream's queue
 * of writes never rejects, so nothing it does can become an unhandled rejection (which ends the process).
 *
 * The hub also counts open streams per session, per client address and in all, against the caps of
 * `Config.liveStreams` (`reserve`).
 */

export interface Topics {
  fixtures: ReadonlySet<number>;
  leagues: ReadonlySet<number>;
}

/** Whose stream it is: the session (sha256 of its cookie), its user, and the client address. */
export interface StreamOwner {
  userId: number;
  idHash: string;
  address: string;
}

export type StreamCaps = Config['liveStreams'];

/** Which cap a refused stream hit. */
export type StreamRefusal = 'session' | 'address' | 'process';

/** A place among the open streams: taken before a stream is opened, given back (once) when it ends. */
export interface StreamSlot {
  readonly owner: StreamOwner;
  release(): void;
}

export interface LiveHubOptions {
  heartbeatMs?: number;
  pollMs?: number;
  /** The session rule streams are checked by (the idle timeout); config.ts's defaults without it. */
  session?: Pick<Config['session'], 'idleMs'>;
}

interface Stream {
  res: ServerResponse;
  /** Replaced (never changed in place) when a league is dropped. */
  topics: Topics;
  owner: StreamOwner;
  slot: StreamSlot;
  /** The last event id this stream was sent (or chose to start after). */
  after: number;
  /** Writes happen in order: the replay first, then live events. Never rejects. */
  queue: Promise<void>;
  ended: boolean;
}

function wants(t: Topics, e: EventRow): boolean {
  return (
    (e.fixture_id !== null && t.fixtures.has(e.fixture_id)) || (e.league_id !== null && t.leagues.has(e.league_id))
  );
}

export function sseFrame(e: EventRow): string {
  return `id: ${e.id}\nevent: ${e.type}\ndata: ${JSON.stringify(toEvent(e))}\n\n`;
}

function addTo<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  const set = map.get(key);
  if (set) set.add(value);
  else map.set(key, new Set([value]));
}

function removeFrom<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(value);
  if (set.size === 0) map.delete(key);
}

function countUp<K>(map: Map<K, number>, key: K): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

function countDown<K>(map: Map<K, number>, key: K): void {
  const n = (map.get(key) ?? 0) - 1;
  if (n > 0) map.set(key, n);
  else map.delete(key);
}

export class LiveHub {
  private readonly streams = new Set<Stream>();
  private readonly bySession = new Map<string, Set<Stream>>();
  private readonly byUser = new Map<number, Set<Stream>>();
  /** Places taken (open streams and streams being opened), in all, per session and per address. */
  private taken = 0;
  private readonly takenBySession = new Map<string, number>();
  private readonly takenByAddress = new Map<string, number>();
  private last: number | undefined;
  private starting: Promise<void> | undefined;
  private pulling: Promise<void> | undefined;
  private pullAgain = false;
  private readonly toCheck = new Set<Stream>();
  private checkRunning = false;
  private checking: Promise<void> = Promise.resolve();
  private heartbeat: NodeJS.Timeout | undefined;
  private poll: NodeJS.Timeout | undefined;
  private closed = false;
  /** Events written to streams (tests count deliveries). */
  delivered = 0;
  /**
   * Session and membership changes heard (and listener reconnects): a stream opened from a reading of
   * the database is checked again if this moved since (`subscribe`'s `mark`).
   */
  changes = 0;

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
      hub?.on('s', (idHash) => this.changed(this.bySession.get(idHash)));
      hub?.on('S', () => this.changed(this.streams));
      hub?.on('m', (userId) => this.changed(this.byUser.get(Number(userId))));
      hub?.onReset(() => {
        // Notifications may have been missed while the listener was away.
        this.changed(this.streams);
        void this.pull();
      });
      void hub?.ensureFresh();
      this.last = await lastEventId(this.db);
      this.poll = setInterval(() => {
        void hub?.ensureFresh();
        void this.pull();
      }, this.options.pollMs ?? 2_000);
      this.poll.unref();
      this.heartbeat = setInterval(() => {
        this.ping();
        this.check(this.streams);
      }, this.options.heartbeatMs ?? 15_000);
      this.heartbeat.unref();
    })();
    return this.starting;
  }

  /**
   * Takes a place for a new stream of `owner`, or says which cap it would pass: as many streams per
   * session, per client address and in all as `caps` allows. The place is held until `release()`
   * (by `subscribe`'s stream when it ends, or by the caller if the stream never opens).
   */
  reserve(owner: StreamOwner, caps: StreamCaps): StreamSlot | StreamRefusal {
    if ((this.takenBySession.get(owner.idHash) ?? 0) >= caps.perSession) return 'session';
    if ((this.takenByAddress.get(owner.address) ?? 0) >= caps.perAddress) return 'address';
    if (this.taken >= caps.perProcess) return 'process';
    this.taken += 1;
    countUp(this.takenBySession, owner.idHash);
    countUp(this.takenByAddress, owner.address);
    let held = true;
    return {
      owner,
      release: () => {
        if (!held) return;
        held = false;
        this.taken -= 1;
        countDown(this.takenBySession, owner.idHash);
        countDown(this.takenByAddress, owner.address);
      },
    };
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

  /** Queues a write of the events the stream has not had yet (and still wants: a league may have gone). */
  private send(s: Stream, rows: readonly EventRow[], frameOf: (e: EventRow) => string): void {
    s.queue = s.queue.then(() => {
      if (s.ended) return;
      try {
        if (!this.writable(s)) return;
        let out = '';
        for (const e of rows) {
          if (e.id <= s.after || !wants(s.topics, e)) continue;
          out += frameOf(e);
          s.after = e.id;
          this.delivered += 1;
        }
        if (out) s.res.write(out);
      } catch (err) {
        this.fail(s, err, 'delivery');
      }
    });
  }

  private writable(s: Stream): boolean {
    return !s.res.writableEnded && !s.res.destroyed;
  }

  private ping(): void {
    for (const s of this.streams) {
      try {
        if (this.writable(s)) s.res.write(': ping\n\n');
      } catch (err) {
        this.fail(s, err, 'heartbeat');
      }
    }
  }

  /** Something a stream's session or access depends on changed: check those streams again. */
  private changed(streams: Iterable<Stream> | undefined): void {
    this.changes += 1;
    if (streams) this.check(streams);
  }

  /** Reads the streams' sessions and leagues again (batched: one check runs at a time, then the next). */
  private check(streams: Iterable<Stream>): void {
    if (this.closed) return;
    for (const s of streams) if (!s.ended) this.toCheck.add(s);
    if (this.checkRunning || this.toCheck.size === 0) return;
    this.checkRunning = true;
    this.checking = this.runChecks();
  }

  /** Resolves once the checks queued so far are done (tests). */
  async settled(): Promise<void> {
    while (this.checkRunning) await this.checking;
  }

  private async runChecks(): Promise<void> {
    try {
      while (this.toCheck.size > 0 && !this.closed) {
        const batch = [...this.toCheck];
        this.toCheck.clear();
        try {
          await this.checkBatch(batch);
        } catch (err) {
          // The database is away, most likely: the streams stay, and the next heartbeat checks them all.
          this.log?.warn({ err }, 'live streams not checked; trying again at the next heartbeat');
        }
      }
    } finally {
      this.checkRunning = false;
    }
  }

  private async checkBatch(batch: readonly Stream[]): Promise<void> {
    const open = batch.filter((s) => !s.ended);
    if (open.length === 0) return;
    const hashes = [...new Set(open.map((s) => s.owner.idHash))];
    const valid = await validSessionHashes(this.db, hashes, this.sessionRule());
    for (const s of open) if (!valid.has(s.owner.idHash)) this.end(s);

    const withLeagues = open.filter((s) => !s.ended && s.topics.leagues.size > 0);
    if (withLeagues.length === 0) return;
    const pairs = new Map<string, { leagueId: number; userId: number }>();
    for (const s of withLeagues) {
      for (const leagueId of s.topics.leagues)
        pairs.set(`${leagueId}:${s.owner.userId}`, { leagueId, userId: s.owner.userId });
    }
    const readable = await readablePairs(this.db, [...pairs.values()]);
    for (const s of withLeagues) {
      if (s.ended) continue;
      const kept = [...s.topics.leagues].filter((id) => readable.has(`${id}:${s.owner.userId}`));
      if (kept.length === s.topics.leagues.size) continue;
      s.topics = { fixtures: s.topics.fixtures, leagues: new Set(kept) };
      if (s.topics.fixtures.size === 0 && kept.length === 0) this.end(s);
    }
  }

  private sessionRule(): Pick<Config['session'], 'idleMs'> {
    return this.options.session ?? SESSION_DEFAULTS;
  }

  /** Takes the stream out of the hub and gives its place back (once). */
  private drop(s: Stream): void {
    if (s.ended) return;
    s.ended = true;
    this.streams.delete(s);
    this.toCheck.delete(s);
    removeFrom(this.bySession, s.owner.idHash, s);
    removeFrom(this.byUser, s.owner.userId, s);
    s.slot.release();
  }

  /** Ends the stream: the client sees the end of the response (an EventSource then reconnects). */
  private end(s: Stream): void {
    this.drop(s);
    try {
      if (!s.res.writableEnded) s.res.end();
    } catch {
      s.res.destroy();
    }
  }

  /** A stream's replay or write failed: that stream is closed and the failure logged; nothing else stops. */
  private fail(s: Stream, err: unknown, what: string): void {
    try {
      this.log?.error({ err, userId: s.owner.userId }, `live stream closed: its ${what} failed`);
    } catch {
      // a logger that throws must not stop the closing
    }
    this.end(s);
  }

  /**
   * Adds a stream holding `slot`: with `after`, first the events of its topics after that id (a
   * reconnect's replay), then every new one; without, only events newer than now. `mark` is
   * `changes` from before the caller read the session and the topics' access: if a change was heard
   * since, the stream is checked at once.
   */
  async subscribe(
    res: ServerResponse,
    topics: Topics,
    after: number | undefined,
    slot: StreamSlot,
    mark = this.changes,
  ): Promise<void> {
    await this.start();
    const s: Stream = {
      res,
      topics,
      owner: slot.owner,
      slot,
      after: after ?? this.last ?? 0,
      queue: Promise.resolve(),
      ended: false,
    };
    if (this.closed || res.destroyed) {
      // The app is closing, or the client went away while the stream was being opened.
      this.end(s);
      return;
    }
    this.streams.add(s);
    addTo(this.bySession, s.owner.idHash, s);
    addTo(this.byUser, s.owner.userId, s);
    const drop = () => this.drop(s);
    res.on('close', drop);
    res.on('error', drop);
    if (after !== undefined) {
      s.queue = s.queue.then(async () => {
        try {
          let from = after;
          for (;;) {
            const rows = await topicEventsAfter(this.db, from, [...topics.fixtures], [...topics.leagues], 500);
            for (const e of rows) {
              if (s.ended || !this.writable(s)) return;
              if (e.id <= s.after || !wants(s.topics, e)) continue;
              res.write(sseFrame(e));
              s.after = e.id;
              this.delivered += 1;
            }
            if (rows.length < 500) break;
            from = rows.at(-1)!.id;
          }
        } catch (err) {
          this.fail(s, err, 'replay');
        }
      });
      await s.queue;
    }
    if (this.changes !== mark) this.check([s]);
    // Anything committed meanwhile.
    void this.pull();
  }

  /** Ends every stream (the app is closing) and stops the timers. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.poll) clearInterval(this.poll);
    for (const s of [...this.streams]) this.end(s);
    this.toCheck.clear();
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
