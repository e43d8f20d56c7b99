import { createHash } from 'node:crypto';
import type { components } from '@fantasy-cricket/api-client';
import type { Kysely } from 'kysely';
import { afterResultsImported } from '../cricket/import/after';
import { importMatch } from '../cricket/import/write';
import { scorecardToParsedMatch } from '../cricket/scorecard/to-parsed-match';
import { oversText } from '../cricket/scorecard/validate';
import type { DB } from '../db/schema';
import { HttpError } from '../http/errors';
import type { Actor } from './access';
import { recordAudit } from './audit';
import { type ImportReportBody, importRunReport, previewReport } from './reports';
import { resultSnapshot, resultText } from './results';
import { countLines, type ImportLine, outcomeOf, recordImportRun } from './runs';
import {
  checkInput,
  type FixtureSheet,
  loadSheet,
  matchInfoOf,
  notEditableReason,
  otherPlayers,
  positionName,
  type ScorecardInput,
  scorecardMessages,
} from './scorecard-input';

/**
 * Scorecards typed in the console (docs/decisions/0044-typed-scorecards.md): the form's sheet, a
 * preview (the checks, then the save's writes rolled back) and the save — the importer's writer and
 * re-score (cricket/import/write.ts `importMatch` with `into`), the import run and the audit entry in
 * one transaction.
 */

type ScorecardSheetBody = components['schemas']['ScorecardSheet'];
type ScorecardPreviewBody = components['schemas']['ScorecardPreview'];

/** The form's sheet: the fixture, its teams' squads, whether it may be typed now, the last scorecard saved. */
export async function scorecardSheet(db: Kysely<DB>, fixtureId: number, now = new Date()): Promise<ScorecardSheetBody> {
  const sheet = await loadSheet(db, fixtureId);
  const saved = await db
    .selectFrom('fixture_scorecards')
    .select(['scorecard', 'saved_at'])
    .where('fixture_id', '=', fixtureId)
    .executeTakeFirst();
  const teams = teamMap(sheet);
  const result = await db
    .selectFrom('fixture_results')
    .selectAll()
    .where('fixture_id', '=', fixtureId)
    .executeTakeFirst();
  const imported = await db
    .selectFrom('cricsheet_imports')
    .select('fixture_id')
    .where('fixture_id', '=', fixtureId)
    .executeTakeFirst();
  const text = resultText(sheet.status, result, teams);
  const reason = notEditableReason(sheet, now);
  return {
    FixtureID: sheet.id,
    Name: sheet.name,
    Season: sheet.season,
    StartTime: sheet.startTime.toISOString(),
    Status: sheet.status,
    Result: text,
    ResultSource:
      text === null ? null : imported || sheet.cricsheetMatchId !== null ? 'cricsheet' : saved ? 'scorecard' : 'manual',
    Editable: reason === null,
    NotEditableReason: reason,
    Teams: sheet.teams.map((t) => ({
      TeamID: t.id,
      Name: t.name,
      Code: t.code,
      Players: t.players.map((p) => ({ PlayerID: p.id, Name: p.name, Position: positionName(p.positionId) })),
    })),
    Saved: saved ? (parseJson(saved.scorecard) as ScorecardInput) : null,
    SavedAt: saved ? new Date(saved.saved_at).toISOString() : null,
  };
}

/** Thrown inside the preview's transaction to roll its writes back. */
class Rollback extends Error {}

/**
 * Checks a scorecard and, when it holds, says what saving it would change: the save's own writes
 * and re-score, rolled back. 404 unknown fixture; 400 for a fixture that cannot take a scorecard now.
 */
export async function previewScorecard(
  db: Kysely<DB>,
  actor: Actor,
  fixtureId: number,
  input: ScorecardInput,
  now = new Date(),
): Promise<ScorecardPreviewBody> {
  const startedAt = new Date();
  const sheet = await loadSheet(db, fixtureId);
  const reason = notEditableReason(sheet, now);
  if (reason) throw new HttpError(400, reason);
  const { card, problems } = checkInput(input, sheet, await otherPlayers(db, input, sheet));
  if (problems.length) return { Problems: problems, Report: null };
  const parsed = scorecardToParsedMatch(card, matchInfoOf(sheet));
  let lines: ImportLine[] = [];
  try {
    await db.transaction().execute(async (trx) => {
      lines = (await writeScorecard(trx, sheet, input, parsed, now, 'new')).lines;
      throw new Rollback();
    });
  } catch (e) {
    if (!(e instanceof Rollback)) throw e;
  }
  return {
    Problems: [],
    Report: previewReport('scorecard', target(sheet), actor, startedAt, lines, countLines(lines), null),
  };
}

