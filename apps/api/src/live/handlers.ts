import { messages } from '@fantasy-cricket/rules';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { PartialHandlerMap } from '../http/contract';
import { HttpError } from '../http/errors';
import { me } from '../http/me';
import { readableLeague } from '../leagues/access';
import { lastEventId, toEvent, topicEventsAfter } from './events';
import { liveHub, type Topics } from './hub';
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

function lastEventIdOf(header: string | string[] | undefined, query: number | undefined): number | undefined {
  const h = Array.isArray(header) ? header[0] : header;
  if (h !== undefined && /^\d{1,10}$/.test(h.trim())) return Number(h.trim());
  return query;
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
    const topics = await topicsFor(deps.db, me(session), query.fixtures, query.leagues);
    const after = lastEventIdOf(request.headers['last-event-id'], query.lastEventId);
    const hub = liveHub(deps.db, deps.log, { heartbeatMs: loadLiveConfig().heartbeatMs });
    await hub.start();
    // The stream is written by hand (STACK.md gotcha 10): headers flushed at once, no onSend hook, no compression.
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
      connection: 'keep-alive',
    });
    res.flushHeaders();
    res.write('retry: 3000\n\n');
    await hub.subscribe(res, topics, after);
    return { status: 200 };
  },
};
