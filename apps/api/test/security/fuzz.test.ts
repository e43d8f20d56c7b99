import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveHub } from '../../src/live/hub';
import { createSession, xsrfTokenFor } from '../../src/http/session';
import { newToken } from '../../src/http/tokens';
import type { OpenApiOperation } from '../../src/http/openapi';
import { DB_TARGET } from '../db';
import { PASSWORD, pollUntil } from '../helpers';
import { openStream, writeTopicEvents } from '../live/sse';
import { contractProblems, operations } from './contract';
import {
  bindSelf,
  type Mutation,
  mutate,
  mutationArb,
  type Pools,
  type RequestParts,
  SELF,
  urlOf,
  valueArb,
} from './schema-arbitrary';
import {
  baseTables,
  buildWorld,
  closeWorld,
  DISPLAY,
  linkTokenFor,
  type PersonRole,
  quickUser,
  type SecurityWorld,
  unsubscribeTokenFor,
} from './world';

/**
 * Contract fuzzing: requests derived from openapi.yaml's schemas and mutated (./schema-arbitrary.ts),
 * sent with app.inject by every kind of caller, one after the other, to one world. For every answer:
 * - never a 5xx;
 * - a status the operation documents, with a body that matches the documented schema (ajv);
 * - when the request was refused (4xx), no row of any table changed: a row trigger on every table
 *   counts inserted, updated and deleted rows, and the count must not move. Two things are left out
 *   on purpose: `rate_limits` (a refused sign-in must count) and a session's `last_seen_at` touch; and
 *   the import history (`import_runs`, `import_run_lines`), which records a refused import as a failed run;
 *   and the vendor call counter (`vendor_calls`): keys the vendor refuses still cost a call of the day's quota.
 * Callers include a site operator, so the console's operations are attacked past their access check.
 * The live operations also get a `Last-Event-ID` header (numbers beyond 32 bits, negative, spaces,
 * not digits). Every event stream that opens gets an event on its topics at once, and the newest few
 * stay open (to the end of the run, when every topic gets one more): whatever its request was, a
 * stream must take its events or fail alone. After the run the process must still answer and stream,
 * with no unhandled rejection (Node ends the process on one) at any point.
 *
 * FUZZ_SEED and FUZZ_RUNS override the seed (printed at the start) and the number of requests;
 * FUZZ_TRACE=1 prints each request and how long its answer took (to find one that never ends).
 */

/** A fixed default, so that CI sends the same requests every run; FUZZ_SEED explores others. */
const DEFAULT_SEED = 20_261_123;
const RUNS = Number(process.env.FUZZ_RUNS || 10_000);
const SEED = Number(process.env.FUZZ_SEED || DEFAULT_SEED);
if (!Number.isSafeInteger(RUNS) || RUNS < 1)
  throw new Error(`FUZZ_RUNS must be a positive integer, got ${process.env.FUZZ_RUNS}`);
if (!Number.isSafeInteger(SEED)) throw new Error(`FUZZ_SEED must be an integer, got ${process.env.FUZZ_SEED}`);

type Caller = PersonRole | 'operator' | 'anonymous';
type Transport = 'ok' | 'noXsrf' | 'wrongXsrf' | 'unknownSession' | 'garbageCookie';

interface FuzzRequest {
  op: OpenApiOperation;
  caller: Caller;
  parts: RequestParts;
  mutation: Mutation | null;
  transport: Transport;
  /** Sent besides the cookies and the XSRF header (`last-event-id` on the live operations). */
  headers?: Record<string, string>;
}

/** The operations a `Last-Event-ID` header is sent to (the stream reads it; the poll must ignore it). */
const EVENT_OPERATIONS = ['streamLiveEvents', 'listLiveEvents'];

/**
 * `Last-Event-ID` values: ids a client may hold, the edges of 32 bits, numbers no column holds,
 * negative, blank, padded and not numbers at all, and random strings of digits and signs (printable
 * ASCII only: a header cannot carry the rest).
 */