/**
 * Saves a scorecard: refused (400, nothing written) while it has problems; else written by the
 * importer into the fixture and re-scored, with its import run and audit entry, in one transaction —
 * or `unchanged` (a run, no audit entry) when it is the scorecard saved last and the fixture still has
 * its figures. The standings are refreshed once committed.
 */
export async function saveScorecard(
  db: Kysely<DB>,
  actor: Actor,
  fixtureId: number,
  input: ScorecardInput,
  now = new Date(),
): Promise<ImportReportBody> {
  const startedAt = new Date();
  const sheet = await loadSheet(db, fixtureId);
  const reason = notEditableReason(sheet, now);
  if (reason) throw new HttpError(400, reason);
  const { card, problems } = checkInput(input, sheet, await otherPlayers(db, input, sheet));
  if (problems.length) throw new HttpError(400, scorecardMessages.problems(problems));
  const parsed = scorecardToParsedMatch(card, matchInfoOf(sheet));
  const { runId, changed } = await db.transaction().execute(async (trx) => {
    const done = await writeScorecard(trx, sheet, input, parsed, now, 'created');
    const runId = await recordImportRun(trx, {
      kind: 'scorecard',
      trigger: 'console',
      source: target(sheet),
      actor,
      outcome: outcomeOf(done.lines),
      counts: countLines(done.lines),
      rescoredFixtureIds: done.changed ? [sheet.id] : [],
      lines: done.lines,
      startedAt,
    });
    if (done.changed) {
      await recordAudit(trx, actor, {
        action: 'fixture.scorecard',
        target: target(sheet),
        before: done.before,
        after: { ...done.after, ImportRunID: runId },
      });
    }
    return { runId, changed: done.changed };
  });
  if (changed) await afterResultsImported(db, [sheet.id]);
  return importRunReport(db, runId);
}

const target = (sheet: FixtureSheet) => `fixture ${sheet.id} (${sheet.season}, ${sheet.name})`;
const teamMap = (sheet: FixtureSheet) => new Map(sheet.teams.map((t) => [t.id, t]));
const parseJson = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);

/**
 * The save's writes in `trx`: the fixture locked and checked again, then — unless the scorecard
 * saved last is this one and the fixture still holds its figures — the match written into the fixture
 * by the importer (positions inferred, fixtures re-scored) and the scorecard stored. Returns the report
 * lines (the result, then each player whose figures change; `added` is the status of a new player's).
 */
