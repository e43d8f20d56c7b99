import { createHmac } from 'node:crypto';
import { XSRF_COOKIE } from '@fantasy-cricket/rules';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Config } from '../config';
import { changeHub, listenedCache } from '../db/notifications';
import type { DB } from '../db/schema';
import type { AppDeps } from './contract';
import { HttpError, apiMessages } from './errors';
import { isWellFormedToken, newToken, sha256 } from './tokens';

export const SESSION_COOKIE = 'fcl_sid';

export interface SessionInfo {
  userId: number;
  /** sha256 of the cookie value; the raw value is never stored. */
  idHash: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionInfo | null;
  }
  interface FastifyContextConfig {
    operationId?: string;
    isPublic?: boolean;
  }
}

/** `now() + n ms` in the database's clock, so every expiry is compared against one clock. */
export const fromNow = (ms: number) => sql<Date>`now() + make_interval(secs => ${ms / 1000})`;
export const agoFromNow = (ms: number) => sql<Date>`now() - make_interval(secs => ${ms / 1000})`;

/** Creates a session for the user and returns the cookie value (32 random bytes, base64url). */
export async function createSession(db: Kysely<DB>, userId: number, config: Config): Promise<string> {
  const token = newToken();
  await db
    .insertInto('sessions')
    .values({ id_hash: sha256(token), user_id: userId, expires_at: fromNow(config.session.absoluteMs) })
    .execute();
  return token;
}

/** Sessions kept per process at most (least recently used out first). */
export const SESSION_CACHE_MAX = 100_000;
/** A cached session is read from the database again after this long, whatever the notifications say. */
export const SESSION_CACHE_MAX_AGE_MS = 60_000;

interface CachedSession {
  userId: number;
  /** Local clock (Date.now()) times, converted from the database's clock when the row was read. */
  expiresAt: number;
  lastSeenAt: number;
  readAt: number;
  touching: boolean;
}

/**
 * Recently seen sessions of one process, keyed by id hash (docs/decisions/0010-in-process-caches.md).
 * Used only while the database's change listener is up and this process's own writes are confirmed
 * (`ChangeHub.fresh()`); a session row deleted, or whose expiry or last-seen time moves earlier, is
 * dropped by its notification (`s<id hash>`, migration 0007). Absolute expiry and idle timeout are
 * checked in memory; anything doubtful (past the idle deadline by this process's knowledge, older
 * than SESSION_CACHE_MAX_AGE_MS) goes back to the database.
 */
export class SessionCache {
  private readonly entries = new Map<string, CachedSession>();
  /** Bumped by every invalidation: a row read before one is not kept. */
  generation = 0;
  hits = 0;

  constructor(
    private readonly max = SESSION_CACHE_MAX,
    private readonly maxAgeMs = SESSION_CACHE_MAX_AGE_MS,
  ) {}

  get(idHash: string, now: number): CachedSession | undefined {
    const e = this.entries.get(idHash);
    if (!e) return undefined;
    if (now - e.readAt >= this.maxAgeMs || now >= e.expiresAt) {
      this.entries.delete(idHash);
      return undefined;
    }
    this.entries.delete(idHash); // most recently used last
    this.entries.set(idHash, e);
    return e;
  }

  put(idHash: string, e: CachedSession): void {
    this.entries.delete(idHash);
    this.entries.set(idHash, e);
    if (this.entries.size > this.max) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }

