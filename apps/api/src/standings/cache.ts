import { messages } from '@fantasy-cricket/rules';
import { type Kysely, sql } from 'kysely';
import { isScoredSql } from '../cricket/scoring/scored';
import { changeHub } from '../db/notifications';
import type { DB, LeagueTypeCode } from '../db/schema';
import { standingsVersions } from '../db/standings-versions';
import { assertLeagueType, type LeagueRecord, loadLeague } from '../leagues/access';
import { leagueFixtureCondition } from '../leagues/fixtures';
import { readableStandings } from './access';
import { memberTotals } from './materialize';
import { approvedMembers, type Member, scoredFixtures } from './points';
import { rankedRows } from './standings';

/**
 * The leaderboards, served from memory (docs/performance.md, "Standings cache").
 *
 * Each API process keeps, per league, the serialised JSON of its leaderboard (the bytes the contract's
 * serialiser would write, with every `IsMe` false, plus where each member's flag sits), the league's
 * type and admin, and its Approved members. An entry is tagged with the league's standings versions
 * (`standings_versions` rows 0 and the league id, migration 0006) as known *before* it was built. A
 * request looks those two counters up — in memory, kept current by notifications (`StandingsVersions`;
 * from the database when the listener is down) — and when they still match, answers from
 * memory: access is decided from the entry (Approved member or admin), and the caller's `IsMe` is
 * patched into a copy of the bytes. Anything else (unknown league, not a member, a version moved, a
 * clock-driven change due) takes the full path: the usual access checks, then one build per league and
 * version at a time, however many requests wait for it.
 *
 * The counters are bumped in the transaction that changes anything a leaderboard shows — the results
 * pipeline's `touchStandings` for results, triggers for members, names, league settings and late
 * auto-picks — so an entry built before a commit is never served after it: by this process (its own
 * writes are confirmed before memory answers), nor by another on the same database once the commit's
 * notification has arrived (docs/decisions/0010-in-process-caches.md).
 */

const MAX_BYTES = 128 * 1024 * 1024;
const TRUE = Buffer.from('true');
/** Every row ends with `"IsMe":false}` (IsMe is the contract's last LeaderboardRow property). */
const FALSE_TAIL = 'false}'.length;

export interface CachedLeaderboard {
  leagueId: number;
  /** The versions it was built for. */
  key: string;
  type: LeagueTypeCode;
  adminUserId: number;
  approved: ReadonlySet<number>;
  body: Buffer;
  /** user id → byte offset of the `false` of that member's `IsMe`. */
  isMeAt: ReadonlyMap<number, number>;
  /** Date.now() from which the answer may change without a write (a scored fixture not started yet); else Infinity. */
  expiresAt: number;
}

/** One process's leaderboards: least recently used first out past MAX_BYTES. */
export class LeaderboardCache {
  private readonly entries = new Map<number, CachedLeaderboard>();
  private readonly building = new Map<string, Promise<CachedLeaderboard>>();
  private bytes = 0;
  hits = 0;
  builds = 0;

  constructor(private readonly maxBytes = MAX_BYTES) {}

  get(leagueId: number, key: string, now = Date.now()): CachedLeaderboard | undefined {
    const e = this.entries.get(leagueId);
    if (!e || e.key !== key || now >= e.expiresAt) return undefined;
    this.entries.delete(leagueId); // most recently used last
    this.entries.set(leagueId, e);
    this.hits += 1;
    return e;
  }

  /**
   * Builds (once per league and key, whoever asks meanwhile) and keeps the entry. A caller that missed
   * the cache and then spent time on its access checks may find the entry built meanwhile: it gets that.
   */
  async build(leagueId: number, key: string, make: () => Promise<CachedLeaderboard>): Promise<CachedLeaderboard> {
    const ready = this.get(leagueId, key);
    if (ready) return ready;
    const id = `${leagueId}|${key}`;
    let pending = this.building.get(id);
    if (!pending) {
      pending = make()
        .then((e) => {
          this.builds += 1;
          this.put(e);
          return e;
        })
        .finally(() => this.building.delete(id));
      this.building.set(id, pending);
    }
    return pending;
  }