const lastEventIdArb = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '0',
      '1',
      '2147483647',
      '2147483648',
      '9999999999',
      '99999999999999999999',
      '-1',
      '-2147483649',
      ' ',
      '   ',
      ' 12 ',
      '1 2',
      'abc',
      '1.5',
      '1e3',
      '0x10',
      '+5',
      '00012',
      '',
      '12abc',
      '9'.repeat(300),
      '3000000000',
      '4294967296',
    ),
  },
  // Either side of the largest id a column holds.
  { weight: 2, arbitrary: fc.integer({ min: 2 ** 31 - 4, max: 2 ** 31 + 4 }).map(String) },
  { weight: 1, arbitrary: fc.integer({ min: -(2 ** 40), max: 2 ** 40 }).map(String) },
  { weight: 1, arbitrary: fc.nat({ max: 50 }).map(String) },
  {
    weight: 1,
    arbitrary: fc.array(fc.constantFrom(...' 0123456789-+.,eEx'), { maxLength: 24 }).map((c) => c.join('')),
  },
);

/** A stream's topics as the server read them from its URL (ids; the stream opened, so they exist). */
function topicsOf(url: string): { fixtures: number[]; leagues: number[] } {
  const q = new URL(url, 'http://fuzz.test').searchParams;
  const ids = (text: string | null) => [...new Set((text ?? '').split(',').filter(Boolean).map(Number))];
  return { fixtures: ids(q.get('fixtures')), leagues: ids(q.get('leagues')) };
}

/** Event streams held open until the end of the run (the newest; older ones are closed). */
const HELD_STREAMS = 3;
const held: { ctl: AbortController; url: string }[] = [];

/** Unhandled rejections anywhere in this test process: each would have ended the API process. */
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

interface Failure {
  index: number;
  problem: string;
  request: string;
}

let w: SecurityWorld;
let pools: Pools;
let corpus: Record<string, RequestParts[]>;
const sessions = new Map<PersonRole | 'operator', string>();

/** Installs the row-change counter: one row trigger per table of the schema. */
async function installChangeCounter(world: SecurityWorld) {
  const db = world.t.db;
  // Refused imports are recorded in the import history on purpose (a failed run, with its lines).
  const recordedWhenRefused = ['rate_limits', 'import_runs', 'import_run_lines', 'vendor_calls'];
  const tables = (await baseTables(world)).filter((t) => !t.startsWith('kysely_') && !recordedWhenRefused.includes(t));
  await sql`CREATE TABLE fuzz_row_changes (n bigint NOT NULL)`.execute(db);
  await sql`INSERT INTO fuzz_row_changes VALUES (0)`.execute(db);
  await sql`CREATE FUNCTION fuzz_count_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN UPDATE fuzz_row_changes SET n = n + 1; RETURN NULL; END $$`.execute(db);
  for (const table of tables) {
    if (table === 'sessions') {
      await sql`CREATE TRIGGER fuzz_count_change AFTER INSERT OR DELETE ON sessions
        FOR EACH ROW EXECUTE FUNCTION fuzz_count_change()`.execute(db);
      await sql`CREATE TRIGGER fuzz_count_change_update AFTER UPDATE ON sessions FOR EACH ROW
        WHEN ((OLD.id_hash, OLD.user_id, OLD.created_at, OLD.expires_at)
          IS DISTINCT FROM (NEW.id_hash, NEW.user_id, NEW.created_at, NEW.expires_at))
        EXECUTE FUNCTION fuzz_count_change()`.execute(db);
    } else {
      await sql`CREATE TRIGGER fuzz_count_change AFTER INSERT OR UPDATE OR DELETE ON ${sql.table(table)}
        FOR EACH ROW EXECUTE FUNCTION fuzz_count_change()`.execute(db);
    }
  }
  return tables;
}

async function rowChanges(): Promise<number> {
  const { rows } = await sql<{ n: string }>`SELECT n FROM fuzz_row_changes`.execute(w.t.db);
  return Number(rows[0]!.n);
}

/** `values` first, `times` times over, then `rest`: the world's most useful objects are drawn most often. */
const often = <T>(values: T[], times: number, rest: T[] = []) => [
  ...Array.from({ length: times }, () => values).flat(),
  ...rest,
];

