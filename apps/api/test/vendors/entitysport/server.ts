import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  commentaryDoc,
  competitionDoc,
  competitionSquadsDoc,
  matchDoc,
  matchSquadsDoc,
  scorecardDoc,
} from './documents';
import type { World } from './world';

/**
 * A local Entity Sport Cricket API v2 that answers as its documentation shows ("Getting Started":
 * the token from POST /v2/auth, `?token=` on every call, the `status`/`response`/`etag` envelope,
 * 304 for a current ETag, 401 for a refused token, "Pagination" with per_page and paged), from a
 * world of Cricsheet matches (./world.ts, ./documents.ts). Faults are injected per path.
 */

export type FaultAction =
  | { status: number; headers?: Record<string, string>; body?: unknown }
  /** Never answers (a timeout). */
  | 'hang'
  /** Answers normally with the response changed (a renamed or missing field). */
  | { mutate: (response: Record<string, unknown>) => void };

export interface Fault {
  path: RegExp;
  /** How many requests it hits (default: all). */
  times?: number;
  action: FaultAction;
}

export interface EsServer {
  url: string;
  world: World;
  accessKey: string;
  secretKey: string;
  /** Every request: method and path (no query). */
  requests: { method: string; path: string }[];
  faults: Fault[];
  /** Forget every token issued (they expire). */
  expireTokens(): void;
  close(): Promise<void>;
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Answers `GET path` (without /v2), or null when the path is unknown. */
function route(world: World, path: string, query: URLSearchParams): unknown | null | undefined {
  const page = <T>(items: T[]) => {
    const per = Math.max(1, Number(query.get('per_page') ?? 10));
    const paged = Math.max(1, Number(query.get('paged') ?? 1));
    return {
      items: items.slice((paged - 1) * per, paged * per),
      total_items: String(items.length),
      total_pages: Math.max(1, Math.ceil(items.length / per)),
    };
  };
  const matches = [...world.matches.values()].sort((a, b) => a.start - b.start || a.mid - b.mid);
  if (path === '/competitions') {
    const status = query.get('status');
    const comp = competitionDoc(world);
    return page(status === null || status === comp.status ? [comp] : []);
  }
  const comp = /^\/competitions\/(\d+)(\/matches|\/squads)?$/.exec(path);
  if (comp) {
    if (Number(comp[1]) !== world.cid) return null;
    if (comp[2] === '/matches') return page(matches.map((x) => matchDoc(world, x)));
    if (comp[2] === '/squads') return competitionSquadsDoc(world);
    return competitionDoc(world);
  }
  const one = /^\/matches\/(\d+)\/(info|squads|scorecard|innings\/(\d+)\/commentary)$/.exec(path);
  const match = one ? world.matches.get(Number(one[1])) : undefined;
  if (!one || !match) return null;
  if (one[2] === 'info') return matchDoc(world, match);
  if (one[2] === 'squads') return matchSquadsDoc(match);
  if (one[2] === 'scorecard') return scorecardDoc(world, match);
  return commentaryDoc(match, Number(one[3]));
}

export async function startEsServer(world: World, port = 0): Promise<EsServer> {
  const accessKey = 'es-access-key-7731';
  const secretKey = 'es-secret-key-4412';
  const tokens = new Set<string>();
  let issued = 0;
  const requests: EsServer['requests'] = [];
  const faults: Fault[] = [];

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://local');
    const path = url.pathname.replace(/^\/v2/, '').replace(/\/+$/, '') || '/';
    requests.push({ method: req.method ?? 'GET', path });
    const body = req.method === 'POST' ? await readBody(req) : '';
    const fault = faults.find((f) => f.path.test(path) && (f.times === undefined || f.times > 0));
    if (fault && fault.times !== undefined) fault.times -= 1;
    const action = fault?.action;
    if (action === 'hang') return; // the client's timeout ends it
    if (action && 'status' in action) {
      return send(res, action.status, action.body ?? { status: 'error', response: 'injected' }, action.headers);
    }

    if (path === '/auth') {
      // "Obtaining Token": POST parameters access_key and secret_key (the body, or the query as one example shows).
      const form = new URLSearchParams(body);
      const key = form.get('access_key') ?? url.searchParams.get('access_key');
      const secret = form.get('secret_key') ?? url.searchParams.get('secret_key');
      if (req.method !== 'POST') return send(res, 400, { status: 'invalid', response: 'POST only' });
      if (key !== accessKey || secret !== secretKey) {
        return send(res, 401, { status: 'unauthorized', response: 'Invalid access key or secret key' });
      }
      const token = `${++issued}|tok${md5(String(issued)).slice(0, 8)}`;
      tokens.add(token);
      return send(res, 200, {
        status: 'ok',
        response: { token, expires: String(Math.floor(Date.now() / 1000) + 3600) },
        api_version: '2.0',
      });
    }
    const token = url.searchParams.get('token');
    if (token === null || !tokens.has(token)) {
      return send(res, 401, { status: 'unauthorized', response: 'Invalid or expired token' });
    }
    const doc = route(world, path, url.searchParams);
    if (doc === null || doc === undefined) return send(res, 400, { status: 'error', response: 'Invalid request' });
    const response = structuredClone(doc) as Record<string, unknown>;
    if (action && 'mutate' in action) action.mutate(response);
    const text = JSON.stringify(response);
    const etag = md5(text);
    if (req.headers['if-none-match'] === `"${etag}"`) {
      res.writeHead(304, { etag: `"${etag}"` });
      return res.end();
    }
    const now = new Date().toISOString().slice(0, 19).replace('T', ' ');
    send(
      res,
      200,
      { status: 'ok', response, etag, modified: now, datetime: now, api_version: '2.0' },
      { etag: `"${etag}"` },
    );
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => send(res, 501, { status: 'error', response: String(e) }));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}/v2`,
    world,
    accessKey,
    secretKey,
    requests,
    faults,
    expireTokens: () => tokens.clear(),
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
