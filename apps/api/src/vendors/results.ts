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
import { type KnownVendor, VENDORS, vendorEntry } from './connection';
import { oursFor, scorecardInOurs, scorecardPlayerIds, vendorKey } from './ours';
import type { VendorName, VendorOutcome, VendorResult } from './provider';

/**
 * A vendor's final result written into its fixture: the scorecard in our names and keys, checked
 * (cricket/scorecard/validate.ts), turned into the importer's match (to-parsed-match.ts) and written
 * by the importer's writer into the fixture without linking it (as a typed scorecard is), re-scored,
 * in one transaction with its import run (kind `vendor`). A match abandoned without an innings is
 * stored as abandoned. When the fixture was played live, the live figures are replaced in the same
 * transaction (live/ingest.ts `completeLiveWith`). Each fixture's vendor result is written once:
 * `vendor_fixtures.result_at` is claimed in that transaction; a Cricsheet file corrects it later.
 *
 * A finished match that comes with its outcome and no scorecard (SportMonks: the winner and the man
 * of the match) is written as the console's result set by hand is (`writeResult`: the status, the
 * winner, the player of the match, re-scored; no stats, so the features read from them wait), in
 * the same transaction with its run, and claimed once like a scorecard. It never replaces a result
 * already stored (a Cricsheet file, a typed scorecard, the console's), and a later Cricsheet file or
 * typed scorecard of the match replaces it as it replaces a result set by hand. An outcome without a
 * winner (a tie or a no result the vendor does not tell apart) writes nothing: the run says why, and
 * the fixture is claimed, so it is not asked again; its result comes from Cricsheet or the console.
 */

/** How the import history names a vendor (SportMonks is not in VENDORS: the sync does not run it, decision 0045). */
const TITLES: Record<VendorName, string> = { entitysport: VENDORS.entitysport.title, sportmonks: 'SportMonks' };

const isSynced = (vendor: VendorName): vendor is KnownVendor => vendorEntry(vendor) !== undefined;

export const vendorSyncActor = (vendor: VendorName): Actor => ({
  userId: null,
  label: `${TITLES[vendor]} sync`,
});

export type ResultWrite = 'written' | 'already' | 'failed';