/**
 * Real ids and strings of the world, by field name, so that requests reach past validation and the
 * access checks: the leagues where the callers have roles, the upcoming and the played fixture, the
 * configuration rows of those leagues, the players of the fixture's squads and the caller's own id come
 * up most often; every other league, member and user of the world (other people's objects) too.
 */
async function worldPools(world: SecurityWorld): Promise<Pools> {
  const { db } = world.t;
  const ids = async (query: { execute(): Promise<{ id: number }[]> }) => (await query.execute()).map((r) => r.id);
  const people = Object.values(world.people);
  const L = (key: keyof SecurityWorld['leagues']) => world.leagues[key].LeagueID;
  const allLeagues = await ids(db.selectFrom('leagues').select('id'));
  const leagueIds = often([L('mp'), L('ps')], 4, [
    ...often([L('draft'), L('pub'), L('mpHidden')], 2),
    L('toActivate'),
    L('toTransfer'),
    L('toDecide'),
    L('toJoin'),
    L('toDelete'),
    ...allLeagues,
  ]);
  const fixtureIds = [
    ...often([world.upcoming.id], 4),
    ...often([world.played.id], 3),
    ...(await ids(db.selectFrom('fixtures').select('id').orderBy('start_time', 'desc').limit(3))),
  ];
  const configsOf = (leagueId: number) =>
    ids(db.selectFrom('league_configurations').select('id').where('league_id', '=', leagueId).orderBy('feature_id'));
  const configIds = [
    ...often((await configsOf(L('mp'))).slice(0, 1), 4),
    ...(await configsOf(L('mp'))),
    ...often(await configsOf(L('draft')), 2),
    ...(await ids(db.selectFrom('league_configurations').select('id'))),
  ];
  const selectionIds = [
    ...often(await ids(db.selectFrom('league_selection_configs').select('id').where('league_id', '=', L('draft'))), 3),
    ...(await ids(db.selectFrom('league_selection_configs').select('id'))),
  ];
  const pendingIds = Object.values(world.pendingMemberId).filter((id): id is number => id !== undefined);
  const memberIds = [...often(pendingIds, 2), ...(await ids(db.selectFrom('league_members').select('id')))];
  const squad = await ids(
    db
      .selectFrom('squads')
      .select('player_id as id')
      .where('team_id', 'in', [world.upcoming.localTeamId, world.upcoming.visitorTeamId])
      .where('season_id', '=', world.lw.seasonId),
  );
  const playerIds = [0, ...often([world.picks.psPlayer.admin, world.picks.psPlayer.member], 3), ...squad];
  const teamIds = [...often([world.upcoming.localTeamId, world.upcoming.visitorTeamId], 3), world.played.localTeamId];
  const bonusIds = await ids(db.selectFrom('bonus_options').select('id'));
  const stageIds = await ids(db.selectFrom('stages').select('id').where('season_id', '=', world.lw.seasonId));
  const tokens: string[] = [newToken(), 'not-a-token'];
  for (let i = 0; i < 4; i++) {
    tokens.push((await linkTokenFor(world, 'verify_email')).token, (await linkTokenFor(world, 'reset_password')).token);
  }
  for (const p of people) tokens.push(await unsubscribeTokenFor(world, p.userId));
  tokens.push(await unsubscribeTokenFor(world, 999_999));
  const codes = Object.values(world.leagues).map((l) => l.LeagueCode);
  // SELF is the caller's own id (bound when the request is sent): the owner rule lets only that through.
  const user = [...often([SELF], 6), ...people.map((p) => p.userId)];
  return {
    ints: {
      userid: user,
      user_id: user,
      adminuserid: user,
      adminid: user,
      newadminid: [...often([world.people.member.userId], 3), ...people.map((p) => p.userId)],
      leagueid: leagueIds,
      id: leagueIds,
      fixtureid: fixtureIds,
      leaguefeatureid: configIds,
      leagueconfigurationid: configIds,
      selectionconfigid: selectionIds,
      leaguememberid: memberIds,
      playerid: playerIds,
      teamid: teamIds,
      bonusoptionid: bonusIds,
      featureid: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
      positiontypeid: [1, 2, 3, 4],
      positionorder: [1, 1, 1, 2, 3, 4],
      leaguetypeid: [1, 2],
      seasonid: [world.lw.seasonId],
      stageid: stageIds,
      points: [0, 1, 5, 10, 25],
      count: [0, 1, 2, 4, 6],
    },
    strings: {
      email: [...people.map((p) => p.email), 'nobody@example.com', people[0]!.email.toUpperCase()],
      password: [PASSWORD],
      new_password: ['another long pass 2'],
      token: tokens,
      leaguecode: [...codes, ...codes.map((c) => ` ${c.toLowerCase()} `)],
      displayname: ['Fuzzy Player', DISPLAY.member, 'ab'],
      admindisplayname: ['Fuzzy Admin'],
      name: ['Fuzz League', 'My Daily Challenge'],
      search: ['Matrix', 'public', 'ab'],
    },
  };
}

