import type { components } from '@fantasy-cricket/api-client';
import type { Kysely, Selectable } from 'kysely';
import { DEFAULT_FILE_LIMITS, type FileLimits } from '../config';
import { afterResultsImported } from '../cricket/import/after';
import { type ManualResult, writeResult } from '../cricket/import/results';
import type { DB, FixtureResultsTable } from '../db/schema';
import { HttpError } from '../http/errors';
import type { Actor } from './access';
import { recordAudit } from './audit';
import { importCricsheetFiles } from './cricsheet-files';
import { decodeUpload, type UploadedFile } from './data-files';
import { type ImportReportBody, importRunReport } from './reports';
import { countLines, type ImportLine, outcomeOf, recordImportRun } from './runs';
import { importedName } from '../cricket/import/names';
import { FileRefusal } from './zip';

/** Results from the console: Cricsheet uploads, results set by hand, and the fixtures to set them on. */

export const resultMessages = {
  seasonNotFound: 'There is no season with this id.',
  fixtureNotFound: 'There is no fixture with this id.',
  noMatchFiles: 'The upload has no Cricsheet match files (.json, or zips of them).',
  notStarted: (start: Date) =>
    `This fixture has not started yet (it starts at ${start.toISOString().slice(0, 16).replace('T', ' ')} UTC): a result can be set once it has started.`,
  noWinnerWhenNotPlayed:
    'A fixture that is washed out, has no result or is abandoned has no winner, margin, method or player of the match.',
  needsWinner: 'A completed fixture needs a winner, or a tie.',
  tieHasNoWinner: 'A tied fixture has no winner or margin: give the super-over winner instead.',
  superOverOnlyForTie: 'Only a tied fixture has a super-over winner.',
  runsOrWickets: 'A win is by runs or by wickets, not both.',
  notATeam: (home: string, away: string) => `The winner must be one of the fixture's teams (${home} or ${away}).`,
  notInSquads: (id: number) => `Player ${id} is not in either team's squad for this season.`,
} as const;

export type FixtureResultRequest = components['schemas']['FixtureResultRequest'];
type OperatorFixture = components['schemas']['OperatorFixture'];

interface TeamRow {
  id: number;
  name: string;
  code: string;
}

/** A result as read: `KKR won by 7 runs`, `Match tied (RCB won the super over)`, `No result`, `Abandoned`. */
export function resultText(
  status: string,
  r: ManualResult | undefined,
  teams: ReadonlyMap<number, TeamRow>,
): string | null {
  if (status === 'no_result') return 'No result';
  if (status === 'abandoned') return 'Abandoned';
  if (status !== 'completed' || !r) return null;
  const code = (id: number | null) => (id === null ? '' : (teams.get(id)?.code ?? String(id)));
  const method = r.method ? ` (${r.method})` : '';
  if (r.result_type === 'no_result') return 'No result';
  if (r.result_type === 'tie') {
    return `Match tied${r.super_over_winner_team_id !== null ? ` (${code(r.super_over_winner_team_id)} won the super over)` : ''}${method}`;
  }
  if (r.winner_team_id === null) return null;
  const by =
    r.won_by_runs !== null
      ? ` by ${r.won_by_runs} run${r.won_by_runs === 1 ? '' : 's'}`
      : r.won_by_wickets !== null
        ? ` by ${r.won_by_wickets} wicket${r.won_by_wickets === 1 ? '' : 's'}`
        : '';
  return `${code(r.winner_team_id)} won${by}${method}`;
}