  delete(idHash: string): void {
    this.generation += 1;
    this.entries.delete(idHash);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

const sessionCaches = new WeakMap<Kysely<DB>, SessionCache | null>();

/** The session cache of this database handle; null when the handle has no change listener. */
export function sessionCache(db: Kysely<DB>): SessionCache | null {
  return listenedCache(
    sessionCaches,
    db,
    () => new SessionCache(),
    (cache, hub) => {
      hub.on('s', (idHash) => cache.delete(idHash));
      hub.on('S', () => cache.clear());
      hub.onReset(() => cache.clear());
    },
  );
}

const toMs = (v: Date | string) => (v instanceof Date ? v.getTime() : new Date(v).getTime());

/** The session for a cookie value, if it is neither past its absolute expiry nor idle too long. */
export async function findSession(
  db: Kysely<DB>,
  token: string | undefined,
  config: Config,
): Promise<SessionInfo | null> {
  if (!token || !isWellFormedToken(token)) return null;
  const idHash = sha256(token);
  const hub = changeHub(db);
  const cache = sessionCache(db);
  const cacheable = hub && cache ? await hub.ensureFresh() : false;
  if (cacheable && cache) {
    const now = Date.now();
    const hit = cache.get(idHash, now);
    if (hit && now < hit.lastSeenAt + config.session.idleMs) {
      cache.hits += 1;
      if (now >= hit.lastSeenAt + config.session.touchIntervalMs && !hit.touching) {
        // At most once per touch interval, as before; the answer does not wait for it.
        hit.touching = true;
        db.updateTable('sessions')
          .set({ last_seen_at: sql<Date>`now()` })
          .where('id_hash', '=', idHash)
          .execute()
          .then(
            () => {
              hit.lastSeenAt = Math.max(hit.lastSeenAt, now);
            },
            () => {},
          )
          .finally(() => {
            hit.touching = false;
          });
      }
      return { userId: hit.userId, idHash };
    }
  }
  const generation = cache?.generation ?? 0;
  const epoch = hub?.epoch ?? 0;
  const row = await db
    .selectFrom('sessions')
    .select([
      'user_id',
      'expires_at',
      'last_seen_at',
      sql<Date>`now()`.as('db_now'),
      sql<boolean>`last_seen_at < ${agoFromNow(config.session.touchIntervalMs)}`.as('stale'),
    ])
    .where('id_hash', '=', idHash)
    .where('expires_at', '>', sql<Date>`now()`)
    .where('last_seen_at', '>', agoFromNow(config.session.idleMs))
    .executeTakeFirst();
  if (!row) {
    // Expired or unknown: make sure an expired row does not linger.
    await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
    return null;
  }
  const localNow = Date.now();
  const dbNow = toMs(row.db_now);
  let lastSeen = toMs(row.last_seen_at);
  if (row.stale) {
    await db.updateTable('sessions').set({ last_seen_at: sql<Date>`now()` }).where('id_hash', '=', idHash).execute();
    lastSeen = dbNow;
  }
  // Kept only if nothing was invalidated and the listener did not drop or reconnect meanwhile.
  if (cacheable && cache && hub && cache.generation === generation && hub.epoch === epoch && hub.ready) {
    const local = (t: number) => t - dbNow + localNow;
    cache.put(idHash, {
      userId: row.user_id,
      expiresAt: local(toMs(row.expires_at)),
      lastSeenAt: local(lastSeen),
      readAt: localNow,
      touching: false,
    });
  }
  return { userId: row.user_id, idHash };
}

/**
 * Which of the sessions (by id hash) are still valid, by the same rule as `findSession` (neither past
 * their absolute expiry nor idle too long), read from the database: the check that ends live streams
 * whose session has ended (src/live/hub.ts). Nothing is touched or deleted.
 */
export async function validSessionHashes(
  db: Kysely<DB>,
  idHashes: readonly string[],
  session: Pick<Config['session'], 'idleMs'>,
): Promise<Set<string>> {
  const valid = new Set<string>();
  for (let i = 0; i < idHashes.length; i += 1_000) {
    const chunk = idHashes.slice(i, i + 1_000);
    const rows = await db
      .selectFrom('sessions')
      .select('id_hash')
      .where(sql<boolean>`id_hash = ANY(${sql.val([...chunk])}::text[])`)
      .where('expires_at', '>', sql<Date>`now()`)
      .where('last_seen_at', '>', agoFromNow(session.idleMs))
      .execute();
    for (const r of rows) valid.add(r.id_hash);
  }
  return valid;
}

export async function destroySession(db: Kysely<DB>, token: string | undefined): Promise<void> {
  if (!token || !isWellFormedToken(token)) return;
  const idHash = sha256(token);
  await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
  sessionCache(db)?.delete(idHash);
}

/**
 * The XSRF token that goes with a session cookie: HMAC-SHA256 keyed with the cookie's value (base64url,
 * 43 characters). Only someone holding the session cookie can compute it, every API process computes
 * the same one without a shared secret, and it changes whenever the session does (src/http/xsrf.ts).
 */
export function xsrfTokenFor(sessionToken: string): string {
  return createHmac('sha256', sessionToken).update(XSRF_COOKIE).digest('base64url');
}

/** Sets XSRF-TOKEN (readable by the web app, which echoes it in X-XSRF-TOKEN). */
export function setXsrfCookie(reply: FastifyReply, value: string, config: Config): void {
  reply.setCookie(XSRF_COOKIE, value, {
    path: '/',
    httpOnly: false,
    sameSite: 'lax',
    secure: config.production,
    maxAge: Math.floor(config.session.absoluteMs / 1000),
  });
}

/** Sets the session cookie and the XSRF cookie that belongs to it (a token of another session stops working). */
export function setSessionCookie(reply: FastifyReply, token: string, config: Config): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.production,
    maxAge: Math.floor(config.session.absoluteMs / 1000),
  });
  setXsrfCookie(reply, xsrfTokenFor(token), config);
}

/** Clears the session cookie and gives the browser a new anonymous XSRF token. */
export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: config.production });
  setXsrfCookie(reply, newToken(), config);
}

export function sessionCookieOf(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIE];
}

/**
 * Route hook: loads the session from the cookie; operations that are not `security: []` answer
 * 401 without one. A cookie that names no live session is cleared.
 */
export function loadSessionHook(deps: AppDeps, isPublic: boolean): onRequestHookHandler {
  return async (request, reply) => {
    const token = sessionCookieOf(request);
    request.session = await findSession(deps.db, token, deps.config);
    if (token && !request.session) clearSessionCookie(reply, deps.config);
    if (!isPublic && !request.session) throw new HttpError(401, apiMessages.notSignedIn);
  };
}