/**
 * A seed corpus: one or two valid requests for the operations whose preconditions random values seldom
 * meet together (an item of the caller's league, for a fixture of it, with an option of that fixture).
 * The fuzzer sends them as they are or mutated, besides the requests it derives from the schemas.
 */
async function worldCorpus(world: SecurityWorld): Promise<Record<string, RequestParts[]>> {
  const { db } = world.t;
  const L = (key: keyof SecurityWorld['leagues']) => world.leagues[key].LeagueID;
  const winner = await db
    .selectFrom('league_configurations')
    .select('id')
    .where('league_id', '=', L('mp'))
    .where('feature_id', '=', 1)
    .executeTakeFirstOrThrow();
  const draftConfig = await db
    .selectFrom('league_configurations')
    .selectAll()
    .where('league_id', '=', L('draft'))
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const draftCounts = await db
    .selectFrom('league_selection_configs')
    .selectAll()
    .where('league_id', '=', L('draft'))
    .execute();
  const { upcoming, played, people, picks } = world;
  const mpItem = (TeamID: number) => ({
    UserID: SELF,
    LeagueID: L('mp'),
    FixtureID: upcoming.id,
    LeagueFeatureID: winner.id,
    IsActive: true,
    TeamID,
  });
  const psItem = (PlayerID: number) => ({
    UserID: SELF,
    LeagueID: L('ps'),
    FixtureID: upcoming.id,
    PositionTypeID: 1,
    PositionOrder: 1,
    PlayerID,
    IsActive: true,
  });
  return {
    streamLiveEvents: [
      { query: { leagues: String(L('mp')), fixtures: String(played.id) } },
      { query: { leagues: `${L('mp')},${L('ps')}`, lastEventId: 0 } },
    ],
    listLiveEvents: [
      { query: { leagues: String(L('mp')), after: 0 } },
      { query: { fixtures: String(played.id), after: 0 } },
    ],
    getMatchCentre: [{ params: { fixtureId: played.id }, query: { leagueId: L('ps') } }],
    saveMatchPredictionPicks: [
      { body: { CopyToOtherLeagues: false, Selection: [mpItem(upcoming.localTeamId)] } },
      { body: { CopyToOtherLeagues: true, Selection: [mpItem(upcoming.visitorTeamId)] } },
    ],
    savePlayerSelectionPicks: [
      { body: { CopyToOtherLeagues: false, Selection: [psItem(picks.psPlayer.admin)] } },
      { body: { CopyToOtherLeagues: true, Selection: [psItem(picks.psPlayer.member)] } },
    ],
    getMatchPredictionRows: [{ body: { UserID: SELF, LeagueID: L('mp'), FixtureID: upcoming.id } }],
    getPlayerSelectionRows: [{ query: { FixtureID: upcoming.id, LeagueID: L('ps'), UserID: SELF } }],
    listFixtureSelections: [{ body: { LeagueID: L('mp'), FixtureID: played.id } }],
    listFixturePlayerSelections: [{ body: { LeagueID: L('ps'), FixtureID: played.id } }],
    listPastSelections: [{ body: { LeagueID: L('mp'), UserID: people.admin.userId } }],
    listPastPlayerSelections: [{ body: { LeagueID: L('ps'), UserID: people.member.userId } }],
    listPlayerScoringDetails: [{ body: { LeagueID: L('ps'), FixtureID: played.id, UserID: SELF, PlayerID: 0 } }],
    updateLeagueConfigurations: [
      {
        body: {
          LeagueConfiguration: [
            {
              LeagueConfigurationID: draftConfig.id,
              LeagueID: L('draft'),
              FeatureID: draftConfig.feature_id,
              Points: draftConfig.points,
              IsActive: true,
            },
          ],
        },
      },
    ],
    updateSelectionConfigs: [
      {
        body: {
          LeagueSelectionConfig: draftCounts.map((r) => ({ SelectionConfigID: r.id, Count: r.count, IsActive: true })),
        },
      },
    ],
    updateMemberStatus: Object.entries(world.pendingMemberId)
      .filter(([, id]) => id !== undefined)
      .map(([key, id]) => ({
        body: {
          LeagueMemberID: id,
          LeagueID: L(key as keyof SecurityWorld['leagues']),
          Status: key.length % 2 === 0 ? 'Approved' : 'Rejected',
          AdminUserID: SELF,
        },
      })),
    joinLeague: Object.values(world.leagues).map((l) => ({
      body: { UserID: SELF, LeagueCode: l.LeagueCode, DisplayName: 'Fuzzy Joiner' },
    })),
    changeLeagueAdmin: [{ body: { LeagueID: L('toTransfer'), AdminID: SELF, NewAdminID: people.member.userId } }],
    activateLeague: [{ body: { UserID: SELF, LeagueID: L('toActivate') } }],
    updateLeague: [{ params: { id: L('mp') }, body: { Description: 'Friendly league', ShowOthersPicks: true } }],
  };
}