/** A season's fixtures in start order with their result and its source; 404 for an unknown season. */
export async function operatorFixtures(db: Kysely<DB>, seasonId: number): Promise<OperatorFixture[]> {
  const season = await db.selectFrom('seasons').select('id').where('id', '=', seasonId).executeTakeFirst();
  if (!season) throw new HttpError(404, resultMessages.seasonNotFound);
  const fixtures = await db
    .selectFrom('fixtures')
    .selectAll()
    .where('season_id', '=', seasonId)
    .orderBy('start_time')
    .orderBy('id')
    .execute();
  if (fixtures.length === 0) return [];
  const ids = fixtures.map((f) => f.id);
  const teamIds = [...new Set(fixtures.flatMap((f) => [f.local_team_id, f.visitor_team_id]))];
  const teams = new Map(
    (await db.selectFrom('teams').select(['id', 'name', 'code']).where('id', 'in', teamIds).execute()).map((t) => [
      t.id,
      t,
    ]),
  );
  const results = new Map(
    (await db.selectFrom('fixture_results').selectAll().where('fixture_id', 'in', ids).execute()).map((r) => [
      r.fixture_id,
      r,
    ]),
  );
  const typed = new Set(
    (await db.selectFrom('fixture_scorecards').select('fixture_id').where('fixture_id', 'in', ids).execute()).map(
      (r) => r.fixture_id,
    ),
  );
  const imported = new Set(
    (
      await db.selectFrom('cricsheet_imports').select('fixture_id').distinct().where('fixture_id', 'in', ids).execute()
    ).map((r) => r.fixture_id),
  );
  const pom = await db
    .selectFrom('fixture_player_of_match as m')
    .innerJoin('players as p', 'p.id', 'm.player_id')
    .select(['m.fixture_id', 'p.id', 'p.full_name'])
    .where('m.fixture_id', 'in', ids)
    .orderBy('p.full_name')
    .execute();
  const team = (id: number) => {
    const t = teams.get(id);
    return { TeamID: id, Name: t?.name ?? '', Code: t?.code ?? '' };
  };
  return fixtures.map((f) => {
    const text = resultText(f.status, results.get(f.id), teams);
    return {
      FixtureID: f.id,
      Name: f.name,
      MatchNumber: f.match_number,
      StartTime: new Date(f.start_time).toISOString(),
      Home: team(f.local_team_id),
      Away: team(f.visitor_team_id),
      Status: f.status,
      Result: text,
      ResultSource:
        text === null
          ? null
          : imported.has(f.id) || f.cricsheet_match_id !== null
            ? 'cricsheet'
            : typed.has(f.id)
              ? 'scorecard'
              : 'manual',
      PlayerOfMatch: pom.filter((p) => p.fixture_id === f.id).map((p) => p.full_name),
      Current: currentResult(
        f.status,
        results.get(f.id),
        pom.filter((p) => p.fixture_id === f.id).map((p) => p.id),
      ),
    };
  });
}

/** The stored result as a `setFixtureResult` body (what the correction form starts from); null before one. */
function currentResult(
  status: string,
  r: Selectable<FixtureResultsTable> | undefined,
  playerOfMatchIds: number[],
): OperatorFixture['Current'] {
  if (status !== 'completed' && status !== 'no_result' && status !== 'abandoned') return null;
  const PlayerOfMatchIDs = [...playerOfMatchIds].sort((a, b) => a - b);
  if (status !== 'completed' || !r || r.result_type === 'no_result') {
    return { Status: status === 'completed' ? 'no_result' : status, PlayerOfMatchIDs };
  }
  const tie = r.result_type === 'tie';
  return {
    Status: 'completed',
    Tie: tie,
    WinnerTeamID: tie ? null : r.winner_team_id,
    WonByRuns: r.won_by_runs,
    WonByWickets: r.won_by_wickets,
    Method: r.method,
    SuperOverWinnerTeamID: tie ? r.super_over_winner_team_id : null,
    PlayerOfMatchIDs,
  };
}

/** What the audit log and the report show of a fixture's result. */
export async function resultSnapshot(db: Kysely<DB>, fixtureId: number, teams: ReadonlyMap<number, TeamRow>) {
  const f = await db.selectFrom('fixtures').select('status').where('id', '=', fixtureId).executeTakeFirstOrThrow();
  const r = await db.selectFrom('fixture_results').selectAll().where('fixture_id', '=', fixtureId).executeTakeFirst();
  const pom = await db
    .selectFrom('fixture_player_of_match as m')
    .innerJoin('players as p', 'p.id', 'm.player_id')
    .select(['p.id', 'p.full_name'])
    .where('m.fixture_id', '=', fixtureId)
    .orderBy('p.id')
    .execute();
  return {
    Status: f.status,
    Result: resultText(f.status, r, teams),
    PlayerOfMatch: pom.map((p) => `${p.full_name} (${p.id})`),
  };
}

