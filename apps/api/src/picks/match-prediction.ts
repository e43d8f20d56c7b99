import { messages } from '@fantasy-cricket/rules';
import { type Insertable, type Kysely, sql } from 'kysely';
import { BONUS_OPTIONS, FEATURES_BY_ID } from '../cricket/catalogue';
import type { DB, LeagueSelectionsTable } from '../db/schema';
import { parseJson } from '../db/parse';
import type { RequestBody } from '../http/contract';
import { HttpError } from '../http/errors';
import {
  type PickFixture,
  type SquadPlayer,
  isSet,
  leagueFixtureOr404,
  openFixtures,
  readablePicksLeague,
  inSaveTransaction,
  type SaveResult,
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

/**
 * A league's features from its league_configurations rows ([id, feature id, points, active]) and the
 * catalogue of cricket/catalogue.ts — the `features`, `feature_positions` and `bonus_options` tables
 * are that catalogue (migration 0002 writes them, a test checks them against the file, nothing else
 * writes them), so they are read from the file. Match Prediction features only, in catalogue order.
 */
function toLeagueFeatures(rows: readonly (readonly [number, number, number, boolean])[]): LeagueFeature[] {
  const out: LeagueFeature[] = [];
  for (const [id, featureId, points, isActive] of rows) {
    const f = FEATURES_BY_ID.get(featureId);
    if (f?.leagueType !== 'MP') continue;
    out.push({
      id,
      featureId,
      name: f.name,
      description: f.description,
      type: f.featureType as FeatureType,
      points,
      isActive,
      sortOrder: f.sortOrder,
    });
  }
  return out.sort((a, b) => a.sortOrder - b.sortOrder || a.featureId - b.featureId);
}

async function leagueFeatures(db: Kysely<DB>, leagueId: number): Promise<LeagueFeature[]> {
  const rows = await db
    .selectFrom('league_configurations')
    .select(['id', 'feature_id', 'points', 'is_active'])
    .where('league_id', '=', leagueId)
    .execute();
  return toLeagueFeatures(rows.map((r) => [r.id, r.feature_id, r.points, r.is_active] as const));
}

/** The league features of the league aliased `l`, as JSON [[id, feature id, points, active], …]. */
const leagueFeaturesSql = sql`(SELECT coalesce(json_agg(json_build_array(c.id, c.feature_id, c.points, c.is_active)),
    '[]'::json) FROM league_configurations c WHERE c.league_id = l.id)`;
const parseLeagueFeatures = (json: unknown) => toLeagueFeatures(parseJson<[number, number, number, boolean][]>(json));

/** Positions allowed per player feature (absent = any position), in position id order. */
const ALLOWED_POSITIONS = new Map<number, number[]>(
  [...FEATURES_BY_ID.values()]
    .filter((f) => f.positionIds.length > 0)
    .map((f) => [f.id, [...f.positionIds].sort((a, b) => a - b)]),
);

/** The bonus options in display order (sort order, then id). */
const BONUS = [...BONUS_OPTIONS].sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);

/** The user's Match Prediction grid for one fixture: one row per active feature, with the saved pick. */
export async function matchPredictionRows(db: Kysely<DB>, userId: number, leagueId: number, fixtureId: number) {
  await readablePicksLeague(db, leagueId, userId, 'MP');
  const fixture = await leagueFixtureOr404(db, leagueId, fixtureId);
  const features = (await leagueFeatures(db, leagueId)).filter((f) => f.isActive);
  const saved = await db
    .selectFrom('league_selections')
    .selectAll()
    .where('league_id', '=', leagueId)
    .where('user_id', '=', userId)
    .where('fixture_id', '=', fixtureId)
    .execute();
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
          ? BONUS.filter((b) => b.featureId === f.featureId).map((b) => ({ ID: b.id, Label: b.label }))
          : [],
      ...(f.type === 'player' ? { AllowedPositionIDs: ALLOWED_POSITIONS.get(f.featureId) ?? [] } : {}),
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
function checkItems(
  items: readonly MatchPredictionItem[],
  features: readonly LeagueFeature[],
  fixtures: Map<number, PickFixture>,
  squads: Map<number, Map<number, SquadPlayer>>,
): CheckedPick[] {
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
      const allowed = ALLOWED_POSITIONS.get(feature.featureId) ?? [];
      if (allowed.length > 0 && !allowed.includes(player.positionId)) {
        throw new HttpError(400, m.playerPositionNotAllowed(player.fullName, feature.name));
      }
      pick.playerId = player.playerId;
    } else {
      if (!isSet(item.BonusOptionID)) throw new HttpError(400, m.needsBonusOption(feature.name));
      const option = BONUS.find((b) => b.id === item.BonusOptionID);
      if (!option || option.featureId !== feature.featureId) {
        throw new HttpError(400, m.bonusOptionNotForFeature(feature.name));
      }
      pick.bonusOptionId = option.id;
    }
    out.push(pick);
  }
  return out;
}

