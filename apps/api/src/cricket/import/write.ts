import type { Kysely } from 'kysely';
import type { DB, FixtureStatus } from '../../db/schema';
import { chunkRows, executeWrites, insertJsonRows, type WriteQuery } from '../../db/writes';
import { ImportBatch } from './batch';
import { type FixtureRow, type FixtureTarget, resolveFixture, upsertFixture } from './fixtures';
import { ensurePlayers, fixturesOfPlayers } from './players';
import { withTransaction } from '../../db/transaction';
import { ensureSeason, ensureStage, ensureTeams } from '../db-util';
import { onResultChanged, onResultsChanged } from '../scoring/rescore';
import { matchKey } from './duplicates';
import type { ParsedMatch } from './parse';
import { applyPositions, loadPositionOverrides, type PositionOverride } from './positions';

export type ImportStatus = 'imported' | 'unchanged' | 'updated';

export interface ImportMatchResult {
  matchId: string;
  fixtureId: number;
  status: ImportStatus;
}

export interface ImportMatchOptions {
  /** Position overrides for new players (default: apps/api/data/position-overrides.json). */
  overrides?: ReadonlyMap<string, PositionOverride>;
  /**
   * Re-infer positions after the import (default true). The folder importer turns it off per file
   * and infers once at the end.
   */
  inferPositions?: boolean;
  /** Season source label for a season this import creates. */
  seasonSource?: string;
  /**
   * Matches imported as a correction of another file's import of the same match (match id -> the
   * match id it replaces; `planDuplicates` in duplicates.ts): the match takes that import's place
   * (its fixture, or its place beside the attempt holding a replayed fixture), and that import is
   * marked superseded.
   */
  corrects?: ReadonlyMap<string, string>;
  /**
   * Writes the match into this fixture without making it the match's own: the fixture keeps its
   * Cricsheet match id (none), so a later import of the match's data of record (a Cricsheet file, a
   * vendor's result) still finds it as a scheduled fixture and replaces these figures; nothing is
   * recorded in cricsheet_imports. A scorecard typed in the console (docs/decisions/0044-typed-scorecards.md).
   */
  into?: FixtureRow;
}

/**
 * Writes one parsed match in one transaction. Idempotent: a match already imported with the same
 * checksum writes nothing ('unchanged'); a changed file replaces that fixture's result and stats
 * ('updated'). Players are keyed by Cricsheet registry id, fixtures by Cricsheet match id; a
 * scheduled fixture without a match id is matched by season and match number, name, or date and teams.
 */
export async function importMatch(
  db: Kysely<DB>,
  parsed: ParsedMatch,
  options: ImportMatchOptions = {},
): Promise<ImportMatchResult> {
  const overrides = options.overrides ?? loadPositionOverrides();
  return withTransaction(db, async (trx) => {
    const r = await writeMatch(trx, parsed, { ...options, overrides }, new ImportBatch());
    const result = { matchId: r.matchId, fixtureId: r.fixtureId, status: r.status };
    if (!r.rescore) return result; // unchanged, or kept on record beside the attempt that holds the fixture
    if (options.inferPositions ?? true) {
      const moved = await applyPositions(trx, overrides);
      await onResultsChanged(trx, await fixturesOfPlayers(trx, moved, r.fixtureId));
    } else {
      await onResultChanged(trx, r.fixtureId);
    }
    return result;
  });
}

/**
 * The writes of `importMatch`, in the caller's transaction, without the re-score: `rescore` says
 * whether the fixture's result changed (the caller runs `onResultsChanged` for it before committing),
 * `players` who has stats in it (whose inferred positions may have changed).
 */