function requestArb(corpus: Record<string, RequestParts[]>): fc.Arbitrary<FuzzRequest> {
  // Mostly the people with a role in the world's leagues, so that requests get past the access checks.
  const callers: Caller[] = [
    'anonymous',
    'outsider',
    'pending',
    'member',
    'member',
    'member',
    'admin',
    'admin',
    'admin',
    'operator',
    'operator',
  ];
  const transport = fc.oneof(
    { weight: 92, arbitrary: fc.constant<Transport>('ok') },
    { weight: 3, arbitrary: fc.constant<Transport>('noXsrf') },
    { weight: 1, arbitrary: fc.constant<Transport>('wrongXsrf') },
    { weight: 2, arbitrary: fc.constant<Transport>('unknownSession') },
    { weight: 2, arbitrary: fc.constant<Transport>('garbageCookie') },
  );
  return fc.constantFrom(...operations).chain((op) => {
    const part = (schema: unknown) => (schema ? valueArb(schema, [], pools) : fc.constant(undefined));
    const fromSchema = fc.record({
      params: part(op.schema.params),
      query: part(op.schema.querystring),
      body: part(op.schema.body),
    });
    const seeds = corpus[op.operationId] ?? [];
    const parts =
      seeds.length === 0
        ? fromSchema
        : fc.oneof({ weight: 3, arbitrary: fromSchema }, { weight: 2, arbitrary: fc.constantFrom(...seeds) });
    const lastEventId = EVENT_OPERATIONS.includes(op.operationId)
      ? fc.option(lastEventIdArb, { nil: undefined, freq: 4 })
      : fc.constant(undefined);
    return fc
      .record({ caller: fc.constantFrom(...callers), parts, mutation: mutationArb(pools), transport, lastEventId })
      .map(({ caller, parts: { params, query, body }, mutation, transport, lastEventId }) => {
        const request: RequestParts = {};
        if (params !== undefined) request.params = params as Record<string, unknown>;
        if (query !== undefined) request.query = query as Record<string, unknown>;
        if (op.schema.body) request.body = body;
        const fuzzed: FuzzRequest = { op, caller, parts: mutate(op, request, mutation), mutation, transport };
        if (lastEventId !== undefined) fuzzed.headers = { 'last-event-id': lastEventId };
        return fuzzed;
      });
  });
}

