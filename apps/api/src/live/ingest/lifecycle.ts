import { type Kysely, type Selectable, sql } from 'kysely';
import type { CricsheetInfo, CricsheetMatch } from '../../cricket/import/cricsheet-format';
import { importFromProvider } from '../../cricket/import/folder';
import { InMemoryProvider } from '../../cricket/provider';
import type { DB, LiveFixturesTable } from '../../db/schema';
import { withTransaction } from '../../db/transaction';
import { recordResults } from '../../results/pipeline';
import { standingsIntervalMs } from '../config';
import { type NewEvent, writeEvents } from '../events';
import { leaguesCounting, leaguesNotYetLive, standingsDeltas } from '../standings';
import { fixtureStateEvent } from './ball-events';
import { positionKey, storedBallFingerprint } from './ball-keys';
import { lockLiveFixture } from './fixture-lock';
import { readJson } from './json';
import { leadersOf } from './leaders';
import { countFixturePicks, leaguesWithLivePoints, rebuildMemberPoints } from './member-points';

/**
 * A live fixture apart from its balls: registering its feed (`startLive`), what a runner finds
 * stored after a restart (`storedBalls`), the standings side after each poll (`flushLive`), the feed
 * going quiet (`markSilent`) and the final import that ends it (`completeLive`). Each is one
 * transaction under the fixture's lock.
 */

export interface StartLive {
  fixtureId: number;
  matchId: string;
  source: string;
  info: CricsheetInfo;
  /** Give the fixture `matchId` as its Cricsheet match id when it has none (default true). */
  link?: boolean;
}

/**
 * Registers a fixture's live feed (idempotent: a restart keeps what is stored and refreshes the
 * info). The fixture is linked to the feed's Cricsheet match id, so that the final import lands on it.
 */
export async function startLive(db: Kysely<DB>, start: StartLive): Promise<void> {
  await withTransaction(db, async (trx) => {
    await lockLiveFixture(trx, start.fixtureId);
    const fixture = await trx
      .selectFrom('fixtures')
      .select(['id', 'start_time', 'cricsheet_match_id'])
      .where('id', '=', start.fixtureId)
      .executeTakeFirst();
    if (!fixture) throw new Error(`no fixture ${start.fixtureId}`);
    await trx
      .insertInto('live_fixtures')
      .values({
        fixture_id: start.fixtureId,
        match_id: start.matchId,
        source: start.source,
        info: JSON.stringify(start.info),
        scheduled_start: fixture.start_time,
      })
      .onConflict((oc) =>
        oc.column('fixture_id').doUpdateSet({
          info: JSON.stringify(start.info),
          source: start.source,
          // Balls are parsed with the info: a process's copy of the fixture's state is no longer valid.
          state_token: sql`CASE WHEN live_fixtures.info = excluded.info THEN live_fixtures.state_token ELSE md5(random()::text) END`,
        }),
      )
      .execute();
    if (fixture.cricsheet_match_id === null && start.link !== false) {
      await trx
        .updateTable('fixtures')
        .set({ cricsheet_match_id: start.matchId })
        .where('id', '=', start.fixtureId)
        .where('cricsheet_match_id', 'is', null)
        .execute();
    }
  });
}

/** The stored balls' fingerprints by position key (a runner's memory of what it has, after a restart too). */
export async function storedBalls(db: Kysely<DB>, fixtureId: number): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('live_deliveries')
    .select(['innings', 'over', 'seq', 'team', 'delivery'])
    .where('fixture_id', '=', fixtureId)
    .execute();
  return new Map(rows.map((r) => [positionKey(r), storedBallFingerprint(r.team, readJson(r.delivery))]));
}

/**
 * The standings side of a live fixture, apart from its balls (the ingesting process calls it after
 * each poll): when the fixture's picks changed since they were counted (lock-time auto-picks) the
 * members are rebuilt from the lines; then each league whose provisional points moved gets its
 * standings event, unless it had one within `LIVE_STANDINGS_INTERVAL_MS` (`force`: all of them).
 * Returns the event ids written.
 */
export async function flushLive(
  db: Kysely<DB>,
  fixtureId: number,
  now: Date,
  options: { force?: boolean } = {},
): Promise<number[]> {
  return withTransaction(db, async (trx) => {
    await lockLiveFixture(trx, fixtureId);
    const live = await trx
      .selectFrom('live_fixtures')
      .select(['state', 'picks_seen', 'standings_pending'])
      .where('fixture_id', '=', fixtureId)
      .executeTakeFirst();
    if (live?.state !== 'live' || live.picks_seen < 0) return [];
    const pending = new Set(readJson<number[]>(live.standings_pending));
    const picksNow = await countFixturePicks(trx, fixtureId);
    if (picksNow !== live.picks_seen) {
      const lines = await trx.selectFrom('live_player_lines').selectAll().where('fixture_id', '=', fixtureId).execute();
      for (const id of await rebuildMemberPoints(trx, fixtureId, lines, leadersOf(lines))) pending.add(id);
    }
    const due = options.force ? [...pending] : await leaguesDue(trx, pending, now);
    // Leagues whose announced table does not count the fixture yet: at once (the provisional marker).
    const fresh = await leaguesNotYetLive(trx, fixtureId);
    const events = await standingsDeltas(trx, [...due, ...fresh], now);
    for (const id of due) pending.delete(id);
    await trx
      .updateTable('live_fixtures')
      .set({ standings_pending: JSON.stringify([...pending].sort((a, b) => a - b)), picks_seen: picksNow })
      .where('fixture_id', '=', fixtureId)
      .execute();
    return writeEvents(trx, events);
  });
}