export async function writeVendorResult(
  db: Kysely<DB>,
  vendor: VendorName,
  fixtureId: number,
  vendorId: string,
  result: VendorResult,
  now = new Date(),
): Promise<{ outcome: ResultWrite; message: string }> {
  const startedAt = new Date();
  const title = TITLES[vendor];
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
  const refuse = async (message: string): Promise<{ outcome: ResultWrite; message: string }> => {
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
  };
  let parsed: { match: ReturnType<typeof scorecardToParsedMatch>; vendor: KnownVendor } | null = null;
  if (played) {
    if (!isSynced(vendor)) return refuse(`${title} scorecards are not read (no sync for ${title}).`);
    const ours = scorecardInOurs(card, vendor, await oursFor(db, vendor, fixtureId, scorecardPlayerIds(card)));
    const problems = validateScorecard(ours);
    if (problems.length) {
      return refuse(
        `The ${title} scorecard of ${key} does not add up, nothing was written: ${problems
          .slice(0, 3)
          .map((p) => `${p.path}: ${p.message}`)
          .join('; ')}`,
      );
    }
    parsed = { match: scorecardToParsedMatch(ours, matchInfo(title, vendor, vendorId, fixture)), vendor };
  }
  // A finished match's outcome without a scorecard, in our ids (checked as the console checks a result).
  const told = !played && result.status === 'finished' ? (result.outcome ?? null) : null;
  let decided: { winnerTeamId: number; pomIds: number[] } | null = null;
  if (told && told.winnerTeamId !== null) {
    const ours = await outcomeInOurs(db, vendor, fixture, told.winnerTeamId, told.playerOfMatchId);
    if ('problem' in ours) return refuse(`${title} marked ${key} finished, nothing was written: ${ours.problem}`);
    decided = ours;
  }

  let outcome: ResultWrite = 'written';
  let toldMessage: string | null = null;
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
    if (told) {
      // Written as the console's result: status, winner, player of the match; no stats.
      const line = (status: string, reason: string): ImportLine => ({ key, status, fixtureId, reason, before });
      let l: ImportLine;
      if (row.status !== 'scheduled' && row.status !== 'live') {
        outcome = 'already';
        l = line(
          'unchanged',
          `The fixture already has a result (${before.Result ?? before.Status}): ${title}'s outcome was not written over it.`,
        );
      } else if (!decided) {
        outcome = 'failed';
        l = line(
          'failed',
          `${title} marked the match finished without naming a winner: a tie or a no result cannot be told apart from its answer, so nothing was written. It is not asked again; the result comes from Cricsheet, a typed scorecard or the console.`,
        );
      } else {
        const normal = {
          result_type: 'normal' as const,
          winner_team_id: decided.winnerTeamId,
          won_by_runs: null,
          won_by_wickets: null,
          method: null,
          super_over_winner_team_id: null,
        };
        const done = await writeResult(trx, fixtureId, row.status, 'completed', normal, decided.pomIds);
        l = {
          ...line(
            done,
            `${title} gave the winner and the man of the match, without a scorecard: the features read from the players' figures wait for Cricsheet or a typed scorecard.`,
          ),
          after: await resultSnapshot(trx, fixtureId, teams),
        };
      }
      toldMessage = `${title} marked ${key} finished: ${l.status === 'updated' ? (l.after as { Result: string | null }).Result : l.reason}`;
      await recordImportRun(trx, {
        kind: 'vendor',
        trigger: 'schedule',
        source,
        actor: vendorSyncActor(vendor),
        outcome: outcomeOf([l]),
        counts: countLines([l]),
        message: toldMessage,
        rescoredFixtureIds: l.status === 'updated' ? [fixtureId] : [],
        lines: [l],
        startedAt,
      });
      return { ok: true };
    }
    if (parsed) {
      await importMatch(trx, parsed.match, { into: row });
      await rememberNewPlayers(trx, parsed.vendor, card!);
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
  // An outcome has no figures to put in place of the live ones: the live feed's own final completes it.
  if (live && told)
    return refuse(`${key} is followed live here: ${title}'s outcome without a scorecard is not written.`);
  if (live) {
    const done = await completeLiveWith(db, fixtureId, now, land);
    if (!done.ok) return { outcome: 'failed', message: done.error ?? 'the final write failed' };
  } else {
    // The writers inside record the fixture they change; what follows the commit runs once it commits.
    await recordResults(db, 'import', async (trx) => ({ value: await land(trx), fixtureIds: [] }));
  }
  return { outcome, message: toldMessage ?? `${key}: ${result.status}` };
}

/**
 * A vendor's outcome in our ids: the winner one of the fixture's two teams (vendor_teams), the man
 * of the match a player we know (vendor_players) in either team's squad of the season, as the
 * console requires of a result set by hand.
 */
async function outcomeInOurs(
  db: Kysely<DB>,
  vendor: VendorName,
  f: { season_id: number; local_team_id: number; visitor_team_id: number },
  winnerTeamId: string,
  playerOfMatchId: VendorOutcome['playerOfMatchId'],
): Promise<{ winnerTeamId: number; pomIds: number[] } | { problem: string }> {
  const teams = [f.local_team_id, f.visitor_team_id];
  const team = await db
    .selectFrom('vendor_teams')
    .select('team_id')
    .where('vendor', '=', vendor)
    .where('vendor_id', '=', winnerTeamId)
    .executeTakeFirst();
  if (!team || !teams.includes(team.team_id)) {
    return { problem: `its winner (team ${winnerTeamId}) is not one of the fixture's teams here.` };
  }
  if (playerOfMatchId === null) return { winnerTeamId: team.team_id, pomIds: [] };
  const player = await db
    .selectFrom('vendor_players as v')
    .innerJoin('squads as s', 's.player_id', 'v.player_id')
    .select('v.player_id')
    .where('v.vendor', '=', vendor)
    .where('v.vendor_id', '=', playerOfMatchId)
    .where('s.season_id', '=', f.season_id)
    .where('s.team_id', 'in', teams)
    .executeTakeFirst();
  if (!player) {
    return {
      problem: `its man of the match (player ${playerOfMatchId}) is not a player of either team's squad here.`,
    };
  }
  return { winnerTeamId: team.team_id, pomIds: [player.player_id] };
}

/** The scorecard's info the importer needs about the fixture it is written into. */
function matchInfo(
  title: string,
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
    source: `${title} match ${vendorId}`,
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