  private put(e: CachedLeaderboard): void {
    const old = this.entries.get(e.leagueId);
    if (old) {
      this.bytes -= old.body.length;
      this.entries.delete(e.leagueId);
    }
    if (e.body.length > this.maxBytes) return;
    this.entries.set(e.leagueId, e);
    this.bytes += e.body.length;
    for (const [id, victim] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(id);
      this.bytes -= victim.body.length;
    }
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }
}

const caches = new WeakMap<Kysely<DB>, LeaderboardCache>();

/**
 * The cache of the process for this database handle (each app built on its own handle has its own),
 * emptied with the standings versions whenever the change listener (re)connects or drops.
 */
export function leaderboardCache(db: Kysely<DB>): LeaderboardCache {
  let cache = caches.get(db);
  if (!cache) {
    const created = new LeaderboardCache();
    changeHub(db)?.onReset(() => created.clear());
    caches.set(db, created);
    cache = created;
  }
  return cache;
}

/**
 * Bumps the fixtures' versions and standings version 0 (once per transaction each; migration 0006),
 * in the transaction that changed their results: every league's `standings_points` for them are
 * recomputed on their next read (./materialize.ts) and every process drops the leaderboards it holds
 * (this file). The results pipeline runs it for every result (src/app.ts, "standings versions").
 */
export async function touchStandings(trx: Kysely<DB>, fixtureIds: readonly number[]): Promise<void> {
  const ids = [...new Set(fixtureIds)].map((id) => sql`(${Math.trunc(id)}::int)`);
  if (ids.length === 0) return;
  await sql`SELECT standings_touch_fixture(f.id) FROM (VALUES ${sql.join(ids)}) AS f(id)`.execute(trx);
  await sql`SELECT standings_touch(0)`.execute(trx);
}

/** Reads the versions of `scopes` from the database (a scope without a row is at 0). */
async function readVersions(db: Kysely<DB>, scopes: readonly number[]): Promise<Map<number, number>> {
  const { rows } = await sql<{ scope: number; version: number | string }>`
    SELECT scope, version FROM standings_versions WHERE scope = ANY(${scopes as number[]}::int[])`.execute(db);
  const out = new Map<number, number>(scopes.map((s) => [s, 0]));
  for (const r of rows) out.set(r.scope, Number(r.version));
  return out;
}

/**
 * The current versions of `scopes`: from memory when the listener vouches for it, else from the
 * database (and remembered when nothing dropped meanwhile).
 */
export async function currentVersions(db: Kysely<DB>, scopes: readonly number[]): Promise<number[]> {
  const hub = changeHub(db);
  const known = standingsVersions(db);
  const usable = hub && known ? await hub.ensureFresh() : false;
  if (usable && known) {
    const out: number[] = [];
    for (const s of scopes) {
      const v = known.get(s);
      if (v === undefined) break;
      out.push(v);
    }
    if (out.length === scopes.length) return out;
  }
  const epoch = hub?.epoch ?? 0;
  const read = await readVersions(db, scopes);
  if (usable && known && hub && hub.epoch === epoch && hub.ready) {
    for (const [s, v] of read) known.noted(s, v);
    return scopes.map((s) => known.get(s) ?? 0);
  }
  return scopes.map((s) => read.get(s) ?? 0);
}

/** The league's standings versions as one string ("12,3" for scope 0 and the league): what an entry is valid for. */
export async function standingsKey(db: Kysely<DB>, leagueId: number): Promise<string> {
  return (await currentVersions(db, [0, leagueId])).join(',');
}

/** The serialised rows: one JSON array, every IsMe false, with each member's flag offset. */
export function serialiseRows(rows: ReturnType<typeof rankedRows>): { body: Buffer; isMeAt: Map<number, number> } {
  const parts: string[] = [];
  const isMeAt = new Map<number, number>();
  let at = 1; // '['
  for (const row of rows) {
    const json = JSON.stringify({ ...row, IsMe: false });
    if (parts.length > 0) at += 1; // ','
    at += Buffer.byteLength(json);
    isMeAt.set(row.UserID, at - FALSE_TAIL);
    parts.push(json);
  }
  return { body: Buffer.from(`[${parts.join(',')}]`), isMeAt };
}

/**
 * The entry's bytes as `userId` sees them (their own row's IsMe true), as slices of the shared body
 * around the patched flag: nothing is copied, however large the league.
 */
export function bytesFor(entry: CachedLeaderboard, userId: number): Buffer[] {
  const at = entry.isMeAt.get(userId);
  if (at === undefined) return [entry.body];
  return [entry.body.subarray(0, at), TRUE, entry.body.subarray(at + 'false'.length)];
}

