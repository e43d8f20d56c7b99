import { messages } from '@fantasy-cricket/rules';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { PartialHandlerMap } from '../http/contract';
import { apiMessages, HttpError } from '../http/errors';
import { me } from '../http/me';
import { findSession, sessionCookieOf } from '../http/session';
import { readableLeague } from '../leagues/access';
import { lastEventId, toEvent, topicEventsAfter } from './events';
import { liveHub, type StreamCaps, type StreamRefusal, type Topics } from './hub';
import { loadLiveConfig } from './config';
import { liveFixtureList, matchCentre } from './snapshot';
import { liveStandingsSnapshot } from './standings';

type LiveOps = 'listLiveFixtures' | 'getMatchCentre' | 'getLiveStandings' | 'streamLiveEvents' | 'listLiveEvents';

const ids = (text: string | undefined) => [...new Set((text ?? '').split(',').filter(Boolean).map(Number))];

/**
 * The topics of a stream or a poll, checked as every read is: leagues the caller may read
 * (`readableLeague`, as for standings: 404 unknown, 403 not an Approved member or the admin),
 * fixtures that exist (404); at least one topic (400).
 */
async function topicsFor(db: Kysely<DB>, userId: number, fixtures?: string, leagues?: string): Promise<Topics> {
  const f = ids(fixtures);
  const l = ids(leagues);
  if (f.length === 0 && l.length === 0) throw new HttpError(400, 'Name at least one fixture or league to follow.');
  for (const id of l) await readableLeague(db, id, userId, { wrongType: messages.standingsApi });
  if (f.length) {
    const found = await db.selectFrom('fixtures').select('id').where('id', 'in', f).execute();
    if (found.length !== f.length) throw new HttpError(404, messages.picksApi.fixtureNotFound);
  }
  return { fixtures: new Set(f), leagues: new Set(l) };
}

/** The largest id a stream may name (`integer` columns; openapi.yaml `format: int32`). */
const INT32_MAX = 2_147_483_647;

/** Seconds a refused stream is asked to wait (`Retry-After`); the web app polls meanwhile. */
export const STREAM_RETRY_AFTER_S = 30;

/**
 * Where a stream resumes: the `Last-Event-ID` header (what EventSource sends on a reconnect), else
 * `?lastEventId`. The contract validates both as the same int32 (400 otherwise); the header is read
 * again here, whatever form it arrives in, so no value beyond an id column's range can reach a query.
 */
export function lastEventIdOf(header: unknown, query: number | undefined): number | undefined {
  const h = Array.isArray(header) ? header[0] : header;
  if (h === undefined) return query;
  const n = typeof h === 'number' ? h : /^\s*\d{1,10}\s*$/.test(String(h)) ? Number(String(h).trim()) : Number.NaN;
  if (!Number.isInteger(n) || n < 0 || n > INT32_MAX) throw new HttpError(400, messages.liveApi.badLastEventId);
  return n;
}

/** 429 (this session's or this address's streams) or 503 (this process's), with Retry-After. */
function refused(cap: StreamRefusal, caps: StreamCaps): HttpError {
  const retry = { 'retry-after': String(STREAM_RETRY_AFTER_S) };
  if (cap === 'session')
    return new HttpError(429, messages.liveApi.tooManyForSession(caps.perSession), undefined, retry);
  if (cap === 'address')
    return new HttpError(429, messages.liveApi.tooManyForAddress(caps.perAddress), undefined, retry);
  return new HttpError(503, messages.liveApi.full, undefined, retry);
}

export const liveHandlers: PartialHandlerMap<LiveOps> = {
  async listLiveFixtures({ deps }) {
    return { status: 200, body: await liveFixtureList(deps.db, new Date()) };
  },

  async getMatchCentre({ params, query, session, deps }) {
    const body = await matchCentre(deps.db, params.fixtureId, me(session), query.leagueId, new Date());
    return { status: 200, body };
  },

  async getLiveStandings({ params, session, deps }) {
    // Access as for the standings (404 unknown, 403 not an Approved member or the admin).
    await readableLeague(deps.db, params.leagueId, me(session), { wrongType: messages.standingsApi });
    return { status: 200, body: await liveStandingsSnapshot(deps.db, params.leagueId) };
  },

  async listLiveEvents({ query, session, deps }) {
    const topics = await topicsFor(deps.db, me(session), query.fixtures, query.leagues);
    if (query.after === undefined)
      return { status: 200, body: { Events: [], LastEventID: await lastEventId(deps.db) } };
    // The newest id first: ids are in commit order, so every event of the topics up to it is in the
    // answer below, and a caller with none of them may skip to it.
    const newest = await lastEventId(deps.db);
    const rows = await topicEventsAfter(deps.db, query.after, [...topics.fixtures], [...topics.leagues], 500);
    const last = rows.length ? rows.at(-1)!.id : Math.max(query.after, newest);
    return { status: 200, body: { Events: rows.map(toEvent), LastEventID: last } };
  },

  async streamLiveEvents({ query, session, deps, request, reply }) {
    const userId = me(session);
    const after = lastEventIdOf(request.headers['last-event-id'], query.lastEventId);
    const hub = liveHub(deps.db, deps.log, { heartbeatMs: loadLiveConfig().heartbeatMs, session: deps.config.session });
    await hub.start();
    const caps = deps.config.liveStreams;
    const slot = hub.reserve({ userId, idHash: session!.idHash, address: request.ip }, caps);
    if (typeof slot === 'string') throw refused(slot, caps);
    // A session or membership change the hub hears from here on is checked against the new stream;
    // one committed before is in what is read below (the session again, then the topics' access).
    const mark = hub.changes;
    let topics: Topics;
    try {
      if (!(await findSession(deps.db, sessionCookieOf(request), deps.config)))
        throw new HttpError(401, apiMessages.notSignedIn);
      topics = await topicsFor(deps.db, userId, query.fixtures, query.leagues);
    } catch (err) {
      slot.release();
      throw err;
    }
    // The stream is written by hand (STACK.md gotcha 10): headers flushed at once, no onSend hook, no compression.
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store, no-transform',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
      connection: 'keep-alive',
    });
    res.flushHeaders();
    res.write('retry: 3000\n\n');
    await hub.subscribe(res, topics, after, slot, mark);
    return { status: 200 };
  },
};
