import { messages } from '@fantasy-cricket/rules';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';
import type { RequestBody } from '../http/contract';
import { HttpError } from '../http/errors';
import {
  type PickFixture,
  copyTargets,
  coveredFixtures,
  isSet,
  leagueFixtureOr404,
  lockMember,
  openFixtures,
  readableLeague,
  squadPlayers,
  writableLeague,
} from './shared';

const m = messages.picksApi;

export type MatchPredictionItem = RequestBody<'saveMatchPredictionPicks'>['Selection'][number];
type FeatureType = 'team' | 'player' | 'bonus';

/** A league's Match Prediction features (league_configurations joined with the catalogue). */
interface LeagueFeature {
  id: number;
  featureId: number;
  name: string;
  description: string;
  type: FeatureType;
  points: number;
  isActive: boolean;
  sortOrder: number;
}

async function leagueFeatures(db: Kysely<DB>, leagueIds: readonly number[]): Promise<Map<number, LeagueFeature[]>> {
  const out = new Map<number, LeagueFeature[]>(leagueIds.map((id) => [id, []]));
  if (leagueIds.length === 0) return out;
  const rows = await db
    .selectFrom('league_configurations as c')
    .innerJoin('features as f', 'f.id', 'c.feature_id')
    .select(['c.id', 'c.league_id', 'c.feature_id', 'c.points', 'c.is_active'])
    .select(['f.name', 'f.description', 'f.feature_type', 'f.sort_order'])
    .where('c.league_id', 'in', leagueIds)
    .where('f.league_type', '=', 'MP')
    .orderBy('f.sort_order')
    .orderBy('f.id')
    .execute();
  for (const r of rows) {
    out.get(r.league_id)?.push({
      id: r.id,
      featureId: r.feature_id,
      name: r.name,
      description: r.description,
      type: r.feature_type as FeatureType,
      points: r.points,
      isActive: r.is_active,
      sortOrder: r.sort_order,
    });
  }
  return out;
}

/** Positions allowed per player feature (feature_positions; absent = any position). */
async function allowedPositions(db: Kysely<DB>): Promise<Map<number, number[]>> {
  const rows = await db
    .selectFrom('feature_positions')
    .select(['feature_id', 'position_id'])
    .orderBy('feature_id')
    .orderBy('position_id')
    .execute();
  const out = new Map<number, number[]>();
  for (const r of rows) out.set(r.feature_id, [...(out.get(r.feature_id) ?? []), r.position_id]);
  return out;
}

/** The user's Match Prediction grid for one fixture: one row per active feature, with the saved pick. */
export async function matchPredictionRows(db: Kysely<DB>, userId: number, leagueId: number, fixtureId: number) {
  await readableLeague(db, leagueId, userId, 'MP');
  const fixture = await leagueFixtureOr404(db, leagueId, fixtureId);
  const features = ((await leagueFeatures(db, [leagueId])).get(leagueId) ?? []).filter((f) => f.isActive);
  const saved = await db
    .selectFrom('league_selections')
    .selectAll()
    .where('league_id', '=', leagueId)
    .where('user_id', '=', userId)
    .where('fixture_id', '=', fixtureId)
    .execute();
  const bonus = await db
    .selectFrom('bonus_options')
    .select(['id', 'feature_id', 'label'])
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  const positions = await allowedPositions(db);
  return features.map((f) => {
    const pick = saved.find((s) => s.league_configuration_id === f.id);
    return {
      ID: pick?.id ?? null,
      LeagueFeatureID: f.id,
      FeatureID: f.featureId,
      FeatureName: f.name,
      FeatureDescription: f.description,
      FeatureTypeName: f.type,
      Points: f.points,
      PlayerID: pick?.player_id ?? null,
      TeamID: pick?.team_id ?? null,
      BonusOptionID: pick?.bonus_option_id ?? null,
      BonusOptions:
        f.type === 'bonus'
          ? bonus.filter((b) => b.feature_id === f.featureId).map((b) => ({ ID: b.id, Label: b.label }))
          : [],
      ...(f.type === 'player' ? { AllowedPositionIDs: positions.get(f.featureId) ?? [] } : {}),
      IsAutoPick: pick?.is_auto_pick ?? false,
      StartTime: fixture.startTime.toISOString(),
      FixtureID: fixture.id,
    };
  });
}