/** Every row of `serialiseRows` starts so (UserID is the row's first property). */
const ROW_START = Buffer.from('{"UserID":');

/** One member's place on a cached leaderboard. */
export interface MemberStanding {
  position: number;
  points: number;
  /** The leaderboard's rows (its Approved members). */
  members: number;
}

/**
 * The member's row of the entry, read from the shared bytes: its end is the member's `IsMe` flag, its
 * start the last row start before it (a display name cannot hold that text unescaped: JSON writes its
 * quotes as `\"`). Undefined when the user has no row.
 */
export function standingOf(entry: CachedLeaderboard, userId: number): MemberStanding | undefined {
  const at = entry.isMeAt.get(userId);
  if (at === undefined) return undefined;
  const start = entry.body.lastIndexOf(ROW_START, at);
  const row = JSON.parse(entry.body.toString('utf8', start, at + FALSE_TAIL)) as {
    Position: number;
    TotalPoints: number;
  };
  return { position: row.Position, points: row.TotalPoints, members: entry.isMeAt.size };
}

/**
 * The place of `userId` on the league's leaderboard, from this process's cache (built when missing,
 * as `leaderboardBytes` does). The caller has checked that the user is an Approved member.
 */
export async function memberStanding(
  db: Kysely<DB>,
  leagueId: number,
  userId: number,
): Promise<MemberStanding | undefined> {
  const cache = leaderboardCache(db);
  const key = await standingsKey(db, leagueId);
  const entry =
    cache.get(leagueId, key) ??
    (await cache.build(leagueId, key, async () => buildLeaderboard(db, await loadLeague(db, leagueId), key)));
  return standingOf(entry, userId);
}

/** The earliest start time still ahead of a fixture that is otherwise scored (normally none). */
async function nextClockChange(db: Kysely<DB>, leagueId: number, now: Date): Promise<number> {
  const { rows } = await sql<{ next: Date | string | null }>`
    SELECT min(f.start_time) AS next
    FROM leagues l JOIN fixtures f ON ${leagueFixtureCondition('l', 'f')}
    JOIN fixture_results r ON r.fixture_id = f.id
    WHERE l.id = ${leagueId} AND ${isScoredSql('f', 'r')}
      AND f.start_time > ${now.toISOString()}::timestamptz`.execute(db);
  const next = rows[0]?.next;
  return next ? new Date(next).getTime() : Number.POSITIVE_INFINITY;
}

/** Builds the entry from the database (the league's points are brought up to date on the way). */
export async function buildLeaderboard(db: Kysely<DB>, league: LeagueRecord, key: string): Promise<CachedLeaderboard> {
  const now = new Date();
  const fixtures = await scoredFixtures(db, league.id, now);
  const members: Member[] = await approvedMembers(db, league.id);
  const approved = new Set(members.map((m) => m.userId));
  const totals = await memberTotals(
    db,
    league,
    fixtures.map((f) => f.id),
    fixtures.at(-1)?.id,
    approved,
    now,
  );
  const { body, isMeAt } = serialiseRows(rankedRows(league, members, totals, fixtures, 0));
  return {
    leagueId: league.id,
    key,
    type: league.league_type,
    adminUserId: league.admin_user_id,
    approved,
    body,
    isMeAt,
    expiresAt: await nextClockChange(db, league.id, now),
  };
}

/**
 * The leaderboard answer for `userId`, as JSON bytes (in slices): 404/403/400 exactly as `readableStandings`
 * decides them, from memory when the league's versions have not moved.
 */
export async function leaderboardBytes(
  db: Kysely<DB>,
  leagueId: number,
  userId: number,
  type: LeagueTypeCode,
): Promise<Buffer[]> {
  const cache = leaderboardCache(db);
  const key = await standingsKey(db, leagueId);
  const hit = cache.get(leagueId, key);
  if (hit && (hit.approved.has(userId) || hit.adminUserId === userId)) {
    assertLeagueType(hit.type, type, messages.standingsApi);
    return bytesFor(hit, userId);
  }
  const league = await readableStandings(db, leagueId, userId, type);
  const entry = hit ?? (await cache.build(leagueId, key, () => buildLeaderboard(db, league, key)));
  return bytesFor(entry, userId);
}
