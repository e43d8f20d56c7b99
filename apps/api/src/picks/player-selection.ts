import { duplicatePlayerPicks, duplicatesMessage, messages } from '@fantasy-cricket/rules';
import { type Insertable, type Kysely, sql } from 'kysely';
import { POSITIONS } from '../cricket/catalogue';
import type { DB, PlayerSelectionsTable } from '../db/schema';
import { parseJson } from '../db/parse';
import type { RequestBody } from '../http/contract';
import { HttpError } from '../http/errors';
import {
  type PickFixture,
  type SquadPlayer,
  leagueFixtureOr404,
  openFixtures,
  readablePicksLeague,
  inSaveTransaction,
  type SaveResult,
} from './shared';

const m = messages.picksApi;

export type PlayerSelectionItem = RequestBody<'savePlayerSelectionPicks'>['Selection'][number];

interface Position {
  id: number;
  name: string;
  sortOrder: number;
}

/**
 * The positions in team-sheet order. The `positions` table is the catalogue of cricket/catalogue.ts
 * (migration 0002 writes it, a test checks the table against the file, nothing else writes it), so
 * the catalogue is read here instead of the table.
 */
const ALL_POSITIONS: readonly Position[] = [...POSITIONS]
  .sort((a, b) => a.sortOrder - b.sortOrder)
  .map((p) => ({ id: p.id, name: p.name, sortOrder: p.sortOrder }));
const RANK = new Map(ALL_POSITIONS.map((p) => [p.id, p.sortOrder]));
const NAME = new Map(ALL_POSITIONS.map((p) => [p.id, p.name]));

/** Slots per position of the league aliased `l` (inactive rows count 0), as JSON [[position, count], …]. */
const slotCountsSql = sql`(SELECT coalesce(json_agg(json_build_array(c.position_id,
    CASE WHEN c.is_active THEN c.count ELSE 0 END)), '[]'::json)
  FROM league_selection_configs c WHERE c.league_id = l.id)`;
