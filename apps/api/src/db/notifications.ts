import type { PGlite } from '@electric-sql/pglite';
import type { CompiledQuery, DatabaseConnection, Dialect, Driver, Kysely } from 'kysely';
import pg from 'pg';
import type { DB } from './schema';

/**
 * Change notifications for the in-process caches (sessions, standings versions, My Leagues;
 * docs/decisions/0010-in-process-caches.md).
 *
 * Triggers (migration 0007) call `pg_notify('fc_' || schema, payload)` when a session ends or moves
 * its expiry earlier, when a standings version is bumped, and when a user's memberships change (or a
 * league's admin, migration 0018). Each process listens on one dedicated connection (PostgreSQL) or on
 * its PGlite instance, and hands each payload to the caches — and to the live streams' hub, which ends
 * streams whose session or access went (src/live/hub.ts) — by its first character.
 *
 * A cache may answer from memory only while `fresh()` holds:
 * - the listener is connected and listening (`ready`); when it drops (PostgreSQL restarted, network
 *   cut) every cache is cleared and the caches read the database as before until it is back; on
 *   (re)connect it LISTENs first, then clears every cache again, then serves from memory;
 * - nothing this process wrote is still unconfirmed: every committed write made through this
 *   process's Kysely handle counts, and a `sync()` (a NOTIFY to itself on the listening connection:
 *   PostgreSQL delivers notifications in commit order, so when it comes back every notification of
 *   an earlier commit has been handled) confirms them. So a process reads its own writes exactly: a
 *   sign-out, a password reset, a join are seen by this process's very next request. Other processes
 *   see a change when its notification arrives (normally well under a millisecond after the commit).
 *
 * PGlite delivers notifications synchronously when the committing statement returns, so there
 * `sync()` has nothing to wait for.
 */

export type Payload = string;

export interface ChangeHub {
  /** Listening, and every write of this process confirmed: memory may answer. */
  fresh(): boolean;
  /** Listening: after `await sync()`, `fresh()` holds unless a write came in meanwhile. */
  readonly ready: boolean;
  /** Incremented on every (re)connect and disconnect: an entry read in another epoch is not kept. */
  readonly epoch: number;
  /** Waits until every write this process committed so far has had its notifications handled. */
  sync(): Promise<void>;
  /** `fresh()`, or else a `sync()` when the listener is up; false when memory may not answer. */
  ensureFresh(): Promise<boolean>;
  /** Handles payloads starting with `prefix` (one character). */
  on(prefix: string, handler: (rest: string) => void): void;
  /** Called when every cache must be emptied (listener connected, reconnected or lost). */
  onReset(handler: () => void): void;
  close(): Promise<void>;
}

const hubs = new WeakMap<Kysely<DB>, ChangeHub>();

/** The hub of a database handle (every handle made by openDatabase has one). */
export function changeHub(db: Kysely<DB>): ChangeHub | undefined {
  return hubs.get(db);
}

export function registerHub(db: Kysely<DB>, hub: ChangeHub): void {
  hubs.set(db, hub);
}

/**
 * A cache kept in memory per database handle and per process, created on first use and wired to
 * the handle's change listener once (`wire` registers what empties it); null when the handle has no
 * listener, so callers read the database every time. The session, My Leagues and standings version
 * caches are all made this way (docs/decisions/0010-in-process-caches.md).
 */
export function listenedCache<C>(
  registry: WeakMap<Kysely<DB>, C | null>,
  db: Kysely<DB>,
  create: () => C,
  wire: (cache: C, hub: ChangeHub) => void,
): C | null {
  const known = registry.get(db);
  if (known !== undefined) return known;
  const hub = changeHub(db);
  const cache = hub ? create() : null;
  if (hub && cache !== null) wire(cache, hub);
  registry.set(db, cache);
  return cache;
}

abstract class BaseHub implements ChangeHub {
  ready = false;
  epoch = 0;
  protected closed = false;
  private readonly handlers = new Map<string, ((rest: string) => void)[]>();
  private readonly resets: (() => void)[] = [];

  abstract fresh(): boolean;
  abstract sync(): Promise<void>;
  protected abstract start(): void;
  abstract close(): Promise<void>;

  async ensureFresh(): Promise<boolean> {
    if (this.fresh()) return true;
    if (!this.ready) {
      this.start();
      return false;
    }
    try {
      await this.sync();
    } catch {
      return false;
    }
    return this.fresh();
  }

