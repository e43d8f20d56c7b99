import { duplicatePlayerPicks, duplicatesMessage, messages } from '@fantasy-cricket/rules';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';
import type { RequestBody } from '../http/contract';
import { HttpError } from '../http/errors';
import type { SaveResult } from './match-prediction';
import {
  type PickFixture,
  copyTargets,
  coveredFixtures,
  leagueFixtureOr404,
  lockMember,
  openFixtures,
  readableLeague,
  squadPlayers,
  writableLeague,
} from './shared';

const m = messages.picksApi;

export type PlayerSelectionItem = RequestBody<'savePlayerSelectionPicks'>['Selection'][number];

interface Position {
  id: number;
  name: string;
  sortOrder: number;
}

async function positions(db: Kysely<DB>): Promise<Position[]> {
  const rows = await db.selectFrom('positions').select(['id', 'name', 'sort_order']).orderBy('sort_order').execute();
  return rows.map((r) => ({ id: r.id, name: r.name, sortOrder: r.sort_order }));
}

/** Slots per position for each league (inactive rows count 0). */
async function slotCounts(db: Kysely<DB>, leagueIds: readonly number[]): Promise<Map<number, Map<number, number>>> {
  const out = new Map<number, Map<number, number>>(leagueIds.map((id) => [id, new Map()]));
  if (leagueIds.length === 0) return out;
  const rows = await db
    .selectFrom('league_selection_configs')
    .select(['league_id', 'position_id', 'count', 'is_active'])
    .where('league_id', 'in', leagueIds)
    .execute();
  for (const r of rows) out.get(r.league_id)?.set(r.position_id, r.is_active ? r.count : 0);
  return out;
}

/** The user's Player Selection grid for one fixture: one row per slot (position order, then 1..Count). */
export async function playerSelectionRows(db: Kysely<DB>, userId: number, leagueId: number, fixtureId: number) {
  await readableLeague(db, leagueId, userId, 'PS');
  const fixture = await leagueFixtureOr404(db, leagueId, fixtureId);
  const counts = (await slotCounts(db, [leagueId])).get(leagueId)!;
  const saved = await db
    .selectFrom('player_selections')
    .selectAll()
    .where('league_id', '=', leagueId)
    .where('user_id', '=', userId)
    .where('fixture_id', '=', fixtureId)
    .execute();
  const rows = [];
  for (const p of await positions(db)) {
    for (let order = 1; order <= (counts.get(p.id) ?? 0); order++) {
      const pick = saved.find((s) => s.position_id === p.id && s.position_order === order);
      rows.push({
        PlayerSelectionID: pick?.id ?? null,
        PositionID: p.id,
        PositionName: p.name,
        PositionOrder: order,
        PlayerID: pick?.player_id ?? null,
        IsAutoPick: pick?.is_auto_pick ?? false,
        StartTime: fixture.startTime.toISOString(),
        FixtureID: fixture.id,
      });
    }
  }
  return rows;
}

/** A checked slot pick; playerId null clears the slot. */
interface SlotPick {
  fixtureId: number;
  positionId: number;
  positionOrder: number;
  playerId: number | null;
}

const slotKey = (p: Pick<SlotPick, 'fixtureId' | 'positionId' | 'positionOrder'>) =>
  `${p.fixtureId}:${p.positionId}:${p.positionOrder}`;