export async function writeMatch(
  trx: Kysely<DB>,
  parsed: ParsedMatch,
  options: ImportMatchOptions & { overrides: ReadonlyMap<string, PositionOverride> },
  batch: ImportBatch,
): Promise<ImportMatchResult & { rescore: boolean; players?: number[] }> {
  const into = options.into;
  const replaces = into ? undefined : options.corrects?.get(parsed.matchId);
  const own = into ? undefined : await batch.previousImport(trx, parsed.matchId);
  if (!replaces && own && own.checksum === parsed.checksum) {
    return { matchId: parsed.matchId, fixtureId: own.fixture_id, status: 'unchanged', rescore: false };
  }
  // A correction saved under another file name takes the place of the import it replaces.
  const previous = replaces ? await batch.previousImport(trx, replaces) : own;

  let seasonId = batch.seasons.get(parsed.seasonName);
  if (seasonId === undefined) {
    seasonId = await ensureSeason(trx, {
      name: parsed.seasonName,
      competition: parsed.competition,
      year: parsed.year,
      ...(options.seasonSource ? { source: options.seasonSource } : {}),
    });
    batch.seasons.set(parsed.seasonName, seasonId);
  }
  const stageKey = `${seasonId}|${parsed.stageName}`;
  let stageId = batch.stages.get(stageKey);
  if (stageId === undefined) {
    stageId = await ensureStage(trx, seasonId, parsed.stageName);
    batch.stages.set(stageKey, stageId);
  }
  const missingTeams = parsed.teams.filter((t) => !batch.teams.has(t));
  if (missingTeams.length) for (const [name, id] of await ensureTeams(trx, missingTeams)) batch.teams.set(name, id);
  const teamIds = batch.teams;
  const teamId = (name: string | null) => (name === null ? null : teamIds.get(name)!);
  const playerIds = await ensurePlayers(trx, parsed, options.overrides, batch);

  const status: FixtureStatus = parsed.result.type === 'no_result' ? 'no_result' : 'completed';
  const importStatus: ImportStatus = previous ? 'updated' : 'imported';
  const target: FixtureTarget = into
    ? { kind: 'write', fixture: into }
    : await resolveFixture(trx, parsed, previous?.fixture_id, {
        seasonId,
        teamIds,
        batch,
        ownId: replaces ?? parsed.matchId,
      });
  const supersede = replaces
    ? [
        trx
          .updateTable('cricsheet_imports')
          .set({ superseded_by: parsed.matchId })
          .where('cricsheet_match_id', '=', replaces),
      ]
    : [];
  if (target.kind === 'attach') {
    // Another attempt at this fixture (a replay that was played) holds its result: keep this one
    // on record, so that re-imports report 'unchanged', but change nothing else.
    await executeWrites(trx, [recordImport(trx, parsed, target.fixtureId), ...supersede]);
    return { matchId: parsed.matchId, fixtureId: target.fixtureId, status: importStatus, rescore: false };
  }
  const fixtureRow = await upsertFixture(trx, parsed, target, { seasonId, stageId, teamIds, status, link: !into });
  const fixtureId = fixtureRow.id;
  batch.fixtureWritten(fixtureRow);

  // A fixture created just now has nothing to replace; one that existed loses its previous rows first
  // (in their own statement: the parts of one statement do not see each other's changes).
  if (target.fixture) {
    await executeWrites(trx, [
      trx.deleteFrom('fixture_player_of_match').where('fixture_id', '=', fixtureId),
      trx.deleteFrom('fixture_innings').where('fixture_id', '=', fixtureId),
      trx.deleteFrom('player_fixture_stats').where('fixture_id', '=', fixtureId),
    ]);
  }

  const writes: WriteQuery[] = [
    trx
      .insertInto('fixture_results')
      .values({
        fixture_id: fixtureId,
        result_type: parsed.result.type,
        winner_team_id: teamId(parsed.result.winner),
        won_by_runs: parsed.result.byRuns,
        won_by_wickets: parsed.result.byWickets,
        method: parsed.result.method,
        super_over_winner_team_id: teamId(parsed.result.superOverWinner),
        toss_winner_team_id: parsed.toss.winner ? (teamIds.get(parsed.toss.winner) ?? null) : null,
        toss_decision: parsed.toss.decision,
      })
      .onConflict((oc) =>
        oc.column('fixture_id').doUpdateSet((eb) => ({
          result_type: eb.ref('excluded.result_type'),
          winner_team_id: eb.ref('excluded.winner_team_id'),
          won_by_runs: eb.ref('excluded.won_by_runs'),
          won_by_wickets: eb.ref('excluded.won_by_wickets'),
          method: eb.ref('excluded.method'),
          super_over_winner_team_id: eb.ref('excluded.super_over_winner_team_id'),
          toss_winner_team_id: eb.ref('excluded.toss_winner_team_id'),
          toss_decision: eb.ref('excluded.toss_decision'),
        })),
      ),
    ...(into ? [] : [recordImport(trx, parsed, fixtureId)]),
    ...supersede,
  ];

  const pom = [...new Set(parsed.playerOfMatch.map((id) => playerIds.get(id)!))];
  for (const rows of chunkRows(pom.map((player_id) => ({ fixture_id: fixtureId, player_id })))) {
    writes.push(trx.insertInto('fixture_player_of_match').values(rows));
  }
  const innings = parsed.innings.map((i) => ({
    fixture_id: fixtureId,
    innings_number: i.number,
    team_id: teamIds.get(i.team)!,
    super_over: i.superOver,
    runs: i.runs,
    wickets: i.wickets,
    legal_balls: i.legalBalls,
    extras: i.extras,
  }));
  for (const rows of chunkRows(innings)) writes.push(trx.insertInto('fixture_innings').values(rows));
  const stats = parsed.lines.map((l) => ({
    fixture_id: fixtureId,
    player_id: playerIds.get(l.cricsheetId)!,
    team_id: teamIds.get(l.team)!,
    did_play: l.didPlay,
    batting_position: l.battingPosition,
    runs: l.runs,
    balls: l.balls,
    fours: l.fours,
    sixes: l.sixes,
    dismissed: l.dismissed,
    dismissal_kind: l.dismissalKind,
    balls_bowled: l.ballsBowled,
    maidens: l.maidens,
    runs_conceded: l.runsConceded,
    wickets: l.wickets,
    bowled_lbw_wickets: l.bowledLbwWickets,
    catches: l.catches,
    stumpings: l.stumpings,
    run_outs_direct: l.runOutsDirect,
    run_outs_indirect: l.runOutsIndirect,
  }));
  if (stats.length) writes.push(insertJsonRows('player_fixture_stats', stats));
  // One row per (season, team, player): a player listed twice in a match would otherwise make the
  // multi-row ON CONFLICT insert touch the same row twice.
  const squadKeys = new Set<string>();
  const squads = parsed.lines
    .map((l) => ({ season_id: seasonId, team_id: teamIds.get(l.team)!, player_id: playerIds.get(l.cricsheetId)! }))
    .filter((r) => {
      const k = `${r.team_id}|${r.player_id}`;
      if (squadKeys.has(k)) return false;
      squadKeys.add(k);
      return true;
    });
  if (squads.length) writes.push(insertJsonRows('squads', squads, true));
  await executeWrites(trx, writes);
  return { matchId: parsed.matchId, fixtureId, status: importStatus, rescore: true, players: [...playerIds.values()] };
}

/** Remembers which fixture a Cricsheet match went to, and its checksum (for 'unchanged'). */
function recordImport(db: Kysely<DB>, parsed: ParsedMatch, fixtureId: number) {
  return db
    .insertInto('cricsheet_imports')
    .values({
      cricsheet_match_id: parsed.matchId,
      fixture_id: fixtureId,
      checksum: parsed.checksum,
      source: parsed.source,
      match_key: matchKey(parsed),
    })
    .onConflict((oc) =>
      oc.column('cricsheet_match_id').doUpdateSet((eb) => ({
        fixture_id: eb.ref('excluded.fixture_id'),
        checksum: eb.ref('excluded.checksum'),
        source: eb.ref('excluded.source'),
        match_key: eb.ref('excluded.match_key'),
        superseded_by: null,
        imported_at: new Date(),
      })),
    );
}
