import { z } from 'zod';
import type { LiveUpdate } from '../../live/feed';
import {
  type AuthParts,
  createVendorHttp,
  parseShape,
  type VendorAuth,
  type VendorCallCounter,
  type VendorCallLog,
  VendorError,
  type VendorHttp,
} from '../http';
import type {
  VendorCompetition,
  VendorFixture,
  VendorLineup,
  VendorProvider,
  VendorResult,
  VendorSquads,
} from '../provider';
import type { Clock } from '../../live/feed';
import { toLiveUpdate } from './balls';
import { fixtureStatus, toCompetition, toFixture, toLineup, toScorecard, toSquads, VENDOR } from './map';
import * as S from './schemas';

/**
 * Entity Sport Cricket API v2 (https://rest.entitysport.com/v2, documented in entitysport/slate,
 * source/index.html.md), behind the provider interface. Calls go through the shared vendor client
 * (../http.ts: timeouts, retries, the daily budget, redaction). The access key and secret key buy a
 * token from the auth endpoint ("Obtaining Token"), sent as `?token=` on every call and bought again
 * when it expires or is refused. Decisions: docs/decisions/0042-entity-sport.md.
 */

export const ENTITYSPORT_BASE_URL = 'https://rest.entitysport.com/v2';

export interface EntitySportOptions {
  accessKey: string;
  secretKey: string;
  /** Default ENTITYSPORT_BASE_URL. */
  baseUrl?: string | undefined;
  calls: VendorCallCounter;
  /** Calls per UTC day this app may make (the plan's allowance, or a share of it). */
  dailyCallBudget: number | null;
  timeoutMs?: number;
  retries?: number;
  clock?: Clock;
  fetch?: typeof fetch;
  log?: (entry: VendorCallLog) => void;
  /** Items per page of the paged lists (default 50). */
  perPage?: number;
}

/** A token bought with the keys, kept until a minute before it expires. */
class TokenAuth implements VendorAuth {
  private token: string | undefined;
  private expiresAt = 0;

  constructor(
    private readonly accessKey: string,
    private readonly secretKey: string,
    private readonly now: () => number,
  ) {}

  secrets(): string[] {
    return [this.accessKey, this.secretKey, ...(this.token ? [this.token] : [])];
  }

  async apply(client: VendorHttp): Promise<AuthParts> {
    if (this.token === undefined || this.now() >= this.expiresAt) {
      const res = await client.request({
        method: 'POST',
        path: 'auth',
        form: { access_key: this.accessKey, secret_key: this.secretKey },
        auth: false,
      });
      if (res.kind !== 'ok') throw new VendorError(VENDOR, 'shape', 'POST auth: answered 304 to a token request');
      const body = bodyOf(res.body, S.authResponse, 'POST auth');
      const expires = Number(body.expires);
      // "expires": a timestamp in seconds; without one the documented default life of a token is an hour.
      const until = Number.isFinite(expires) && expires > 0 ? expires * 1000 : this.now() + 3_600_000;
      this.token = body.token;
      this.expiresAt = until - 60_000;
    }
    return { query: { token: this.token } };
  }

  invalidate(): boolean {
    const had = this.token !== undefined;
    this.token = undefined;
    return had;
  }
}

/**
 * The `response` of an answer, checked against its documented shape. The answer's own `status`
 * ("API Response": ok, error, unauthorized, accessdenied) turns into the matching error.
 */
function bodyOf<T extends z.ZodType>(body: unknown, schema: T, what: string): z.output<T> {
  const env = parseShape(VENDOR, S.envelope, body, what);
  const message = typeof env.response === 'string' ? `: ${env.response}` : '';
  switch (env.status) {
    case 'ok':
      break;
    case 'unauthorized':
      throw new VendorError(VENDOR, 'auth', `${what}: unauthorized${message}`);
    case 'accessdenied':
      throw new VendorError(VENDOR, 'auth', `${what}: access denied, the subscription does not cover it${message}`);
    default:
      throw new VendorError(VENDOR, 'request', `${what}: status ${env.status}${message}`);
  }
  const checked = parseShape(VENDOR, z.object({ response: schema }), body, what) as { response: z.output<T> };
  return checked.response;
}