const parseSlotCounts = (json: unknown) => new Map(parseJson<[number, number][]>(json));

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
  await readablePicksLeague(db, leagueId, userId, 'PS');
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
  for (const p of ALL_POSITIONS) {
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

function checkItems(
  items: readonly PlayerSelectionItem[],
  counts: Map<number, number>,
  fixtures: Map<number, PickFixture>,
  squads: Map<number, Map<number, SquadPlayer>>,
): SlotPick[] {
  const seen = new Set<string>();
  const out: SlotPick[] = [];
  for (const item of items) {
    const position = ALL_POSITIONS.find((p) => p.id === item.PositionTypeID);
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

/** A saved slot (its row id, and whether the auto-pick job filled it). */
interface SavedSlot extends SlotPick {
  id: number;
  playerId: number;
  isAutoPick: boolean;
}

/** The user's saved slots of the fixtures in the leagues, as JSON (read with the fixtures, in one statement). */
const savedSlotsSql = (userId: number, leagueIds: readonly number[], fixtureIds: readonly number[]) =>
  sql`(SELECT coalesce(json_agg(json_build_array(s.id, s.league_id, s.fixture_id, s.position_id, s.position_order,
      s.player_id, s.is_auto_pick)), '[]'::json)
    FROM player_selections s
    WHERE s.user_id = ${userId} AND s.league_id IN (${sql.join(leagueIds)}) AND s.fixture_id IN (${sql.join(fixtureIds)}))`;

/** The saved slots of `savedSlotsSql`, by league then slot key. */
function parseSavedSlots(json: unknown, leagueIds: readonly number[]): Map<number, Map<string, SavedSlot>> {
  const out = new Map<number, Map<string, SavedSlot>>(leagueIds.map((id) => [id, new Map()]));
  const rows = parseJson<[number, number, number, number, number, number, boolean][] | null>(json) ?? [];
  for (const [id, leagueId, fixtureId, positionId, positionOrder, playerId, isAutoPick] of rows) {
    const slot: SavedSlot = { id, fixtureId, positionId, positionOrder, playerId, isAutoPick };
    out.get(leagueId)?.set(slotKey(slot), slot);
  }
  return out;
}

/** The slots after applying `picks` over `saved`, in team-sheet order (position, then slot number). */
function resultingSlots(saved: Map<string, SlotPick>, picks: readonly SlotPick[]) {
  const state = new Map(saved);
  for (const p of picks) {
    if (p.playerId === null) state.delete(slotKey(p));
    else state.set(slotKey(p), p);
  }
  const rank = (id: number) => RANK.get(id) ?? 0;
  return [...state.values()].sort(
    (a, b) => a.fixtureId - b.fixtureId || rank(a.positionId) - rank(b.positionId) || a.positionOrder - b.positionOrder,
  );
}

/** Players twice in one fixture of the resulting state, as the spec's message wants them. */
function duplicatesIn(slots: readonly SlotPick[]) {
  return duplicatePlayerPicks(
    slots.map((s) => ({
      FixtureID: s.fixtureId,
      PlayerID: s.playerId ?? 0,
      PositionName: NAME.get(s.positionId) ?? '',
    })),
  );
}

/** The picks to write into one league, over its saved slots. */
interface LeagueWrite {
  leagueId: number;
  picks: readonly SlotPick[];
  saved: Map<string, SavedSlot>;
}

/**
 * Writes the picks of every league of a save in at most two statements: one DELETE of the cleared
 * slots that are saved, then one multi-row upsert of the slots whose player changes (a slot already
 * holding the player as the user's own pick is left as it is; an auto-pick becomes the user's). The
 * player key is checked at commit, so swaps between slots work.
 */
async function writeSlots(trx: Kysely<DB>, userId: number, writes: readonly LeagueWrite[]): Promise<void> {
  const deleted: number[] = [];
  const upserts: Insertable<PlayerSelectionsTable>[] = [];
  for (const { leagueId, picks, saved } of writes) {
    for (const p of picks) {
      const was = saved.get(slotKey(p));
      if (p.playerId === null) {
        if (was) deleted.push(was.id);
      } else if (!was || was.playerId !== p.playerId || was.isAutoPick) {
        upserts.push({
          league_id: leagueId,
          user_id: userId,
          fixture_id: p.fixtureId,
          position_id: p.positionId,
          position_order: p.positionOrder,
          player_id: p.playerId,
          is_auto_pick: false,
        });
      }
    }
  }
  if (deleted.length > 0) await trx.deleteFrom('player_selections').where('id', 'in', deleted).execute();
  if (upserts.length === 0) return;
  await trx
    .insertInto('player_selections')
    .values(upserts)
    .onConflict((oc) =>
      oc.columns(['league_id', 'user_id', 'fixture_id', 'position_id', 'position_order']).doUpdateSet((eb) => ({
        player_id: eb.ref('excluded.player_id'),
        is_auto_pick: false,
        updated_at: sql`now()`,
      })),
    )
    .execute();
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
): { apply: SlotPick[]; skipped: number } {
  let apply = picks.filter((p) => covered.has(p.fixtureId) && p.positionOrder <= (counts.get(p.positionId) ?? 0));
  for (;;) {
    const dups = duplicatesIn(resultingSlots(saved, apply));
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
  const o = { type: 'PS' as const, now, config: slotCountsSql, parseConfig: parseSlotCounts };
  return inSaveTransaction(db, userId, body, o, async (trx, { league, targets, fixtureIds }) => {
    // Copies go to the targets covering at least one of the fixtures; the others are not reported.
    const copies = targets.filter((t) => t.covered.size > 0);
    const leagueIds = [league.id, ...copies.map((t) => t.id)];
    const { fixtures, squads, extra } = await openFixtures(
      trx,
      league,
      fixtureIds,
      items.map((i) => i.PlayerID),
      now,
      savedSlotsSql(userId, leagueIds, fixtureIds),
    );
    const picks = checkItems(items, league.config, fixtures, squads);
    const saved = parseSavedSlots(extra, leagueIds);
    const here = saved.get(league.id)!;
    const dups = duplicatesIn(resultingSlots(here, picks));
    if (dups.length > 0) throw new HttpError(400, duplicatesMessage(dups));

    const writes: LeagueWrite[] = [{ leagueId: league.id, picks, saved: here }];
    const copiedTo: SaveResult['CopiedTo'] = [];
    for (const target of copies) {
      const there = saved.get(target.id)!;
      const { apply, skipped } = picksForTarget(picks, there, target.config, target.covered);
      writes.push({ leagueId: target.id, picks: apply, saved: there });
      copiedTo.push({ LeagueID: target.id, LeagueName: target.name, Saved: apply.length, Skipped: skipped });
    }
    await writeSlots(trx, userId, writes);
    return { message: messages.selections.savedPs, Saved: picks.length, CopiedTo: copiedTo };
  });
}