/** A checked item: the feature it is for, and its one choice (all null = clear the pick). */
interface CheckedPick {
  fixtureId: number;
  /** The league feature (league_configurations.id) of the league being written. */
  leagueFeatureId: number;
  teamId: number | null;
  playerId: number | null;
  bonusOptionId: number | null;
}

const isClear = (p: CheckedPick) => p.teamId === null && p.playerId === null && p.bonusOptionId === null;

/** Validates every item against the fixture and the league feature; 400 with a message on the first problem. */
async function checkItems(
  db: Kysely<DB>,
  items: readonly MatchPredictionItem[],
  features: readonly LeagueFeature[],
  fixtures: Map<number, PickFixture>,
): Promise<CheckedPick[]> {
  const squads = await squadPlayers(
    db,
    [...fixtures.values()],
    items.map((i) => i.PlayerID ?? 0),
  );
  const bonusIds = items.map((i) => i.BonusOptionID).filter(isSet);
  const bonus =
    bonusIds.length > 0
      ? await db.selectFrom('bonus_options').select(['id', 'feature_id']).where('id', 'in', bonusIds).execute()
      : [];
  const positions = await allowedPositions(db);
  const seen = new Set<string>();
  const out: CheckedPick[] = [];
  for (const item of items) {
    const feature = features.find((f) => f.id === item.LeagueFeatureID);
    if (!feature) throw new HttpError(400, m.unknownLeagueFeature(item.LeagueFeatureID));
    const key = `${item.FixtureID}:${feature.id}`;
    if (seen.has(key)) throw new HttpError(400, m.repeatedItem);
    seen.add(key);
    const fixture = fixtures.get(item.FixtureID)!;
    const chosen = [item.TeamID, item.PlayerID, item.BonusOptionID].filter(isSet);
    const pick: CheckedPick = {
      fixtureId: fixture.id,
      leagueFeatureId: feature.id,
      teamId: null,
      playerId: null,
      bonusOptionId: null,
    };
    if (!item.IsActive || chosen.length === 0) {
      out.push(pick);
      continue;
    }
    if (!feature.isActive) throw new HttpError(400, m.featureInactive(feature.name));
    if (chosen.length > 1) throw new HttpError(400, m.oneChoice(feature.name));
    if (feature.type === 'team') {
      if (!isSet(item.TeamID)) throw new HttpError(400, m.needsTeam(feature.name));
      if (item.TeamID !== fixture.localTeamId && item.TeamID !== fixture.visitorTeamId) {
        throw new HttpError(400, m.teamNotInFixture(fixture.name));
      }
      pick.teamId = item.TeamID;
    } else if (feature.type === 'player') {
      if (!isSet(item.PlayerID)) throw new HttpError(400, m.needsPlayer(feature.name));
      const player = squads.get(fixture.id)?.get(item.PlayerID);
      if (!player) throw new HttpError(400, m.playerNotInFixture(fixture.name));
      const allowed = positions.get(feature.featureId) ?? [];
      if (allowed.length > 0 && !allowed.includes(player.positionId)) {
        throw new HttpError(400, m.playerPositionNotAllowed(player.fullName, feature.name));
      }
      pick.playerId = player.playerId;
    } else {
      if (!isSet(item.BonusOptionID)) throw new HttpError(400, m.needsBonusOption(feature.name));
      const option = bonus.find((b) => b.id === item.BonusOptionID);
      if (!option || option.feature_id !== feature.featureId) {
        throw new HttpError(400, m.bonusOptionNotForFeature(feature.name));
      }
      pick.bonusOptionId = option.id;
    }
    out.push(pick);
  }
  return out;
}