async function writeScorecard(
  trx: Kysely<DB>,
  sheet: FixtureSheet,
  input: ScorecardInput,
  parsed: ReturnType<typeof scorecardToParsedMatch>,
  now: Date,
  added: 'new' | 'created',
) {
  const fixture = await trx
    .selectFrom('fixtures')
    .selectAll()
    .where('id', '=', sheet.id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const reason = notEditableReason(
    { ...sheet, status: fixture.status, cricsheetMatchId: fixture.cricsheet_match_id },
    now,
  );
  if (reason) throw new HttpError(400, reason);
  const teams = teamMap(sheet);
  const before = await fixtureFigures(trx, sheet.id);
  const beforeResult = await resultSnapshot(trx, sheet.id, teams);
  const stored = await trx
    .selectFrom('fixture_scorecards')
    .select(['checksum', 'written'])
    .where('fixture_id', '=', sheet.id)
    .executeTakeFirst();
  const key = `${sheet.season} ${sheet.name}`;
  if (stored && stored.checksum === parsed.checksum && stored.written === before.digest) {
    const lines: ImportLine[] = [
      { key, status: 'unchanged', fixtureId: sheet.id, before: beforeResult, after: beforeResult },
    ];
    return { changed: false, lines, before: beforeResult, after: beforeResult };
  }
  await importMatch(trx, parsed, { into: fixture });
  const after = await fixtureFigures(trx, sheet.id);
  const afterResult = await resultSnapshot(trx, sheet.id, teams);
  const row = { scorecard: JSON.stringify(input), checksum: parsed.checksum, written: after.digest, saved_at: now };
  await trx
    .insertInto('fixture_scorecards')
    .values({ fixture_id: sheet.id, ...row })
    .onConflict((oc) => oc.column('fixture_id').doUpdateSet(row))
    .execute();
  const lines: ImportLine[] = [
    {
      key,
      status: before.digest === after.digest ? 'unchanged' : 'updated',
      fixtureId: sheet.id,
      before: beforeResult,
      after: afterResult,
    },
  ];
  const codes = new Map(sheet.teams.map((t) => [t.id, t.code]));
  const ids = [...new Set([...before.players.keys(), ...after.players.keys()])];
  const order = (id: number) => {
    const p = after.players.get(id) ?? before.players.get(id)!;
    return [p.teamId === sheet.teams[0].id ? 0 : 1, p.position ?? 99, p.name] as const;
  };
  ids.sort((a, b) => {
    const [ta, pa, na] = order(a);
    const [tb, pb, nb] = order(b);
    return ta - tb || pa - pb || na.localeCompare(nb);
  });
  for (const id of ids) {
    const was = before.players.get(id);
    const now = after.players.get(id);
    if (was && now && JSON.stringify(was.figures) === JSON.stringify(now.figures)) continue;
    const p = (now ?? was)!;
    lines.push({
      key: `${codes.get(p.teamId) ?? ''}: ${p.name}`,
      status: was ? 'updated' : added,
      fixtureId: sheet.id,
      reason: now ? null : 'not in this scorecard',
      before: was?.figures ?? null,
      after: now?.figures ?? null,
    });
  }
  return { changed: true, lines, before: beforeResult, after: afterResult };
}

interface PlayerFigures {
  name: string;
  teamId: number;
  position: number | null;
  figures: Record<string, string>;
}

/**
 * A fixture's figures as the importer stored them — status, result, player(s) of the match, innings,
 * every player's line — with a digest of them all (equal digests: nothing changed).
 */
async function fixtureFigures(db: Kysely<DB>, fixtureId: number) {
  const fixture = await db
    .selectFrom('fixtures')
    .select('status')
    .where('id', '=', fixtureId)
    .executeTakeFirstOrThrow();
  const result = await db
    .selectFrom('fixture_results')
    .selectAll()
    .where('fixture_id', '=', fixtureId)
    .executeTakeFirst();
  const pom = await db
    .selectFrom('fixture_player_of_match')
    .select('player_id')
    .where('fixture_id', '=', fixtureId)
    .orderBy('player_id')
    .execute();
  const innings = await db
    .selectFrom('fixture_innings')
    .selectAll()
    .where('fixture_id', '=', fixtureId)
    .orderBy('innings_number')
    .execute();
  const stats = await db
    .selectFrom('player_fixture_stats as s')
    .innerJoin('players as p', 'p.id', 's.player_id')
    .selectAll('s')
    .select('p.full_name')
    .where('s.fixture_id', '=', fixtureId)
    .orderBy('s.player_id')
    .execute();
  const digest = createHash('sha256')
    .update(JSON.stringify({ status: fixture.status, result: result ?? null, pom, innings, stats }))
    .digest('hex');
  const players = new Map<number, PlayerFigures>();
  for (const s of stats) {
    const figures: Record<string, string> = { Played: s.did_play ? 'yes' : 'substitute fielder' };
    if (s.batting_position !== null) {
      const boundaries = `${s.fours ? `, ${s.fours}×4` : ''}${s.sixes ? `, ${s.sixes}×6` : ''}`;
      figures.Batting = `${s.runs} (${s.balls})${boundaries}, ${s.dismissed ? (s.dismissal_kind ?? 'out') : 'not out'}`;
    }
    if (s.balls_bowled > 0 || s.runs_conceded > 0) {
      figures.Bowling = `${oversText(s.balls_bowled)}-${s.maidens}-${s.runs_conceded}-${s.wickets}`;
    }
    const fielding = [
      s.catches ? `${s.catches} caught` : '',
      s.stumpings ? `${s.stumpings} stumped` : '',
      s.run_outs_direct ? `${s.run_outs_direct} run out (direct)` : '',
      s.run_outs_indirect ? `${s.run_outs_indirect} run out (assist)` : '',
    ].filter(Boolean);
    if (fielding.length) figures.Fielding = fielding.join(', ');
    players.set(s.player_id, { name: s.full_name, teamId: s.team_id, position: s.batting_position, figures });
  }
  return { digest, players };
}