/** The pending leagues not announced within the interval. */
async function leaguesDue(trx: Kysely<DB>, pending: ReadonlySet<number>, now: Date) {
  const ids = [...pending].sort((a, b) => a - b);
  const interval = standingsIntervalMs();
  if (ids.length === 0 || interval === 0) return ids;
  const { rows } = await sql<{ league_id: number; at: Date | string }>`
    SELECT e.league_id, e.created_at AS at FROM unnest(${sql.val(ids)}::int[]) AS l(id)
    CROSS JOIN LATERAL (SELECT league_id, created_at FROM live_events
      WHERE league_id = l.id AND type = 'standings' ORDER BY id DESC LIMIT 1) e`.execute(trx);
  const lastAnnounced = new Map(rows.map((r) => [r.league_id, new Date(r.at).getTime()]));
  return ids.filter((id) => {
    const at = lastAnnounced.get(id);
    return at === undefined || now.getTime() - at >= interval;
  });
}

/** The feed went quiet: the fixture stays live, with the time it went silent (one event). */
export async function markSilent(db: Kysely<DB>, fixtureId: number, since: Date): Promise<boolean> {
  return withTransaction(db, async (trx) => {
    await lockLiveFixture(trx, fixtureId);
    const r = await trx
      .updateTable('live_fixtures')
      .set({ silent_since: since, updated_at: since })
      .where('fixture_id', '=', fixtureId)
      .where('state', '=', 'live')
      .where('silent_since', 'is', null)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) return false;
    // The standings still pending are announced now: nothing more is coming for a while.
    const live = await trx
      .selectFrom('live_fixtures')
      .select('standings_pending')
      .where('fixture_id', '=', fixtureId)
      .executeTakeFirstOrThrow();
    const pending = readJson<number[]>(live.standings_pending);
    if (pending.length) {
      await trx
        .updateTable('live_fixtures')
        .set({ standings_pending: '[]' })
        .where('fixture_id', '=', fixtureId)
        .execute();
    }
    await writeEvents(trx, [
      fixtureStateEvent(fixtureId, 'silent', since),
      ...(await standingsDeltas(trx, pending, since)),
    ]);
    return true;
  });
}

/**
 * The match is over: the ordinary importer imports the complete match into the fixture, and in the
 * same transaction every provisional figure is removed and the final standings are announced. Returns
 * false when the import failed (the provisional figures stay; the error is recorded).
 */
export async function completeLive(
  db: Kysely<DB>,
  fixtureId: number,
  match: CricsheetMatch,
  now: Date,
): Promise<{ ok: boolean; error?: string }> {
  return completeLiveWith(db, fixtureId, now, async (trx, live) => {
    const report = await importFromProvider(trx, new InMemoryProvider(new Map([[live.match_id, match]])));
    const entry = report.entries.find((e) => e.id === live.match_id);
    const landed =
      entry && ['imported', 'updated', 'unchanged'].includes(entry.status) && entry.fixtureId === fixtureId;
    if (!landed) return { ok: false, error: entry?.reason ?? `the import did not land on fixture ${fixtureId}` };
    return { ok: true };
  });
}

/**
 * `completeLive` with the final figures written by `land` (in the completion's transaction, under the
 * fixture's lock): a vendor's final scorecard is written into the fixture by the importer's writer.
 */
export async function completeLiveWith(
  db: Kysely<DB>,
  fixtureId: number,
  now: Date,
  land: (trx: Kysely<DB>, live: Selectable<LiveFixturesTable>) => Promise<{ ok: boolean; error?: string }>,
): Promise<{ ok: boolean; error?: string }> {
  // Recorded as a 'live' result: the writer records the match it writes inside this transaction,
  // and once it commits the pipeline's committed subscribers run for it (results/pipeline.ts).
  const result = await recordResults(db, 'live', async (trx) => ({ value: await finalImport(trx), fixtureIds: [] }));
  if (!result.ok) {
    await db
      .updateTable('live_fixtures')
      .set({ error: result.error ?? 'import failed', updated_at: now })
      .where('fixture_id', '=', fixtureId)
      .execute();
  }
  return result;

  async function finalImport(trx: Kysely<DB>): Promise<{ ok: boolean; error?: string }> {
    await lockLiveFixture(trx, fixtureId);
    const live = await trx
      .selectFrom('live_fixtures')
      .selectAll()
      .where('fixture_id', '=', fixtureId)
      .executeTakeFirst();
    if (!live) throw new Error(`fixture ${fixtureId} is not live`);
    if (live.state === 'completed') return { ok: true };
    const landed = await land(trx, live);
    if (!landed.ok) return landed;
    const leagues = await leaguesWithLivePoints(trx, fixtureId);
    const pending = readJson<number[]>(live.standings_pending);
    await trx.deleteFrom('live_member_points').where('fixture_id', '=', fixtureId).execute();
    await trx.deleteFrom('live_league_player_points').where('fixture_id', '=', fixtureId).execute();
    await trx.deleteFrom('live_player_lines').where('fixture_id', '=', fixtureId).execute();
    await trx
      .updateTable('live_fixtures')
      .set({
        state: 'completed',
        silent_since: null,
        error: null,
        updated_at: now,
        runner: null,
        lease_until: null,
        standings_pending: '[]',
      })
      .where('fixture_id', '=', fixtureId)
      .execute();
    const events: NewEvent[] = [fixtureStateEvent(fixtureId, 'completed', null)];
    const counting = await leaguesCounting(trx, fixtureId);
    for (const e of await standingsDeltas(trx, new Set([...leagues, ...pending, ...counting]), now)) events.push(e);
    await writeEvents(trx, events);
    return { ok: true };
  }
}
