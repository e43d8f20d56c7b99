import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Config } from '../config';
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

/** The session for a cookie value, if it is neither past its absolute expiry nor idle too long. */
export async function findSession(
  db: Kysely<DB>,
  token: string | undefined,
  config: Config,
): Promise<SessionInfo | null> {
  if (!token || !isWellFormedToken(token)) return null;
  const idHash = sha256(token);
  const row = await db
    .selectFrom('sessions')
    .select(['user_id', sql<boolean>`last_seen_at < ${agoFromNow(config.session.touchIntervalMs)}`.as('stale')])
    .where('id_hash', '=', idHash)
    .where('expires_at', '>', sql<Date>`now()`)
    .where('last_seen_at', '>', agoFromNow(config.session.idleMs))
    .executeTakeFirst();
  if (!row) {
    // Expired or unknown: make sure an expired row does not linger.
    await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
    return null;
  }
  if (row.stale) {
    await db.updateTable('sessions').set({ last_seen_at: sql<Date>`now()` }).where('id_hash', '=', idHash).execute();
  }
  return { userId: row.user_id, idHash };
}

export async function destroySession(db: Kysely<DB>, token: string | undefined): Promise<void> {
  if (!token || !isWellFormedToken(token)) return;
  await db.deleteFrom('sessions').where('id_hash', '=', sha256(token)).execute();
}

export function setSessionCookie(reply: FastifyReply, token: string, config: Config): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.production,
    maxAge: Math.floor(config.session.absoluteMs / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: config.production });
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
