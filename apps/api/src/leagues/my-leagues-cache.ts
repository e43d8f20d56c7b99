import type { Kysely } from 'kysely';
import { changeHub, listenedCache } from '../db/notifications';
import type { DB } from '../db/schema';
import { standingsVersions } from '../db/standings-versions';

interface MyLeaguesEntry {
  /** The answer (LeagueView[] of leagues.ts). */
  views: unknown[];
  epoch: number;
  version0: number;
  versions: [leagueId: number, version: number][];
  /** Date.now() from which FixturesRemaining (or Status) changes without a write. */
  expiresAt: number;
}

/**
 * My Leagues per user, per process (docs/decisions/0010-in-process-caches.md). An answer is
 * kept with the standings versions of each of its leagues and version 0, read in the same statement
 * as its rows; it is served while the versions this process knows (src/db/standings-versions.ts, kept by
 * notifications) still equal them, until the next start of a remaining fixture. Every change it shows
 * bumps one of them — members and display names, league settings (triggers of migration 0006),
 * fixtures' start times, status, additions, series names (0006, 0007) — and a change of the user's own
 * memberships (`m<user id>`) drops the user's entry.
 */
export class MyLeaguesCache {
  private readonly entries = new Map<number, MyLeaguesEntry>();
  /** Builds in flight per user: a membership change meanwhile means the result is not kept. */
  private readonly building = new Map<number, { stale: boolean }>();
  hits = 0;

  constructor(private readonly max = 50_000) {}

  get(userId: number): MyLeaguesEntry | undefined {
    const e = this.entries.get(userId);
    if (!e) return undefined;
    this.entries.delete(userId);
    this.entries.set(userId, e);
    return e;
  }

  begin(userId: number): { stale: boolean } {
    const token = { stale: false };
    this.building.set(userId, token);
    return token;
  }

  end(userId: number, token: { stale: boolean }, entry: MyLeaguesEntry | undefined): void {
    if (this.building.get(userId) === token) this.building.delete(userId);
    if (!entry || token.stale) return;
    this.entries.delete(userId);
    this.entries.set(userId, entry);
    if (this.entries.size > this.max) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }

  drop(userId: number): void {
    this.entries.delete(userId);
    const b = this.building.get(userId);
    if (b) b.stale = true;
  }

  clear(): void {
    this.entries.clear();
    for (const b of this.building.values()) b.stale = true;
  }
}

const myLeaguesCaches = new WeakMap<Kysely<DB>, MyLeaguesCache | null>();

export function myLeaguesCache(db: Kysely<DB>): MyLeaguesCache | null {
  return listenedCache(
    myLeaguesCaches,
    db,
    () => new MyLeaguesCache(),
    (cache, hub) => {
      hub.on('m', (userId) => cache.drop(Number(userId)));
      hub.onReset(() => cache.clear());
    },
  );
}

/** What My Leagues' statement reads besides the answer: the versions and next start of each league. */
export interface MyLeaguesRow {
  id: number;
  version: number | string;
  version0: number | string;
  next_start: Date | string | null;
}

/**
 * My Leagues of `userId` from this process's cache when every version it was read with is still
 * current, else from `load` (kept when the change listener was up the whole time).
 */
export async function cachedMyLeagues<V>(
  db: Kysely<DB>,
  userId: number,
  now: Date,
  load: () => Promise<{ rows: readonly MyLeaguesRow[]; views: V[] }>,
): Promise<V[]> {
  const hub = changeHub(db);
  const cache = myLeaguesCache(db);
  const versions = standingsVersions(db);
  const usable = hub && cache && versions ? await hub.ensureFresh() : false;
  if (usable && hub && cache && versions) {
    const hit = cache.get(userId);
    if (
      hit &&
      hit.epoch === hub.epoch &&
      now.getTime() < hit.expiresAt &&
      versions.get(0) === hit.version0 &&
      hit.versions.every(([id, v]) => versions.get(id) === v)
    ) {
      cache.hits += 1;
      return hit.views as V[];
    }
  }
  const epoch = hub?.epoch ?? 0;
  const token = cache?.begin(userId);
  let entry: MyLeaguesEntry | undefined;
  try {
    const { rows, views } = await load();
    if (usable && hub && versions && hub.epoch === epoch && hub.ready) {
      // Read after the listener was up: what the statement saw is at most what notifications say.
      if (rows[0]) versions.noted(0, Number(rows[0].version0));
      for (const r of rows) versions.noted(r.id, Number(r.version));
      const starts = rows.map((r) => (r.next_start ? new Date(r.next_start).getTime() : Number.POSITIVE_INFINITY));
      entry = {
        views,
        epoch,
        version0: rows[0] ? Number(rows[0].version0) : (versions.get(0) ?? -1),
        versions: rows.map((r) => [r.id, Number(r.version)]),
        expiresAt: Math.min(...starts),
      };
    }
    return views;
  } finally {
    if (cache && token) cache.end(userId, token, entry);
  }
}
