import {
  duplicatePlayerPicks,
  duplicatesMessage,
  messages,
  type TeamRules,
  teamMessages,
} from '@fantasy-cricket/rules';
import { type Insertable, type Kysely, sql } from 'kysely';
import { POSITIONS } from '../cricket/catalogue';
import type { DB, PlayerSelectionsTable } from '../db/schema';
import { parseJson } from '../db/parse';
import type { RequestBody } from '../http/contract';
import { HttpError } from '../http/errors';
import { hasTeamRules, parseTeamRulesJson, teamRulesJsonSql } from '../leagues/team-rules';
import {
  checkTeamEntries,
  NO_EXTRAS,
  pricesFor,
  type ResultingTeam,
  savedExtras,
  squadPlayers,
  type TeamExtras,
  teamErrors,
  teamNames,
  writeExtras,
} from './team';
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

/**
 * The league aliased `l`'s configuration for a save, as JSON: its slots per position (inactive rows
 * count 0) as [[position, count], …], and its team rules (leagues/team-rules.ts).
 */
const saveConfigSql = sql`json_build_object('counts', (SELECT coalesce(json_agg(json_build_array(c.position_id,
    CASE WHEN c.is_active THEN c.count ELSE 0 END)), '[]'::json)
  FROM league_selection_configs c WHERE c.league_id = l.id), 'rules', ${teamRulesJsonSql('l')})`;

interface SaveConfig {
  counts: Map<number, number>;
  rules: TeamRules;
}

const parseSaveConfig = (json: unknown): SaveConfig => {
  const { counts, rules } = parseJson<{ counts: [number, number][]; rules: unknown }>(json);
  return { counts: new Map(counts), rules: parseTeamRulesJson(rules) };
};

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
        ReplacedPlayerID: pick?.replaced_player_id ?? null,
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
 * The teams a league write leaves in the save's fixtures, with their captain, vice-captain and backups:
 * the request's entry for the fixture when it has one, else the saved ones while still allowed (a
 * captain or vice-captain no longer picked is dropped, as is a backup now picked).
 */