interface Cached<T> {
  etag: string | undefined;
  value: T;
}

export class EntitySportProvider implements VendorProvider {
  readonly vendor = 'entitysport' as const;
  readonly http: VendorHttp;
  private readonly perPage: number;
  /** Answers with their validators, for conditional requests (the API answers 304 to a current ETag). */
  private readonly cache = new Map<string, Cached<unknown>>();
  /** Per match: the innings totals the commentary of each innings was last fetched at. */
  private readonly fetchedAt = new Map<string, Map<number, string>>();
  /** Per match: the scorecard (its ETag, or its text) the last live update was made from. */
  private readonly liveAt = new Map<string, string>();

  constructor(options: EntitySportOptions) {
    const clock = options.clock;
    const now = () => (clock ? clock.now().getTime() : Date.now());
    this.http = createVendorHttp({
      vendor: VENDOR,
      baseUrl: options.baseUrl ?? ENTITYSPORT_BASE_URL,
      auth: new TokenAuth(options.accessKey, options.secretKey, now),
      dailyCallBudget: options.dailyCallBudget,
      calls: options.calls,
      ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
      ...(options.retries !== undefined ? { retries: options.retries } : {}),
      ...(clock ? { clock } : {}),
      ...(options.fetch ? { fetch: options.fetch } : {}),
      ...(options.log ? { log: options.log } : {}),
    });
    this.perPage = options.perPage ?? 50;
  }

  /** GET `path`: the checked response, and whether it changed since the last call (false on a 304). */
  private async get<T extends z.ZodType>(
    path: string,
    schema: T,
    query: Record<string, string | number> = {},
  ): Promise<{ value: z.output<T>; changed: boolean }> {
    const key = `${path}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString()}`;
    const cached = this.cache.get(key) as Cached<z.output<T>> | undefined;
    const res = await this.http.getJson(path, query, cached?.etag ? { etag: cached.etag } : undefined);
    if (res.kind === 'not-modified') {
      if (!cached) throw new VendorError(VENDOR, 'shape', `GET ${path}: 304 without a previous answer`);
      return { value: cached.value, changed: false };
    }
    const value = bodyOf(res.body, schema, `GET ${path}`);
    // The ETag header, or the `etag` every answer carries ("API Response").
    const bodyEtag = (res.body as { etag?: unknown }).etag;
    const etag = res.etag ?? (typeof bodyEtag === 'string' && bodyEtag !== '' ? `"${bodyEtag}"` : undefined);
    this.cache.set(key, { etag, value });
    return { value, changed: true };
  }

  /** Every page of a paged list ("Pagination": per_page, paged; the answer's total_pages). */
  private async pages<T extends z.ZodType<{ items: unknown[]; total_pages: number }>>(
    path: string,
    schema: T,
    query: Record<string, string> = {},
  ): Promise<z.output<T>['items']> {
    const items: unknown[] = [];
    for (let page = 1; ; page++) {
      const { value } = await this.get(path, schema, { ...query, per_page: this.perPage, paged: page });
      items.push(...value.items);
      if (page >= value.total_pages || value.items.length === 0) return items;
    }
  }

  /** Live and upcoming competitions ("Competitions List API", status=live and status=fixture). */
  async competitions(): Promise<VendorCompetition[]> {
    const out = new Map<string, VendorCompetition>();
    for (const status of ['live', 'fixture']) {
      const items = (await this.pages('competitions', S.competitionList, { status })) as S.Competition[];
      for (const c of items) if (!out.has(c.cid)) out.set(c.cid, toCompetition(c));
    }
    return [...out.values()];
  }