/** The picks to write into one league. */
interface LeagueWrite {
  leagueId: number;
  picks: readonly CheckedPick[];
}

/**
 * Writes the picks of every league of a save in at most two statements: one DELETE of the cleared
 * picks, then one multi-row upsert on the pick key of the others. A row already holding the same
 * choice as the user's own pick is left as it is (the upsert's WHERE); an auto-pick becomes the user's.
 */
async function writePicks(trx: Kysely<DB>, userId: number, writes: readonly LeagueWrite[]): Promise<void> {
  const cleared: (readonly [number, number, number])[] = [];
  const upserts: Insertable<LeagueSelectionsTable>[] = [];
  for (const { leagueId, picks } of writes) {
    for (const p of picks) {
      if (isClear(p)) cleared.push([leagueId, p.fixtureId, p.leagueFeatureId]);
      else
        upserts.push({
          league_id: leagueId,
          user_id: userId,
          fixture_id: p.fixtureId,
          league_configuration_id: p.leagueFeatureId,
          team_id: p.teamId,
          player_id: p.playerId,
          bonus_option_id: p.bonusOptionId,
          is_auto_pick: false,
        });
    }
  }
  if (cleared.length > 0) {
    await trx
      .deleteFrom('league_selections')
      .where('user_id', '=', userId)
      .where((eb) =>
        eb(
          eb.refTuple('league_id', 'fixture_id', 'league_configuration_id'),
          'in',
          cleared.map(([l, f, c]) => eb.tuple(l, f, c)),
        ),
      )
      .execute();
  }
  if (upserts.length === 0) return;
  await trx
    .insertInto('league_selections')
    .values(upserts)
    .onConflict((oc) =>
      oc
        .columns(['league_id', 'user_id', 'fixture_id', 'league_configuration_id'])
        .doUpdateSet((eb) => ({
          team_id: eb.ref('excluded.team_id'),
          player_id: eb.ref('excluded.player_id'),
          bonus_option_id: eb.ref('excluded.bonus_option_id'),
          is_auto_pick: false,
          updated_at: sql`now()`,
        }))
        .where(
          sql<boolean>`(league_selections.team_id, league_selections.player_id, league_selections.bonus_option_id,
            league_selections.is_auto_pick) IS DISTINCT FROM (excluded.team_id, excluded.player_id,
            excluded.bonus_option_id, false)`,
        ),
    )
    .execute();
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
  const o = { type: 'MP' as const, now, config: leagueFeaturesSql, parseConfig: parseLeagueFeatures };
  return inSaveTransaction(db, userId, body, o, async (trx, { league, targets, fixtureIds }) => {
    const { fixtures, squads } = await openFixtures(
      trx,
      league,
      fixtureIds,
      items.map((i) => i.PlayerID ?? 0),
      now,
    );
    const features = league.config;
    const picks = checkItems(items, features, fixtures, squads);
    const byId = new Map(features.map((f) => [f.id, f]));

    const writes: LeagueWrite[] = [{ leagueId: league.id, picks }];
    const copiedTo: SaveResult['CopiedTo'] = [];
    // Copies go to the targets covering at least one of the fixtures; the others are not reported.
    for (const target of targets.filter((t) => t.covered.size > 0)) {
      const active = target.config.filter((f) => f.isActive);
      const mapped: CheckedPick[] = [];
      let skipped = 0;
      for (const p of picks) {
        const catalogueId = byId.get(p.leagueFeatureId)!.featureId;
        const there = active.find((f) => f.featureId === catalogueId);
        if (!there || !target.covered.has(p.fixtureId)) skipped += 1;
        else mapped.push({ ...p, leagueFeatureId: there.id });
      }
      writes.push({ leagueId: target.id, picks: mapped });
      copiedTo.push({ LeagueID: target.id, LeagueName: target.name, Saved: mapped.length, Skipped: skipped });
    }
    await writePicks(trx, userId, writes);
    return { message: messages.selections.savedMp, Saved: picks.length, CopiedTo: copiedTo };
  });
}