  on(prefix: string, handler: (rest: string) => void): void {
    const list = this.handlers.get(prefix) ?? [];
    list.push(handler);
    this.handlers.set(prefix, list);
  }

  onReset(handler: () => void): void {
    this.resets.push(handler);
  }

  protected dispatch(payload: string | undefined): void {
    if (!payload) return;
    const list = this.handlers.get(payload[0] ?? '');
    if (!list) return;
    const rest = payload.slice(1);
    for (const h of list) h(rest);
  }

  protected reset(ready: boolean): void {
    this.epoch += 1;
    this.ready = ready;
    for (const r of this.resets) r();
  }
}

/** PGlite: one process, notifications delivered as the committing statement returns. */
export class PgliteHub extends BaseHub {
  private starting: Promise<void> | undefined;
  private unlisten: (() => Promise<void>) | undefined;

  constructor(private readonly pglite: PGlite) {
    super();
  }

  fresh(): boolean {
    if (!this.ready) this.start();
    return this.ready;
  }

  async sync(): Promise<void> {}

  protected start(): void {
    if (this.starting || this.closed) return;
    this.starting = (async () => {
      const { rows } = await this.pglite.query<{ c: string }>(`SELECT 'fc_' || current_schema() AS c`);
      const channel = rows[0]?.c ?? 'fc_public';
      this.unlisten = await this.pglite.listen(channel, (payload) => this.dispatch(payload));
      this.reset(true);
    })().catch(() => {
      this.starting = undefined;
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.ready = false;
    if (this.unlisten && !this.pglite.closed) await this.unlisten().catch(() => {});
  }
}

export interface PostgresHubOptions {
  connectionString: string;
  schema?: string | undefined;
  connectTimeoutMs: number;
  /** How often the listening connection is checked (a silently dead connection is found within this + timeout). */
  heartbeatMs?: number;
  log?: (line: string) => void;
}

/** PostgreSQL: one dedicated LISTEN connection per process, reconnecting after an outage. */
export class PostgresHub extends BaseHub {
  private client: pg.Client | undefined;
  private connecting = false;
  private retryMs = 100;
  private retryTimer: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private syncChannel = `fc_sync_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  /** Writes committed through this process's handle, and how many of them notifications confirm. */
  private written = 0;
  private confirmed = 0;
  private syncSeq = 0;
  private readonly waiting = new Map<string, { target: number; resolve: () => void; reject: (e: Error) => void }>();
  private inflight: { target: number; promise: Promise<void> } | undefined;

  constructor(private readonly options: PostgresHubOptions) {
    super();
  }

  /** Called by the database handle after each committed write. */
  wrote(): void {
    this.written += 1;
  }

  fresh(): boolean {
    if (!this.ready) {
      this.start();
      return false;
    }
    return this.confirmed >= this.written;
  }

  sync(): Promise<void> {
    const target = this.written;
    if (this.inflight && this.inflight.target >= target) return this.inflight.promise;
    const client = this.client;
    if (!client || !this.ready) return Promise.reject(new Error('not listening'));
    const token = String(++this.syncSeq);
    const promise = new Promise<void>((resolve, reject) => {
      this.waiting.set(token, { target, resolve, reject });
      client.query(`NOTIFY ${client.escapeIdentifier(this.syncChannel)}, '${token}'`).catch((err: Error) => {
        this.waiting.delete(token);
        reject(err);
      });
    });
    const entry = { target, promise };
    this.inflight = entry;
    const done = () => {
      if (this.inflight === entry) this.inflight = undefined;
    };
    promise.then(done, done);
    return promise;
  }

  protected start(): void {
    if (this.connecting || this.client || this.closed || this.retryTimer) return;
    this.connecting = true;
    void this.connect();
  }

  private async connect(): Promise<void> {
    const { connectionString, schema, connectTimeoutMs } = this.options;
    const client = new pg.Client({
      connectionString,
      connectionTimeoutMillis: connectTimeoutMs,
      keepAlive: true,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    let lost = false;
    const onLost = (err?: Error) => {
      if (lost) return;
      lost = true;
      if (this.client === client) this.client = undefined;
      if (this.heartbeat) clearInterval(this.heartbeat);
      this.heartbeat = undefined;
      for (const [, w] of this.waiting) w.reject(err ?? new Error('listener lost'));
      this.waiting.clear();
      this.inflight = undefined;
      if (this.ready) this.options.log?.(`change listener lost (${err?.message ?? 'closed'}); reconnecting`);
      this.reset(false);
      client.end().catch(() => {});
      this.scheduleRetry();
    };
    client.on('error', (err) => onLost(err));
    client.on('end', () => onLost());
    client.on('notification', (msg) => {
      if (msg.channel === this.syncChannel) {
        const w = this.waiting.get(msg.payload ?? '');
        if (w) {
          this.waiting.delete(msg.payload ?? '');
          if (w.target > this.confirmed) this.confirmed = w.target;
          w.resolve();
        }
        return;
      }
      this.dispatch(msg.payload);
    });
    try {
      await client.connect();
      const { rows } = await client.query<{ c: string }>(`SELECT 'fc_' || current_schema() AS c`);
      const channel = rows[0]?.c ?? 'fc_public';
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
      await client.query(`LISTEN ${client.escapeIdentifier(this.syncChannel)}`);
      if (lost || this.closed) {
        await client.end().catch(() => {});
        return;
      }
      this.client = client;
      this.retryMs = 100;
      // Everything committed before this point is in what the caches will read from now on; anything
      // after it is notified. Writes made before are confirmed by the same token.
      this.confirmed = this.written;
      this.reset(true);
      const every = this.options.heartbeatMs ?? 10_000;
      this.heartbeat = setInterval(() => {
        const timer = setTimeout(() => onLost(new Error('heartbeat timed out')), connectTimeoutMs);
        client
          .query('SELECT 1')
          .then(() => clearTimeout(timer))
          .catch((err: Error) => {
            clearTimeout(timer);
            onLost(err);
          });
      }, every);
      this.heartbeat.unref();
    } catch (err) {
      onLost(err as Error);
    } finally {
      this.connecting = false;
    }
  }

  private scheduleRetry(): void {
    if (this.closed || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.start();
    }, this.retryMs);
    this.retryTimer.unref();
    this.retryMs = Math.min(this.retryMs * 2, 5_000);
  }

  /** Tests: drops the listening connection as an outage would (it reconnects by itself). */
  dropConnection(): void {
    this.client?.emit('error', new Error('dropped by test'));
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.heartbeat) clearInterval(this.heartbeat);
    const client = this.client;
    this.client = undefined;
    this.ready = false;
    if (client) {
      client.removeAllListeners('end');
      client.removeAllListeners('error');
      client.on('error', () => {});
      await client.end().catch(() => {});
    }
  }
}

/** Statements that cannot change anything: every other one counts as a write once it returns. */
function isReadOnly(q: CompiledQuery): boolean {
  const kind = q.query.kind;
  if (kind === 'SelectQueryNode') return true;
  if (kind !== 'RawNode') return false;
  const head = q.sql.trimStart().slice(0, 8).toLowerCase();
  return head.startsWith('select') || head.startsWith('begin') || head.startsWith('show');
}

/** The dialect, with `onWrite` called after every statement that may have committed a change. */
export function trackingWrites(dialect: Dialect, onWrite: () => void): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver: (): Driver => {
      const driver = dialect.createDriver();
      const patched = new WeakSet<DatabaseConnection>();
      const patch = (c: DatabaseConnection) => {
        if (patched.has(c)) return c;
        patched.add(c);
        const run = c.executeQuery.bind(c);
        c.executeQuery = async <R>(q: CompiledQuery) => {
          const result = await run<R>(q);
          if (!isReadOnly(q)) onWrite();
          return result;
        };
        return c;
      };
      return {
        init: () => driver.init(),
        acquireConnection: async () => patch(await driver.acquireConnection()),
        beginTransaction: (c, s) => driver.beginTransaction(c, s),
        commitTransaction: (c) => driver.commitTransaction(c),
        rollbackTransaction: (c) => driver.rollbackTransaction(c),
        releaseConnection: (c) => driver.releaseConnection(c),
        destroy: () => driver.destroy(),
        ...(driver.savepoint ? { savepoint: driver.savepoint.bind(driver) } : {}),
        ...(driver.rollbackToSavepoint ? { rollbackToSavepoint: driver.rollbackToSavepoint.bind(driver) } : {}),
        ...(driver.releaseSavepoint ? { releaseSavepoint: driver.releaseSavepoint.bind(driver) } : {}),
      };
    },
  };
}