/** The result form's method, by the name rule; empty is none; 400 with the rule's message. */
function methodOf(value: string | null | undefined): string | null {
  if (!value?.trim()) return null;
  try {
    return importedName('Method', value);
  } catch (e) {
    throw new HttpError(400, (e as Error).message);
  }
}

/**
 * Sets or corrects a fixture's result by hand: washed out (stored as abandoned), no result,
 * abandoned, or completed with a winner and margin or a tie. The rules are the results file's
 * (`writeResult`: unchanged when it is what is stored, re-scored otherwise); the run and the audit
 * entry commit with the result, the standings are refreshed after. 404 unknown fixture, 400 for a
 * fixture that has not started or a result that does not hold together.
 */
export async function setFixtureResult(
  db: Kysely<DB>,
  actor: Actor,
  fixtureId: number,
  req: FixtureResultRequest,
  now = new Date(),
): Promise<ImportReportBody> {
  const startedAt = new Date();
  const f = await db
    .selectFrom('fixtures as f')
    .innerJoin('seasons as s', 's.id', 'f.season_id')
    .select(['f.id', 'f.name', 'f.status', 'f.start_time', 'f.season_id', 'f.local_team_id', 'f.visitor_team_id'])
    .select('s.name as season')
    .where('f.id', '=', fixtureId)
    .executeTakeFirst();
  if (!f) throw new HttpError(404, resultMessages.fixtureNotFound);
  if (new Date(f.start_time).getTime() > now.getTime())
    throw new HttpError(400, resultMessages.notStarted(f.start_time));
  const teams = new Map(
    (
      await db
        .selectFrom('teams')
        .select(['id', 'name', 'code'])
        .where('id', 'in', [f.local_team_id, f.visitor_team_id])
        .execute()
    ).map((t) => [t.id, t]),
  );
  const status = req.Status === 'washed_out' ? 'abandoned' : req.Status;
  const winner = req.WinnerTeamID ?? null;
  const runs = req.WonByRuns ?? null;
  const wickets = req.WonByWickets ?? null;
  const superOver = req.SuperOverWinnerTeamID ?? null;
  const pomIds = [...new Set(req.PlayerOfMatchIDs ?? [])];
  // A method goes into the result's sentence (emails, the console): the name rule (cricket/import/names.ts).
  const method = methodOf(req.Method);
  const isTeam = (id: number | null) => id === null || id === f.local_team_id || id === f.visitor_team_id;
  const teamNames = [teams.get(f.local_team_id)?.name ?? '', teams.get(f.visitor_team_id)?.name ?? ''] as const;
  let result: ManualResult;
  if (status !== 'completed') {
    if (
      winner !== null ||
      runs !== null ||
      wickets !== null ||
      superOver !== null ||
      req.Tie ||
      pomIds.length ||
      method
    )
      throw new HttpError(400, resultMessages.noWinnerWhenNotPlayed);
    result = {
      result_type: 'no_result',
      winner_team_id: null,
      won_by_runs: null,
      won_by_wickets: null,
      method: null,
      super_over_winner_team_id: null,
    };
  } else if (req.Tie) {
    if (winner !== null || runs !== null || wickets !== null) throw new HttpError(400, resultMessages.tieHasNoWinner);
    if (!isTeam(superOver)) throw new HttpError(400, resultMessages.notATeam(...teamNames));
    result = {
      result_type: 'tie',
      winner_team_id: null,
      won_by_runs: null,
      won_by_wickets: null,
      method,
      super_over_winner_team_id: superOver,
    };
  } else {
    if (winner === null) throw new HttpError(400, resultMessages.needsWinner);
    if (superOver !== null) throw new HttpError(400, resultMessages.superOverOnlyForTie);
    if (!isTeam(winner)) throw new HttpError(400, resultMessages.notATeam(...teamNames));
    if (runs !== null && wickets !== null) throw new HttpError(400, resultMessages.runsOrWickets);
    result = {
      result_type: 'normal',
      winner_team_id: winner,
      won_by_runs: runs,
      won_by_wickets: wickets,
      method,
      super_over_winner_team_id: null,
    };
  }
  if (pomIds.length) {
    const inSquads = await db
      .selectFrom('squads')
      .select('player_id')
      .distinct()
      .where('season_id', '=', f.season_id)
      .where('team_id', 'in', [f.local_team_id, f.visitor_team_id])
      .where('player_id', 'in', pomIds)
      .execute();
    const ok = new Set(inSquads.map((r) => r.player_id));
    const missing = pomIds.find((id) => !ok.has(id));
    if (missing !== undefined) throw new HttpError(400, resultMessages.notInSquads(missing));
  }

  const target = `fixture ${f.id} (${f.season}, ${f.name})`;
  const { runId, changed } = await db.transaction().execute(async (trx) => {
    const locked = await trx
      .selectFrom('fixtures')
      .select('status')
      .where('id', '=', f.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const before = await resultSnapshot(trx, f.id, teams);
    const done = await writeResult(trx, f.id, locked.status, status, result, pomIds);
    const after = await resultSnapshot(trx, f.id, teams);
    const lines: ImportLine[] = [
      {
        key: `${f.season} ${f.name}`,
        status: done,
        fixtureId: f.id,
        reason: req.Status === 'washed_out' ? 'washed out: stored as abandoned' : null,
        before,
        after,
      },
    ];
    const id = await recordImportRun(trx, {
      kind: 'result',
      trigger: 'console',
      source: target,
      actor,
      outcome: outcomeOf(lines),
      counts: countLines(lines),
      rescoredFixtureIds: done === 'updated' ? [f.id] : [],
      lines,
      startedAt,
    });
    // A result set to what it already was changes nothing: the run is in the history, the audit log
    // (like a grant of an operator or activating an active season) records only changes.
    if (done === 'updated') await recordAudit(trx, actor, { action: 'fixture.result', target, before, after });
    return { runId: id, changed: done === 'updated' };
  });
  if (changed) await afterResultsImported(db, [f.id]);
  return importRunReport(db, runId);
}

/**
 * Imports uploaded Cricsheet files (JSON, or zips of them) through the importer, as `cli import
 * cricsheet` does (each match all or nothing, re-scoring, standings), and records the run and an
 * audit entry. The files are read off the main thread within `limits` (file-reader.ts): a broken
 * zip, an upload past the limits or a file too large or complex to read is a 400 with the reason,
 * before anything is imported (recorded as a failed run).
 */
export async function uploadCricsheetResults(
  db: Kysely<DB>,
  actor: Actor,
  uploads: readonly UploadedFile[],
  prefer: readonly string[] | undefined,
  limits: FileLimits = DEFAULT_FILE_LIMITS,
): Promise<ImportReportBody> {
  const startedAt = new Date();
  const received = uploads.map(decodeUpload);
  const source = received.map((f) => f.name).join(', ');
  const refuse = async (message: string): Promise<never> => {
    await recordImportRun(db, {
      kind: 'cricsheet',
      trigger: 'console',
      source,
      actor,
      outcome: 'failed',
      counts: {},
      message,
      lines: [],
      startedAt,
    });
    throw new HttpError(400, message);
  };
  const warnings: string[] = [];
  let done: Awaited<ReturnType<typeof importCricsheetFiles>>;
  try {
    done = await importCricsheetFiles(db, received, {
      ...(prefer?.length ? { prefer } : {}),
      onWarning: (message, err) => warnings.push(`${message}: ${(err as Error)?.message ?? String(err)}`),
      limits,
    });
  } catch (e) {
    if (!(e instanceof FileRefusal)) throw e;
    return refuse(`${e.message}. Nothing was imported.`);
  }
  if (done.files === 0) return refuse(resultMessages.noMatchFiles);
  const counts = countLines(done.lines);
  const runId = await db.transaction().execute(async (trx) => {
    const id = await recordImportRun(trx, {
      kind: 'cricsheet',
      trigger: 'console',
      source,
      actor,
      outcome: outcomeOf(done.lines),
      counts,
      message: warnings.length ? warnings.join('; ') : null,
      rescoredFixtureIds: done.rescoredFixtureIds,
      lines: done.lines,
      startedAt,
    });
    await recordAudit(trx, actor, {
      action: 'results.upload',
      target: source.length > 200 ? `${received.length} files` : source,
      before: null,
      after: { ImportRunID: id, Files: done.files, Counts: counts, RescoredFixtureIDs: done.rescoredFixtureIds },
    });
    return id;
  });
  return importRunReport(db, runId);
}