function resultingTeams(
  write: LeagueWrite,
  fixtureIds: readonly number[],
  fixtures: Map<number, PickFixture>,
  saved: Map<number, TeamExtras>,
  entries: Map<number, TeamExtras>,
): ResultingTeam[] {
  const slots = resultingSlots(write.saved, write.picks);
  return fixtureIds.map((fixtureId) => {
    const playerIds = slots.filter((x) => x.fixtureId === fixtureId).map((x) => x.playerId!);
    const picked = new Set(playerIds);
    const entry = entries.get(fixtureId);
    const was = saved.get(fixtureId) ?? NO_EXTRAS;
    const extras: TeamExtras = entry ?? {
      captainId: was.captainId !== null && picked.has(was.captainId) ? was.captainId : null,
      viceCaptainId: was.viceCaptainId !== null && picked.has(was.viceCaptainId) ? was.viceCaptainId : null,
      backups: was.backups.filter((id) => !picked.has(id)),
    };
    return { fixtureId, fixtureName: fixtures.get(fixtureId)?.name ?? `Fixture ${fixtureId}`, playerIds, extras };
  });
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
  const o = { type: 'PS' as const, now, config: saveConfigSql, parseConfig: parseSaveConfig };
  return inSaveTransaction(db, userId, body, o, async (trx, { league, targets, fixtureIds }) => {
    const entries = body.Teams ?? [];
    checkTeamEntries(entries, league.id, new Set(fixtureIds));
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
    const picks = checkItems(items, league.config.counts, fixtures, squads);
    const saved = parseSavedSlots(extra, leagueIds);
    const here = saved.get(league.id)!;
    const dups = duplicatesIn(resultingSlots(here, picks));
    if (dups.length > 0) throw new HttpError(400, duplicatesMessage(dups));

    const writes: LeagueWrite[] = [{ leagueId: league.id, picks, saved: here }];
    const copiedTo: SaveResult['CopiedTo'] = [];
    const candidates: { target: (typeof copies)[number]; write: LeagueWrite; skipped: number }[] = [];
    for (const target of copies) {
      const there = saved.get(target.id)!;
      const { apply, skipped } = picksForTarget(picks, there, target.config.counts, target.covered);
      candidates.push({ target, write: { leagueId: target.id, picks: apply, saved: there }, skipped });
    }

    // Team rules: the team each league is left with must keep its league's rules. The request's league
    // refuses the whole save (400, every broken rule); a copy target that would break its own is left
    // unchanged and named with the reason.
    const ruled = [league, ...candidates.map((c) => c.target)].filter((l) => hasTeamRules(l.config.rules));
    const extrasWrites: { leagueId: number; fixtureId: number; extras: TeamExtras | null }[] = [];
    const refused = new Map<number, string>();
    if (ruled.length > 0 || entries.length > 0) {
      const entryMap = new Map(
        entries.map((e) => [
          e.FixtureID,
          { captainId: e.CaptainPlayerID, viceCaptainId: e.ViceCaptainPlayerID, backups: [...e.Backups] },
        ]),
      );
      const extras = await savedExtras(trx, userId, leagueIds, fixtureIds);
      const teamsOf = (write: LeagueWrite, leagueFixtures: readonly number[]) =>
        resultingTeams(write, leagueFixtures, fixtures, extras.get(write.leagueId) ?? new Map(), entryMap);
      const mainTeams = teamsOf(writes[0]!, fixtureIds);
      const targetTeams = candidates.map((c) =>
        teamsOf(
          c.write,
          fixtureIds.filter((id) => c.target.covered.has(id)),
        ),
      );
      const everyone = [...mainTeams, ...targetTeams.flat()].flatMap((t) => [...t.playerIds, ...t.extras.backups]);
      const squadsAll = await squadPlayers(trx, fixtureIds, everyone);
      const names = await teamNames(
        trx,
        [...fixtures.values()].flatMap((f) => [f.localTeamId, f.visitorTeamId]),
      );
      const budgeted = ruled.some((l) => l.config.rules.BudgetCredits !== null);
      const ctx = {
        squads: squadsAll,
        prices: budgeted ? await pricesFor(trx, fixtureIds, now) : new Map(),
        teamName: (id: number) => names.get(id) ?? `team ${id}`,
      };
      const rules = league.config.rules;
      if (!hasTeamRules(rules)) {
        // A league without rules keeps no captain or backups: an entry naming any is refused.
        const named = entries.find((e) => e.CaptainPlayerID !== null || e.ViceCaptainPlayerID !== null);
        if (named) throw new HttpError(400, teamMessages.noRoles);
        if (entries.some((e) => e.Backups.length > 0)) throw new HttpError(400, teamMessages.tooManyBackups(0));
      } else {
        const problems = mainTeams.flatMap((t) => teamErrors(rules, t, ctx));
        if (problems.length > 0) throw new HttpError(400, [...new Set(problems)].join(' '));
        for (const t of mainTeams)
          extrasWrites.push({
            leagueId: league.id,
            fixtureId: t.fixtureId,
            extras: t.playerIds.length ? t.extras : null,
          });
      }
      candidates.forEach((c, i) => {
        const targetRules = c.target.config.rules;
        if (!hasTeamRules(targetRules)) return;
        const teams = targetTeams[i]!;
        const problems = teams.flatMap((t) => teamErrors(targetRules, t, ctx));
        if (problems.length > 0) {
          refused.set(c.target.id, [...new Set(problems)].join(' '));
          return;
        }
        for (const t of teams)
          extrasWrites.push({
            leagueId: c.target.id,
            fixtureId: t.fixtureId,
            extras: t.playerIds.length ? t.extras : null,
          });
      });
    }

    for (const c of candidates) {
      const reason = refused.get(c.target.id);
      if (reason !== undefined) {
        copiedTo.push({
          LeagueID: c.target.id,
          LeagueName: c.target.name,
          Saved: 0,
          Skipped: picks.length,
          Refused: teamMessages.copyRefused(c.target.name, reason),
        });
        continue;
      }
      writes.push(c.write);
      copiedTo.push({
        LeagueID: c.target.id,
        LeagueName: c.target.name,
        Saved: c.write.picks.length,
        Skipped: c.skipped,
      });
    }
    await writeSlots(trx, userId, writes);
    await writeExtras(trx, userId, extrasWrites);
    return { message: messages.selections.savedPs, Saved: picks.length, CopiedTo: copiedTo };
  });
}