/** The caller's user id and session cookie; some operations get a session (or a user) of their own. */
async function identity(r: FuzzRequest): Promise<{ userId: number; sid?: string }> {
  if (r.caller === 'anonymous') return { userId: w.people.member.userId };
  const person = r.caller === 'operator' ? w.operator : w.people[r.caller];
  const config = w.t.app.deps.config;
  // These end the session (or the account) they are sent with: give them one that nothing else uses.
  if (r.op.operationId === 'deleteUserProfile') {
    const throwaway = await quickUser(w);
    return { userId: throwaway.userId, sid: await createSession(w.t.db, throwaway.userId, config) };
  }
  if (r.op.operationId === 'signOut' || r.op.operationId === 'authenticateUser') {
    return { userId: person.userId, sid: await createSession(w.t.db, person.userId, config) };
  }
  return { userId: person.userId, sid: sessions.get(r.caller) };
}

function injectOptions(r: FuzzRequest, who: { userId: number; sid?: string }): InjectOptions {
  const parts = bindSelf(r.parts, who.userId);
  const sid = r.transport === 'unknownSession' ? newToken() : r.transport === 'garbageCookie' ? undefined : who.sid;
  // With a (well-formed) session cookie the XSRF token is the one derived from it (src/http/xsrf.ts).
  const xsrf = sid ? xsrfTokenFor(sid) : newToken();
  const cookies = [`XSRF-TOKEN=${xsrf}`];
  if (r.transport === 'garbageCookie') cookies.push(`fcl_sid=${encodeURIComponent("'; DROP TABLE sessions;--")}`);
  else if (sid) cookies.push(`fcl_sid=${sid}`);
  const headers: Record<string, string> = { ...r.headers, cookie: cookies.join('; ') };
  if (r.transport !== 'noXsrf') headers['x-xsrf-token'] = r.transport === 'wrongXsrf' ? newToken() : xsrf;
  const options: InjectOptions = { method: r.op.method as 'GET', url: urlOf(r.op, parts), headers };
  if (parts.rawBody !== undefined) {
    headers['content-type'] = 'application/json';
    options.payload = parts.rawBody;
  } else if (r.op.schema.body) {
    headers['content-type'] = 'application/json';
    options.payload = parts.body === undefined ? '' : JSON.stringify(parts.body);
  }
  return options;
}

/**
 * An event stream never ends, so app.inject would wait for ever: the request goes over a real
 * connection, which is dropped once the headers say it is a stream (its body is not JSON to check) —
 * or, for the newest HELD_STREAMS streams, kept open until the end of the run.
 */
async function streamed(o: InjectOptions): Promise<LightMyRequestResponse> {
  const app = w.t.app;
  // A URL beyond Node's header limit is refused by the connection (431) before the API sees it, so a
  // long one goes through inject — as a stream: its query may still be valid (a lastEventId of spaces
  // is coerced to 0), and then the answer is an event stream that never ends.
  if (String(o.url).length > 4_000) {
    const res = await app.inject({ ...o, payloadAsStream: true });
    const stream = res.stream();
    if (String(res.headers['content-type']).startsWith('text/event-stream')) {
      stream.destroy();
      return { ...res, body: '', json: () => undefined } as unknown as LightMyRequestResponse;
    }
    let body = '';
    for await (const chunk of stream) body += String(chunk);
    return { ...res, body, json: () => JSON.parse(body) } as unknown as LightMyRequestResponse;
  }
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const ctl = new AbortController();
  const r = await fetch(`http://127.0.0.1:${port}${String(o.url)}`, {
    headers: o.headers as Record<string, string>,
    signal: ctl.signal,
  });
  const headers = Object.fromEntries(r.headers);
  let body = '';
  if (String(headers['content-type']).startsWith('text/event-stream')) {
    held.push({ ctl, url: String(o.url) });
    if (held.length > HELD_STREAMS) held.shift()!.ctl.abort();
    // The next event of its topics (it counts as this accepted request's change of rows).
    await writeTopicEvents(w.t.db, topicsOf(String(o.url)));
  } else body = await r.text();
  return { statusCode: r.status, headers, body, json: () => JSON.parse(body) } as unknown as LightMyRequestResponse;
}

