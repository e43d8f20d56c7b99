import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { World } from './world';

/**
 * A local HTTP server that answers as SportMonks Cricket API v2 documents (base path `/api/v2.0`,
 * token in `api_token`, answers wrapped in `data`, includes as keys of the record), serving a World
 * built from the Cricsheet files (./world.ts). Only the endpoints the provider uses are served:
 * GET /leagues, /seasons, /seasons/{id}, /teams/{id}, /fixtures/{id} (includes `localteam`,
 * `visitorteam`, `lineup`, and the Results includes `winnerteam` and `manofmatch`: the team and the
 * player records, null when there is none); anything else is a 404.
 *
 * Faults are queued per request: an HTTP status (401, 403, 429 with Retry-After, 5xx), an answer that
 * never comes (a timeout), or a change to the body (a renamed or missing field).
 */

export type Fault =
  | { kind: 'status'; status: number; retryAfter?: string }
  | { kind: 'hang' }
  /** Renames the key `from` to `to` wherever it appears in the body. */
  | { kind: 'rename'; from: string; to: string }
  /** Removes the key wherever it appears in the body. */
  | { kind: 'drop'; field: string };

export interface QueuedFault {
  fault: Fault;
  /** Only requests whose path (without the base) matches; default any. */
  path?: RegExp;
  /** How many requests it applies to (default 1). */
  times?: number;
}

export interface SportMonksServer {
  /** The base URL the provider is given: `http://127.0.0.1:<port>/api/v2.0`. */
  baseUrl: string;
  world: World;
  /** Every request served: its path (without the base) and query, the token masked. */
  requests: { path: string; query: Record<string, string> }[];
  inject(fault: QueuedFault): void;
  close(): Promise<void>;
}

const BASE = '/api/v2.0';

export async function startSportMonksServer(world: World, token: string, port: number): Promise<SportMonksServer> {
  const queue: { fault: Fault; path: RegExp | undefined; times: number }[] = [];
  const hanging = new Set<ServerResponse>();
  const requests: SportMonksServer['requests'] = [];

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const query = Object.fromEntries(url.searchParams);
    const path = url.pathname.startsWith(BASE) ? url.pathname.slice(BASE.length) : url.pathname;
    requests.push({ path, query: { ...query, ...(query.api_token ? { api_token: '***' } : {}) } });
    if (req.method !== 'GET' || !url.pathname.startsWith(BASE)) return send(res, 404, notFound());
    // docs "Getting started": 401 "The request is not authenticated".
    if (url.searchParams.get('api_token') !== token) return send(res, 401, { error: { code: 401 } });

    const i = queue.findIndex((q) => !q.path || q.path.test(path));
    const fault = i >= 0 ? queue[i]!.fault : undefined;
    if (i >= 0 && --queue[i]!.times <= 0) queue.splice(i, 1);
    if (fault?.kind === 'hang') {
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return;
    }
    if (fault?.kind === 'status') {
      const headers: Record<string, string> = fault.retryAfter === undefined ? {} : { 'retry-after': fault.retryAfter };
      return send(res, fault.status, { error: { code: fault.status } }, headers);
    }
    const body = answer(world, path, url.searchParams);
    if (body === undefined) return send(res, 404, notFound());
    send(res, 200, fault ? alter(body, fault) : body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${bound}${BASE}`,
    world,
    requests,
    inject(f) {
      queue.push({ fault: f.fault, path: f.path, times: f.times ?? 1 });
    },
    async close() {
      for (const res of hanging) res.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** docs "Getting started": 404 "This record is not found". */
function notFound() {
  return { error: { code: 404, message: 'This record is not found.' } };
}

function includes(params: URLSearchParams): Set<string> {
  return new Set((params.get('include') ?? '').split(',').filter(Boolean));
}

/** The documented answer for a path, or undefined (a 404). */
function answer(world: World, path: string, params: URLSearchParams): unknown {
  const inc = includes(params);
  const league = (id: number) => world.leagues.find((l) => l.id === id);
  const players = (ids: number[]) => ids.map((id) => world.players.get(id)!);

  if (path === '/leagues') return { data: world.leagues };
  if (path === '/seasons') {
    return { data: world.seasons.map((s) => (inc.has('league') ? { ...s, league: league(s.league_id) } : s)) };
  }
  const season = /^\/seasons\/(\d+)$/.exec(path);
  if (season) {
    const s = world.seasons.find((x) => x.id === Number(season[1]));
    if (!s) return undefined;
    const teamIds = [...(world.squads.get(s.id)?.keys() ?? [])];
    return {
      data: {
        ...s,
        ...(inc.has('league') ? { league: league(s.league_id) } : {}),
        ...(inc.has('teams') ? { teams: teamIds.map((t) => world.teams.get(t)!) } : {}),
      },
    };
  }
  const team = /^\/teams\/(\d+)$/.exec(path);
  if (team) {
    const t = world.teams.get(Number(team[1]));
    if (!t) return undefined;
    if (!inc.has('squad')) return { data: t };
    // docs "GET Team by ID": without filter[season_id], every player who ever played for the team.
    const filter = params.get('filter[season_id]');
    const seasons = filter === null ? [...world.squads.keys()] : [Number(filter)];
    const ids = [...new Set(seasons.flatMap((s) => world.squads.get(s)?.get(t.id) ?? []))];
    return { data: { ...t, squad: players(ids) } };
  }
  const fixture = /^\/fixtures\/(\d+)$/.exec(path);
  if (fixture) {
    const f = world.fixtures.get(Number(fixture[1]));
    if (!f) return undefined;
    const { lineup, winnerteam_id, manofmatch_id, ...fields } = f;
    return {
      data: {
        resource: 'fixtures',
        ...fields,
        ...(inc.has('localteam') ? { localteam: world.teams.get(f.localteam_id) } : {}),
        ...(inc.has('visitorteam') ? { visitorteam: world.teams.get(f.visitorteam_id) } : {}),
        ...(inc.has('lineup') ? { lineup: players(lineup) } : {}),
        // docs "Relationships", Results: `winnerteam` the team who won, `manofmatch` a player.
        ...(inc.has('winnerteam')
          ? { winnerteam: winnerteam_id === null ? null : world.teams.get(winnerteam_id)! }
          : {}),
        ...(inc.has('manofmatch')
          ? { manofmatch: manofmatch_id === null ? null : world.players.get(manofmatch_id)! }
          : {}),
      },
    };
  }
  return undefined;
}

/** The body with a key renamed or removed wherever it appears. */
function alter(body: unknown, fault: Extract<Fault, { kind: 'rename' | 'drop' }>): unknown {
  if (Array.isArray(body)) return body.map((x) => alter(x, fault));
  if (typeof body !== 'object' || body === null) return body;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) {
    if (k === (fault.kind === 'rename' ? fault.from : fault.field)) {
      if (fault.kind === 'rename') out[fault.to] = alter(v, fault);
      continue;
    }
    out[k] = alter(v, fault);
  }
  return out;
}
