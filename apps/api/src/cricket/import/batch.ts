import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { ParsedMatch } from './parse';
import type { PositionOverride } from './positions';
import { adoptVendorPlayers, createPlayers } from './players';
import { MAX_IN_LIST } from '../../db/writes';
import type { FixtureRow } from './fixtures';

/**
 * What the matches of one import transaction share, so that each reference row (season, stage,
 * team, player, the previous import of a match) is looked up once per batch instead of once per match.
 * Valid only inside the transaction that filled it: call `reset()` after rolling a match back.
 */
export class ImportBatch {
  /** Previous imports by Cricsheet match id, for the matches prefetched (absent: not imported before). */
  readonly previous = new Map<string, { checksum: string; fixture_id: number }>();
  /** The match ids whose previous import was prefetched (looked up, found or not). */
  readonly prefetched = new Set<string>();
  readonly seasons = new Map<string, number>();
  readonly stages = new Map<string, number>();
  readonly teams = new Map<string, number>();
  /** Players known to exist, by Cricsheet id. */
  readonly players = new Map<string, { id: number; full_name: string }>();
  /** Cricsheet ids known to have no player row. */
  readonly absentPlayers = new Set<string>();
  /** Each prefetched match's own fixture (the one holding its Cricsheet match id), null for none. */
  readonly ownFixtures = new Map<string, FixtureRow | null>();
  /** Seasons known to have no scheduled fixture waiting for a result (no Cricsheet match id). */
  readonly noScheduled = new Set<number>();
  /** Per season: its fixtures holding a Cricsheet match id (where a replay finds its fixture), kept current by `fixtureWritten`. */
  readonly heldFixtures = new Map<number, FixtureRow[]>();

  reset(): void {
    for (const m of [this.previous, this.seasons, this.stages, this.teams, this.players, this.ownFixtures]) m.clear();
    this.heldFixtures.clear();
    this.prefetched.clear();
    this.absentPlayers.clear();
    this.noScheduled.clear();
  }

  /** One query per table for the whole batch: the matches' previous imports and their players. */
  async prefetch(db: Kysely<DB>, matches: readonly ParsedMatch[]): Promise<void> {
    const ids = [...new Set(matches.map((m) => m.matchId))];
    if (ids.length) {
      const rows = await db
        .selectFrom('cricsheet_imports')
        .select(['cricsheet_match_id', 'checksum', 'fixture_id'])
        .where('cricsheet_match_id', 'in', ids)
        .execute();
      for (const r of rows) this.previous.set(r.cricsheet_match_id, r);
      for (const id of ids) this.prefetched.add(id);
      const own = await db.selectFrom('fixtures').selectAll().where('cricsheet_match_id', 'in', ids).execute();
      for (const id of ids) this.ownFixtures.set(id, null);
      for (const f of own) this.ownFixtures.set(f.cricsheet_match_id!, f);
    }
    await this.lookUpPlayers(
      db,
      matches.flatMap((m) => m.lines.map((l) => l.cricsheetId)),
    );
  }

  /**
   * Creates the players of `matches` that do not exist yet, in one statement, in the order in which
   * importing the matches one by one would create them (so with the same ids).
   */
  async createMissingPlayers(
    db: Kysely<DB>,
    matches: readonly ParsedMatch[],
    overrides: ReadonlyMap<string, PositionOverride>,
  ): Promise<void> {
    await this.lookUpPlayers(
      db,
      matches.flatMap((m) => m.lines.map((l) => l.cricsheetId)),
    );
    const missing = new Map<string, string>();
    for (const m of matches) {
      const own = [...new Map(m.lines.map((l) => [l.cricsheetId, l.name]))].filter(
        ([cid]) => !this.players.has(cid) && !missing.has(cid),
      );
      // A data vendor's players this match names by their Cricsheet ids take them (players.ts).
      await adoptVendorPlayers(db, m, own, this);
      for (const [cid, name] of own) if (!this.players.has(cid)) missing.set(cid, name);
    }
    await createPlayers(db, [...missing], overrides, this);
  }

  /** Looks up the players not known yet (one query). */
  async lookUpPlayers(db: Kysely<DB>, cricsheetIds: readonly string[]): Promise<void> {
    const unknown = [...new Set(cricsheetIds)].filter((id) => !this.players.has(id) && !this.absentPlayers.has(id));
    for (let i = 0; i < unknown.length; i += MAX_IN_LIST) {
      const part = unknown.slice(i, i + MAX_IN_LIST);
      const rows = await db
        .selectFrom('players')
        .select(['id', 'cricsheet_id', 'full_name'])
        .where('cricsheet_id', 'in', part)
        .execute();
      for (const r of rows) this.players.set(r.cricsheet_id!, { id: r.id, full_name: r.full_name });
      for (const id of part) if (!this.players.has(id)) this.absentPlayers.add(id);
    }
  }

  /** The fixture holding `matchId`: prefetched, else looked up. */
  async ownFixture(db: Kysely<DB>, matchId: string): Promise<FixtureRow | undefined> {
    const known = this.ownFixtures.get(matchId);
    if (known !== undefined) return known ?? undefined;
    return db.selectFrom('fixtures').selectAll().where('cricsheet_match_id', '=', matchId).executeTakeFirst();
  }

  /** A match was written to fixture `row` (as it is now): what was prefetched about that fixture is stale. */
  fixtureWritten(row: FixtureRow): void {
    for (const [matchId, f] of this.ownFixtures) if (f && f.id === row.id) this.ownFixtures.delete(matchId);
    const held = this.heldFixtures.get(row.season_id);
    if (held) {
      const i = held.findIndex((f) => f.id === row.id);
      if (i >= 0) held.splice(i, 1);
      if (row.cricsheet_match_id !== null) held.push(row);
      held.sort((a, b) => a.id - b.id);
    }
  }

  /** The season's fixtures holding a Cricsheet match id, by id (one query per season and batch). */
  async seasonHeldFixtures(db: Kysely<DB>, seasonId: number): Promise<FixtureRow[]> {
    let held = this.heldFixtures.get(seasonId);
    if (!held) {
      held = await db
        .selectFrom('fixtures')
        .selectAll()
        .where('season_id', '=', seasonId)
        .where('cricsheet_match_id', 'is not', null)
        .orderBy('id')
        .execute();
      this.heldFixtures.set(seasonId, held);
    }
    return held;
  }

  async previousImport(db: Kysely<DB>, matchId: string) {
    if (this.prefetched.has(matchId)) return this.previous.get(matchId);
    return db
      .selectFrom('cricsheet_imports')
      .select(['checksum', 'fixture_id'])
      .where('cricsheet_match_id', '=', matchId)
      .executeTakeFirst();
  }
}
