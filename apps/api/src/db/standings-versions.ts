import type { Kysely } from 'kysely';
import { listenedCache } from './notifications';
import type { DB } from './schema';

/**
 * The standings versions (`standings_versions`) as this process knows them: read from the database
 * once, then kept up to date by the `v<scope>:<version>` notifications of `standings_touch`
 * (migration 0007), which carry the new value. Versions only grow, so a value read from the database
 * and a notified one combine by taking the larger. Used only while the change listener is up and this
 * process's own writes are confirmed (`ChangeHub.fresh()`); emptied when the listener (re)connects.
 * Scope 0 moves with every result, a league's scope with its members, names and settings: the
 * leaderboards (src/standings/cache.ts) and My Leagues (src/leagues/my-leagues-cache.ts) are kept
 * with the versions they were read at.
 */
export class StandingsVersions {
  private readonly known = new Map<number, number>();

  noted(scope: number, version: number): void {
    const cur = this.known.get(scope);
    if (cur === undefined || version > cur) this.known.set(scope, version);
  }

  get(scope: number): number | undefined {
    return this.known.get(scope);
  }

  clear(): void {
    this.known.clear();
  }
}

const versionCaches = new WeakMap<Kysely<DB>, StandingsVersions | null>();

/** The versions this handle's process knows; null when the handle has no change listener. */
export function standingsVersions(db: Kysely<DB>): StandingsVersions | null {
  return listenedCache(
    versionCaches,
    db,
    () => new StandingsVersions(),
    (versions, hub) => {
      hub.on('v', (rest) => {
        const [scope, version] = rest.split(':');
        versions.noted(Number(scope), Number(version));
      });
      hub.onReset(() => versions.clear());
    },
  );
}