async function checkItems(
  db: Kysely<DB>,
  items: readonly PlayerSelectionItem[],
  allPositions: readonly Position[],
  counts: Map<number, number>,
  fixtures: Map<number, PickFixture>,
): Promise<SlotPick[]> {
  const squads = await squadPlayers(
    db,
    [...fixtures.values()],
    items.map((i) => i.PlayerID),
  );
  const seen = new Set<string>();
  const out: SlotPick[] = [];
  for (const item of items) {
    const position = allPositions.find((p) => p.id === item.PositionTypeID);
    if (!position) throw new HttpError(400, m.unknownPosition(item.PositionTypeID));
    const count = counts.get(position.id) ?? 0;
    if (item.PositionOrder > count) throw new HttpError(400, m.slotOutOfRange(position.name, count));
    const pick: SlotPick = {
      fixtureId: item.FixtureID,
      positionId: position.id,
      positionOrder: item.PositionOrder,
      playerId: null,
    };
    if (seen.has(slotKey(pick))) throw new HttpError(400, m.repeatedItem);
    seen.add(slotKey(pick));
    if (item.IsActive && item.PlayerID !== 0) {
      const fixture = fixtures.get(item.FixtureID)!;
      const player = squads.get(fixture.id)?.get(item.PlayerID);
      if (!player) throw new HttpError(400, m.playerNotInFixture(fixture.name));
      if (player.positionId !== position.id)
        throw new HttpError(400, m.playerWrongPosition(player.fullName, position.name));
      pick.playerId = player.playerId;
    }
    out.push(pick);
  }
  return out;
}

/** The saved slots of a league for the user and fixtures, by slot key. */
async function savedSlots(trx: Kysely<DB>, leagueId: number, userId: number, fixtureIds: readonly number[]) {
  const rows = await trx
    .selectFrom('player_selections')
    .select(['fixture_id', 'position_id', 'position_order', 'player_id'])
    .where('league_id', '=', leagueId)
    .where('user_id', '=', userId)
    .where('fixture_id', 'in', fixtureIds)
    .execute();
  return new Map(
    rows.map((r) => [
      slotKey({ fixtureId: r.fixture_id, positionId: r.position_id, positionOrder: r.position_order }),
      { fixtureId: r.fixture_id, positionId: r.position_id, positionOrder: r.position_order, playerId: r.player_id },
    ]),
  );
}

/** The slots after applying `picks` over `saved`, in team-sheet order (position, then slot number). */
function resultingSlots(saved: Map<string, SlotPick>, picks: readonly SlotPick[], allPositions: readonly Position[]) {
  const state = new Map(saved);
  for (const p of picks) {
    if (p.playerId === null) state.delete(slotKey(p));
    else state.set(slotKey(p), p);
  }
  const rank = (id: number) => allPositions.find((p) => p.id === id)?.sortOrder ?? 0;
  return [...state.values()].sort(
    (a, b) => a.fixtureId - b.fixtureId || rank(a.positionId) - rank(b.positionId) || a.positionOrder - b.positionOrder,
  );
}

/** Players twice in one fixture of the resulting state, as the spec's message wants them. */
function duplicatesIn(slots: readonly SlotPick[], allPositions: readonly Position[]) {
  return duplicatePlayerPicks(
    slots.map((s) => ({
      FixtureID: s.fixtureId,
      PlayerID: s.playerId ?? 0,
      PositionName: allPositions.find((p) => p.id === s.positionId)?.name ?? '',
    })),
  );
}

/** Deletes cleared slots, then upserts the others (the player key is checked at commit, so swaps work). */
async function writeSlots(trx: Kysely<DB>, leagueId: number, userId: number, picks: readonly SlotPick[]) {
  for (const p of picks) {
    if (p.playerId !== null) continue;
    await trx
      .deleteFrom('player_selections')
      .where('league_id', '=', leagueId)
      .where('user_id', '=', userId)
      .where('fixture_id', '=', p.fixtureId)
      .where('position_id', '=', p.positionId)
      .where('position_order', '=', p.positionOrder)
      .execute();
  }
  for (const p of picks) {
    if (p.playerId === null) continue;
    await trx
      .insertInto('player_selections')
      .values({
        league_id: leagueId,
        user_id: userId,
        fixture_id: p.fixtureId,
        position_id: p.positionId,
        position_order: p.positionOrder,
        player_id: p.playerId,
        is_auto_pick: false,
      })
      .onConflict((oc) =>
        oc
          .columns(['league_id', 'user_id', 'fixture_id', 'position_id', 'position_order'])
          .doUpdateSet({ player_id: p.playerId as number, is_auto_pick: false, updated_at: sql`now()` }),
      )
      .execute();
  }
  return picks.length;
}