const describeRequest = (r: FuzzRequest, o: InjectOptions) => {
  const payload = typeof o.payload === 'string' ? o.payload : '';
  const body = payload.length > 300 ? `${payload.slice(0, 300)}… (${payload.length} chars)` : payload;
  const m = r.mutation ? ('label' in r.mutation ? r.mutation.label : r.mutation.kind) : 'none';
  return `${r.op.operationId} as ${r.caller} [mutation: ${m}, transport: ${r.transport}] ${o.method} ${String(o.url).slice(0, 300)} ${body}`;
};

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  w = await buildWorld();
  // Deliveries would update email_outbox rows in the background, in the middle of other requests.
  await w.t.app.deps.mail.stop();
  pools = await worldPools(w);
  corpus = await worldCorpus(w);
  for (const role of ['outsider', 'pending', 'member', 'admin'] as const) {
    sessions.set(role, await createSession(w.t.db, w.people[role].userId, w.t.app.deps.config));
  }
  sessions.set('operator', await createSession(w.t.db, w.operator.userId, w.t.app.deps.config));
}, 180_000);
afterAll(async () => {
  for (const h of held.splice(0)) h.ctl.abort();
  process.off('unhandledRejection', onUnhandled);
  if (w) await closeWorld(w);
});

describe(`contract fuzzing on ${DB_TARGET}`, () => {
  it(`answers ${RUNS} generated requests within the contract, never 5xx, and refusals change no row`, async () => {
    const tables = await installChangeCounter(w);
    console.log(
      `contract fuzz on ${DB_TARGET}: seed ${SEED}, ${RUNS} requests over ${operations.length} operations ` +
        `(reproduce with FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}); row-change triggers on ${tables.length} tables`,
    );
    const arb = requestArb(corpus);
    const failures: Failure[] = [];
    const byOp = new Map<string, { total: number; ok: number; refused: number }>();
    const byStatus = new Map<number, number>();
    let refusedChecked = 0;
    let headersSent = 0;
    let acceptedThatChanged = 0;
    const started = Date.now();
    let changes = await rowChanges();

    let index = -1;
    // The property records what is wrong instead of throwing: the requests share one world, so
    // shrinking a failure by replaying smaller requests would not replay the same state.
    const property = fc.asyncProperty(arb, async (r) => {
      index += 1;
      if (r.headers) headersSent += 1;
      const who = await identity(r);
      if (who.sid !== sessions.get(r.caller as PersonRole | 'operator')) changes = await rowChanges();
      const options = injectOptions(r, who);
      let res: LightMyRequestResponse;
      const t0 = Date.now();
      if (process.env.FUZZ_TRACE) console.log(`#${index} ${describeRequest(r, options)} …`);
      try {
        res = r.op.operationId === 'streamLiveEvents' ? await streamed(options) : await w.t.app.inject(options);
      } catch (err) {
        failures.push({ index, problem: `inject threw ${String(err)}`, request: describeRequest(r, options) });
        changes = await rowChanges();
        return true;
      }
      if (process.env.FUZZ_TRACE) console.log(`#${index} ${res!.statusCode} in ${Date.now() - t0} ms`);
      const after = await rowChanges();
      const id = r.op.operationId;
      const counts = byOp.get(id) ?? { total: 0, ok: 0, refused: 0 };
      counts.total += 1;
      byStatus.set(res.statusCode, (byStatus.get(res.statusCode) ?? 0) + 1);
      const problems: string[] = [];
      if (res.statusCode >= 500) problems.push(`${res.statusCode}: ${res.body.slice(0, 300)}`);
      problems.push(...contractProblems(id, res));
      if (res.body.includes('scrypt$')) problems.push('a password hash in the answer');
      if (res.statusCode >= 400) {
        counts.refused += 1;
        refusedChecked += 1;
        if (after !== changes) problems.push(`refused with ${res.statusCode} but changed ${after - changes} row(s)`);
      } else {
        counts.ok += 1;
        if (after !== changes) acceptedThatChanged += 1;
      }
      byOp.set(id, counts);
      changes = after;
      for (const problem of problems) failures.push({ index, problem, request: describeRequest(r, options) });
      return true;
    });
    await fc.assert(property, { seed: SEED, numRuns: RUNS });

    const seconds = (Date.now() - started) / 1000;
    const statuses = [...byStatus].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
    const neverOk = operations.map((o) => o.operationId).filter((id) => !byOp.get(id)?.ok);
    console.log(
      `contract fuzz on ${DB_TARGET}: ${RUNS} requests in ${seconds.toFixed(1)} s (seed ${SEED}); ` +
        `${byOp.size}/${operations.length} operations; statuses ${statuses.join(', ')}; ` +
        `${refusedChecked} refusals checked for row changes; ${acceptedThatChanged} accepted requests changed rows; ` +
        `operations never answered 2xx: ${neverOk.join(', ') || 'none'}`,
    );
    if (failures.length > 0) {
      // One line per kind of failure (operation and problem, numbers blurred), with its first example.
      const kinds = new Map<string, { count: number; first: Failure }>();
      for (const f of failures) {
        const kind = `${f.problem.replace(/\d+/g, 'N').slice(0, 90)}`;
        const entry = kinds.get(kind) ?? { count: 0, first: f };
        entry.count += 1;
        kinds.set(kind, entry);
      }
      const shown = [...kinds.values()]
        .slice(0, 60)
        .map(({ count, first }) => `${count}× #${first.index}: ${first.problem.slice(0, 300)}\n    ${first.request}`)
        .join('\n');
      console.log(`contract fuzz failures (${failures.length} in ${kinds.size} kinds, seed ${SEED}):\n${shown}`);
    }
    expect(failures.slice(0, 20).map((f) => `#${f.index} ${f.problem.slice(0, 300)}`)).toEqual([]);
    // Every operation was exercised, and the counter does see writes (or a refusal check means nothing).
    expect(byOp.size).toBe(operations.length);
    expect(acceptedThatChanged).toBeGreaterThan(0);
    expect(headersSent).toBeGreaterThan(0);

    // Still alive: an event on every fixture and league reaches the held streams (whatever their
    // requests were) and a new one, the process answers, and nothing was left unhandled.
    const fixtures = (await w.t.db.selectFrom('fixtures').select('id').execute()).map((f) => f.id);
    const leagues = (await w.t.db.selectFrom('leagues').select('id').execute()).map((l) => l.id);
    const probe = await openStream(
      w.t,
      `/api/live/stream?fixtures=${w.played.id}`,
      new Map([['fcl_sid', sessions.get('member')!]]),
    );
    expect(probe.res.statusCode).toBe(200);
    const ids = await writeTopicEvents(w.t.db, { fixtures, leagues });
    const [last] = await writeTopicEvents(w.t.db, { fixtures: [w.played.id] });
    await pollUntil(
      async () => probe.events.some((e) => e.id === last),
      (got) => got,
    );
    expect(probe.events.map((e) => e.id)).toEqual([ids[fixtures.indexOf(w.played.id)], last]);
    probe.close();
    for (const h of held.splice(0)) h.ctl.abort();
    expect((await w.t.app.inject({ method: 'GET', url: '/api/faq/' })).statusCode).toBe(200);
    await pollUntil(
      async () => liveHub(w.t.db).size,
      (n) => n === 0,
      { timeoutMs: 3_000 },
    );
    console.log(
      `contract fuzz on ${DB_TARGET}: ${headersSent} requests with a Last-Event-ID header; ` +
        `${liveHub(w.t.db).size} streams open after the run; ${unhandled.length} unhandled rejections`,
    );
    expect(unhandled).toEqual([]);
  }, 900_000);
});