/** Writes picks of one league (upsert on the pick key; a clear deletes the row). Returns how many were applied. */
async function writePicks(
  trx: Kysely<DB>,
  leagueId: number,
  userId: number,
  picks: readonly CheckedPick[],
): Promise<number> {
  for (const p of picks) {
    if (isClear(p)) {
      await trx
        .deleteFrom('league_selections')
        .where('league_id', '=', leagueId)
        .where('user_id', '=', userId)
        .where('fixture_id', '=', p.fixtureId)
        .where('league_configuration_id', '=', p.leagueFeatureId)
        .execute();
      continue;
    }
    await trx
      .insertInto('league_selections')
      .values({
        league_id: leagueId,
        user_id: userId,
        fixture_id: p.fixtureId,
        league_configuration_id: p.leagueFeatureId,
        team_id: p.teamId,
        player_id: p.playerId,
        bonus_option_id: p.bonusOptionId,
        is_auto_pick: false,
      })
      .onConflict((oc) =>
        oc.columns(['league_id', 'user_id', 'fixture_id', 'league_configuration_id']).doUpdateSet({
          team_id: p.teamId,
          player_id: p.playerId,
          bonus_option_id: p.bonusOptionId,
          is_auto_pick: false,
          updated_at: sql`now()`,
        }),
      )
      .execute();
  }
  return picks.length;
}

export interface SaveResult {
  message: string;
  Saved: number;
  CopiedTo: { LeagueID: number; LeagueName: string; Saved: number; Skipped: number }[];
}

/**
 * Saves Match Prediction picks, all or nothing, in one transaction serialised per user: the league
 * (one per request) must be Active with the user Approved, every fixture the league's and not started
 * at `now`, every choice valid for its fixture and feature. With `copy`, the same picks go to the
 * user's other Active MP leagues covering the fixture, mapped by FeatureID to their active features;
 * picks a league has no active feature (or fixture) for are skipped and counted.
 */
export async function saveMatchPredictionPicks(
  db: Kysely<DB>,
  userId: number,
  body: RequestBody<'saveMatchPredictionPicks'>,
  now = new Date(),
): Promise<SaveResult> {
  const items = body.Selection;
  const leagueId = items[0]!.LeagueID;
  if (items.some((i) => i.LeagueID !== leagueId)) throw new HttpError(400, messages.leagueApi.oneLeaguePerRequest);
  return db.transaction().execute(async (trx) => {
    await lockMember(trx, userId);
    await writableLeague(trx, leagueId, userId, 'MP', now);
    const fixtureIds = [...new Set(items.map((i) => i.FixtureID))];
    const fixtures = await openFixtures(trx, leagueId, fixtureIds, now);
    const features = (await leagueFeatures(trx, [leagueId])).get(leagueId) ?? [];
    const picks = await checkItems(trx, items, features, fixtures);
    const byId = new Map(features.map((f) => [f.id, f]));
    const saved = await writePicks(trx, leagueId, userId, picks);

    const copiedTo: SaveResult['CopiedTo'] = [];
    if (body.CopyToOtherLeagues) {
      const targets = await copyTargets(trx, userId, leagueId, 'MP', now);
      const targetFeatures = await leagueFeatures(
        trx,
        targets.map((t) => t.id),
      );
      for (const target of targets) {
        const covered = await coveredFixtures(trx, target.id, fixtureIds);
        if (covered.size === 0) continue;
        const active = (targetFeatures.get(target.id) ?? []).filter((f) => f.isActive);
        const mapped: CheckedPick[] = [];
        let skipped = 0;
        for (const p of picks) {
          const catalogueId = byId.get(p.leagueFeatureId)!.featureId;
          const there = active.find((f) => f.featureId === catalogueId);
          if (!there || !covered.has(p.fixtureId)) skipped += 1;
          else mapped.push({ ...p, leagueFeatureId: there.id });
        }
        const n = await writePicks(trx, target.id, userId, mapped);
        copiedTo.push({ LeagueID: target.id, LeagueName: target.name, Saved: n, Skipped: skipped });
      }
    }
    return { message: messages.selections.savedMp, Saved: saved, CopiedTo: copiedTo };
  });
}