/**
 * The picks a copy target takes: those whose fixture it covers and whose slot number its count for the
 * position allows, minus any that would put a player twice in a fixture of its resulting team (dropped
 * until none is left; each dropped pick counts as skipped).
 */
function picksForTarget(
  picks: readonly SlotPick[],
  saved: Map<string, SlotPick>,
  counts: Map<number, number>,
  covered: Set<number>,
  allPositions: readonly Position[],
): { apply: SlotPick[]; skipped: number } {
  let apply = picks.filter((p) => covered.has(p.fixtureId) && p.positionOrder <= (counts.get(p.positionId) ?? 0));
  for (;;) {
    const dups = duplicatesIn(resultingSlots(saved, apply, allPositions), allPositions);
    if (dups.length === 0) break;
    const bad = new Set(dups.map((d) => `${d.FixtureID}:${d.PlayerID}`));
    const next = apply.filter((p) => p.playerId === null || !bad.has(`${p.fixtureId}:${p.playerId}`));
    if (next.length === apply.length) break; // only saved rows clash (cannot happen: the database forbids it)
    apply = next;
  }
  return { apply, skipped: picks.length - apply.length };
}

/**
 * Saves Player Selection picks, all or nothing, in one transaction serialised per user: Active league,
 * Approved member, fixtures of the league not started at `now`, each player in the fixture's squads
 * and playing the slot's position, slots within the league's counts, and no player twice in a fixture
 * once the save is applied over the saved picks (the spec's message). With `copy`, the picks go to the
 * user's other Active PS leagues covering the fixture, slot by slot where their counts allow.
 */
export async function savePlayerSelectionPicks(
  db: Kysely<DB>,
  userId: number,
  body: RequestBody<'savePlayerSelectionPicks'>,
  now = new Date(),
): Promise<SaveResult> {
  const items = body.Selection;
  const leagueId = items[0]!.LeagueID;
  if (items.some((i) => i.LeagueID !== leagueId)) throw new HttpError(400, messages.leagueApi.oneLeaguePerRequest);
  return db.transaction().execute(async (trx) => {
    await lockMember(trx, userId);
    await writableLeague(trx, leagueId, userId, 'PS', now);
    const fixtureIds = [...new Set(items.map((i) => i.FixtureID))];
    const fixtures = await openFixtures(trx, leagueId, fixtureIds, now);
    const allPositions = await positions(trx);
    const counts = (await slotCounts(trx, [leagueId])).get(leagueId)!;
    const picks = await checkItems(trx, items, allPositions, counts, fixtures);
    const saved = await savedSlots(trx, leagueId, userId, fixtureIds);
    const dups = duplicatesIn(resultingSlots(saved, picks, allPositions), allPositions);
    if (dups.length > 0) throw new HttpError(400, duplicatesMessage(dups));
    const written = await writeSlots(trx, leagueId, userId, picks);

    const copiedTo: SaveResult['CopiedTo'] = [];
    if (body.CopyToOtherLeagues) {
      const targets = await copyTargets(trx, userId, leagueId, 'PS', now);
      const targetCounts = await slotCounts(
        trx,
        targets.map((t) => t.id),
      );
      for (const target of targets) {
        const covered = await coveredFixtures(trx, target.id, fixtureIds);
        if (covered.size === 0) continue;
        const there = await savedSlots(trx, target.id, userId, fixtureIds);
        const { apply, skipped } = picksForTarget(
          picks,
          there,
          targetCounts.get(target.id) ?? new Map(),
          covered,
          allPositions,
        );
        const n = await writeSlots(trx, target.id, userId, apply);
        copiedTo.push({ LeagueID: target.id, LeagueName: target.name, Saved: n, Skipped: skipped });
      }
    }
    return { message: messages.selections.savedPs, Saved: written, CopiedTo: copiedTo };
  });
}