  /** "Competition Matches API". */
  async schedule(competitionId: string): Promise<VendorFixture[]> {
    const items = (await this.pages(`competitions/${ident(competitionId)}/matches`, S.matchList)) as S.Match[];
    return items.map((m, i) => toFixture(m, `response.items[${i}]`));
  }

  /** "Competitions Overview API" (the season) and "Competition Squads API". */
  async squads(competitionId: string): Promise<VendorSquads> {
    const cid = ident(competitionId);
    const { value: overview } = await this.get(`competitions/${cid}`, S.competition);
    const { value: squads } = await this.get(`competitions/${cid}/squads`, S.competitionSquads);
    return toSquads(overview.season, squads);
  }

  /** "Match Info API" (the toss) and "Match Squads API" (the XIs). */
  async lineup(fixtureId: string): Promise<VendorLineup | null> {
    const mid = ident(fixtureId);
    const { value: info } = await this.get(`matches/${mid}/info`, S.matchInfo);
    const { value: squads } = await this.get(`matches/${mid}/squads`, S.matchSquads);
    return toLineup(info, squads);
  }

  /**
   * The match so far. The scorecard first: unchanged (304), nothing happened and that one call is all.
   * Otherwise the commentary of the latest innings, and of any earlier innings whose totals changed
   * since its commentary was fetched (a correction); the match squads the first time, and again when
   * the scorecard names a player they do not have.
   */
  async live(fixtureId: string): Promise<LiveUpdate | null> {
    const mid = ident(fixtureId);
    const sc = await this.get(`matches/${mid}/scorecard`, S.scorecard);
    const version = this.cache.get(`matches/${mid}/scorecard?`)?.etag ?? JSON.stringify(sc.value);
    if (this.liveAt.get(mid) === version) return null;
    // The match squads once (lineup() keeps them current before the start), again for a player they lack.
    const squadsPath = `matches/${mid}/squads`;
    let squads = (this.cache.get(`${squadsPath}?`) as Cached<S.MatchSquads> | undefined)?.value;
    const known = new Set(squads?.players.map((p) => p.pid));
    if (!squads || sc.value.players.some((p) => !known.has(p.pid))) {
      squads = (await this.get(squadsPath, S.matchSquads)).value;
    }
    const fetched = this.fetchedAt.get(mid) ?? new Map<number, string>();
    this.fetchedAt.set(mid, fetched);
    const numbers = sc.value.innings.map((i) => i.number);
    const commentary: S.InningsCommentary[] = [];
    for (const [i, inn] of sc.value.innings.entries()) {
      const path = `matches/${mid}/innings/${inn.number}/commentary`;
      const totals = JSON.stringify([inn.equations, inn.extra_runs, inn.batsmen, inn.bowlers]);
      const cached = this.cache.get(`${path}?`) as Cached<S.InningsCommentary> | undefined;
      if (cached && i < numbers.length - 1 && fetched.get(inn.number) === totals) {
        commentary.push(cached.value);
        continue;
      }
      commentary.push((await this.get(path, S.inningsCommentary)).value);
      fetched.set(inn.number, totals);
    }
    const update = toLiveUpdate(sc.value, squads, commentary);
    this.liveAt.set(mid, version);
    return update;
  }

  /** "Match Scorecard API" and "Match Squads API": the status and, once finished or abandoned, the scorecard. */
  async result(fixtureId: string): Promise<VendorResult> {
    const mid = ident(fixtureId);
    const { value: sc } = await this.get(`matches/${mid}/scorecard`, S.scorecard);
    const status = fixtureStatus(sc.status, 'response.status');
    if (status !== 'finished' && status !== 'abandoned') return { status, scorecard: null };
    const { value: squads } = await this.get(`matches/${mid}/squads`, S.matchSquads);
    return { status, scorecard: toScorecard(sc, squads) };
  }
}

/** An id in a path: Entity Sport's ids are numbers. */
function ident(id: string): string {
  if (!/^\d+$/.test(id)) throw new VendorError(VENDOR, 'request', `"${id}" is not an Entity Sport id`);
  return id;
}
