import type { Kysely } from 'kysely';
import { writeResult } from '../cricket/import/results';
import { importMatch } from '../cricket/import/write';
import type { Scorecard } from '../cricket/scorecard/model';
import { type ScorecardMatchInfo, scorecardToParsedMatch } from '../cricket/scorecard/to-parsed-match';
import { validateScorecard } from '../cricket/scorecard/validate';
import type { DB } from '../db/schema';
import { recordResults } from '../results/pipeline';
import { completeLiveWith } from '../live/ingest';
import type { Actor } from '../operator/access';
import { resultSnapshot } from '../operator/results';
import { countLines, type ImportLine, outcomeOf, recordImportRun } from '../operator/runs';
import { type KnownVendor, VENDORS } from './connection';
import { oursFor, scorecardInOurs, scorecardPlayerIds, vendorKey } from './ours';
import type { VendorResult } from './provider';

/**
 * A vendor's final result written into its fixture: the scorecard in our names and keys, checked
 * (cricket/scorecard/validate.ts), turned into the importer's match (to-parsed-match.ts) and written
 * by the importer's writer into the fixture without linking it (as a typed scorecard is), re-scored,
 * in one transaction with its import run (kind `vendor`). A match abandoned without an innings is
 * stored as abandoned. When the fixture was played live, the live figures are replaced in the same
 * transaction (live/ingest.ts `completeLiveWith`). Each fixture's vendor result is written once:
 * `vendor_fixtures.result_at` is claimed in that transaction; a Cricsheet file corrects it later.
 */

export const vendorSyncActor = (vendor: KnownVendor): Actor => ({
  userId: null,
  label: `${VENDORS[vendor].title} sync`,
});

export type ResultWrite = 'written' | 'already' | 'failed';

export async function writeVendorResult(
  db: Kysely<DB>,
  vendor: KnownVendor,
  fixtureId: number,
  vendorId: string,
  result: VendorResult,
  now = new Date(),
): Promise<{ outcome: ResultWrite; message: string }> {
  const startedAt = new Date();
  const title = VENDORS[vendor].title;
  const fixture = await db
    .selectFrom('fixtures as f')
    .innerJoin('seasons as s', 's.id', 'f.season_id')
    .leftJoin('stages as st', 'st.id', 'f.stage_id')
    .selectAll('f')
    .select(['s.name as season', 's.competition', 's.year', 'st.name as stage'])
    .where('f.id', '=', fixtureId)
    .executeTakeFirstOrThrow();
  const key = `${fixture.season} ${fixture.name}`;
  const source = `${title}: match ${vendorId}`;
  const teams = new Map(
    (
      await db
        .selectFrom('teams')
        .select(['id', 'name', 'code'])
        .where('id', 'in', [fixture.local_team_id, fixture.visitor_team_id])
        .execute()
    ).map((t) => [t.id, t]),
  );
  const card = result.scorecard;
  const played = card !== null && card.innings.length > 0;
  let parsed: ReturnType<typeof scorecardToParsedMatch> | null = null;
  if (played) {
    const ours = scorecardInOurs(card, vendor, await oursFor(db, vendor, fixtureId, scorecardPlayerIds(card)));
    const problems = validateScorecard(ours);
    if (problems.length) {
      const message = `The ${title} scorecard of ${key} does not add up, nothing was written: ${problems
        .slice(0, 3)
        .map((p) => `${p.path}: ${p.message}`)
        .join('; ')}`;
      await recordImportRun(db, {
        kind: 'vendor',
        trigger: 'schedule',
        source,
        actor: vendorSyncActor(vendor),
        outcome: 'failed',
        counts: { failed: 1 },
        message,
        lines: [{ key, status: 'failed', fixtureId, reason: message }],
        startedAt,
      });
      return { outcome: 'failed', message };
    }
    parsed = scorecardToParsedMatch(ours, matchInfo(vendor, vendorId, fixture));
  }

  let outcome: ResultWrite = 'written';
  const land = async (trx: Kysely<DB>) => {
    const claimed = await trx
      .updateTable('vendor_fixtures')
      .set({ result_at: now, vendor_status: result.status })
      .where('vendor', '=', vendor)
      .where('vendor_id', '=', vendorId)
      .where('result_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) {
      outcome = 'already';
      return { ok: true };
    }
    const row = await trx
      .selectFrom('fixtures')
      .selectAll()
      .where('id', '=', fixtureId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const before = await resultSnapshot(trx, fixtureId, teams);
    if (parsed) {
      await importMatch(trx, parsed, { into: row });
      await rememberNewPlayers(trx, vendor, card!);
    } else {
      const noResult = {
        result_type: 'no_result' as const,
        winner_team_id: null,
        won_by_runs: null,
        won_by_wickets: null,
        method: null,
        super_over_winner_team_id: null,
      };
      await writeResult(trx, fixtureId, row.status, 'abandoned', noResult, []);
    }
    const after = await resultSnapshot(trx, fixtureId, teams);
    const lines: ImportLine[] = [
      {
        key,
        status: JSON.stringify(before) === JSON.stringify(after) ? 'unchanged' : 'updated',
        fixtureId,
        reason: parsed ? null : `${title} marked the match ${result.status} without an innings`,
        before,
        after,
      },
    ];
    await recordImportRun(trx, {
      kind: 'vendor',
      trigger: 'schedule',
      source,
      actor: vendorSyncActor(vendor),
      outcome: outcomeOf(lines),
      counts: countLines(lines),
      message: `${title} marked ${key} ${result.status}: ${after.Result ?? after.Status}.`,
      rescoredFixtureIds: [fixtureId],
      lines,
      startedAt,
    });
    return { ok: true };
  };

  const live = await db
    .selectFrom('live_fixtures')
    .select('state')
    .where('fixture_id', '=', fixtureId)
    .executeTakeFirst();
  if (live) {
    const done = await completeLiveWith(db, fixtureId, now, land);
    if (!done.ok) return { outcome: 'failed', message: done.error ?? 'the final write failed' };
  } else {
    // The writers inside record the fixture they change; what follows the commit runs once it commits.
    await recordResults(db, 'import', async (trx) => ({ value: await land(trx), fixtureIds: [] }));
  }
  return { outcome, message: `${key}: ${result.status}` };
}

/** The scorecard's info the importer needs about the fixture it is written into. */
function matchInfo(
  vendor: KnownVendor,
  vendorId: string,
  f: {
    name: string;
    season: string;
    competition: string;
    year: number;
    stage: string | null;
    match_number: number | null;
    start_time: Date;
    venue: string | null;
    city: string | null;
  },
): ScorecardMatchInfo {
  const start = new Date(f.start_time);
  return {
    source: `${VENDORS[vendor].title} match ${vendorId}`,
    matchId: `${vendor}-${vendorId}`,
    competition: f.competition,
    season: String(f.year),
    seasonName: f.season,
    year: f.year,
    matchNumber: f.match_number,
    stageName: f.stage ?? 'League',
    fixtureName: f.name,
    date: start.toISOString().slice(0, 10),
    startTime: start.toISOString(),
    venue: f.venue,
    city: f.city,
  };
}

/** Players the importer created from the scorecard (`<vendor>:<id>` keys) get their vendor id mapped. */
async function rememberNewPlayers(trx: Kysely<DB>, vendor: KnownVendor, card: Scorecard): Promise<void> {
  const ids = [...new Set(scorecardPlayerIds(card))];
  if (ids.length === 0) return;
  const rows = await trx
    .selectFrom('players')
    .select(['id', 'cricsheet_id'])
    .where(
      'cricsheet_id',
      'in',
      ids.map((id) => vendorKey(vendor, id)),
    )
    .execute();
  for (const r of rows) {
    const vendorId = r.cricsheet_id!.slice(vendor.length + 1);
    await trx
      .insertInto('vendor_players')
      .values({ vendor, vendor_id: vendorId, player_id: r.id })
      .onConflict((oc) => oc.columns(['vendor', 'vendor_id']).doNothing())
      .execute();
  }
}
