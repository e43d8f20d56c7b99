import type { components } from '@fantasy-cricket/api-client';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import { writeScheduleRecords } from '../cricket/import/schedule';
import { writeSquadRecords } from '../cricket/import/squads';
import type { DB } from '../db/schema';
import { HttpError } from '../http/errors';
import { type CompetitionData, competitionRecords, rememberVendorIds, seasonOfCompetition } from './competition';
import {
  type ConnectionRow,
  connectionRow,
  credentialsOf,
  type Credentials,
  type KnownVendor,
  type ProviderOptions,
  providerFor,
  usageOf,
  VENDORS,
  vendorEntry,
} from './connection';
import { VendorError } from './http';
import type { Actor } from '../operator/access';
import { recordAudit } from '../operator/audit';
import { isBad, toLine } from '../operator/data-files';
import { type ImportReportBody, importRunReport, previewReport } from '../operator/reports';
import { countLines, type ImportLine, recordImportRun } from '../operator/runs';

/**
 * The console's data vendors (docs/data.md, "Connecting a data vendor"; decision 0045): status,
 * credentials, settings, the competition's preview and apply. Credentials are stored on the server
 * and never answered, audited or recorded: the audit entry says only that they were set or cleared.
 */

type VendorStatusBody = components['schemas']['VendorStatus'];
type VendorCompetitionBody = components['schemas']['VendorCompetition'];
type VendorCompetitionReportBody = components['schemas']['VendorCompetitionReport'];
type CredentialsRequest = components['schemas']['VendorCredentialsRequest'];
type SettingsRequest = components['schemas']['VendorSettingsRequest'];

export const vendorMessages = {
  unknown: 'There is no such data vendor.',
  notConfigured: (title: string) =>
    `${title} is not connected: enter its credentials in the console (or set them in the environment) first.`,
  missingField: (title: string, field: string) => `${title} needs ${field}.`,
  notItsField: (title: string, field: string) => `${title} takes no ${field}.`,
  refused: (title: string) => `${title} refused these credentials: nothing was stored.`,
  unreachable: (title: string, why: string) =>
    `${title} could not be asked whether these credentials work (${why}): nothing was stored.`,
  vendorFailed: (title: string, why: string) => `${title} did not answer as expected: ${why}`,
  noCompetition: (title: string, id: string) =>
    `${title} lists no live or upcoming competition ${id}: choose one from the list.`,
  refusedRows: (bad: number, first: ImportLine) =>
    `Nothing was applied: ${bad} row${bad === 1 ? '' : 's'} cannot be taken (first: ${first.key} — ${first.status}: ${(first.reason ?? '').replace(/\.$/, '')}).`,
  noCompetitionChosen: (title: string) => `${title} has no competition applied yet: preview and apply one first.`,
} as const;

/** The known vendor named by the path, or 404. */
export function knownVendor(vendor: string): KnownVendor {
  const entry = vendorEntry(vendor);
  if (!entry) throw new HttpError(404, vendorMessages.unknown);
  return entry.name as KnownVendor;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** A vendor's status as the console shows it: never the credentials themselves. */
export async function vendorStatus(
  db: Kysely<DB>,
  config: Config,
  vendor: KnownVendor,
  now = new Date(),
): Promise<VendorStatusBody> {
  const entry = VENDORS[vendor];
  const row = await db.selectFrom('vendor_connections').selectAll().where('vendor', '=', vendor).executeTakeFirst();
  const creds = credentialsOf(entry, row, config);
  const usage = await usageOf(db, vendor, row?.daily_budget ?? null, now);
  const season =
    row?.season_id != null
      ? await db.selectFrom('seasons').select('name').where('id', '=', row.season_id).executeTakeFirst()
      : undefined;
  return {
    Vendor: vendor,
    Title: entry.title,
    CredentialFields: [...entry.fields],
    Configured: creds !== null,
    CredentialsFrom: creds?.from ?? null,
    CredentialsSetAt: creds?.from === 'console' ? iso(row?.credentials_set_at ?? null) : null,
    Competition:
      row?.competition_id != null
        ? {
            CompetitionID: row.competition_id,
            Name: row.competition_name ?? row.competition_id,
            SeasonID: row.season_id,
            SeasonName: season?.name ?? null,
          }
        : null,
    Sync: row?.sync_enabled ?? false,
    ScheduleMinutes: Math.round((row?.schedule_interval_s ?? 3600) / 60),
    LiveSeconds: row?.live_interval_s ?? 20,
    LineupMinutes: Math.round((row?.lineup_lead_s ?? 3600) / 60),
    DailyCallBudget: row?.daily_budget ?? null,
    CallsToday: usage.calls,
    RemainingToday: usage.remaining,
    LastSync:
      row?.last_sync_at && row.last_sync_outcome
        ? { At: iso(row.last_sync_at)!, Outcome: row.last_sync_outcome, Message: row.last_sync_message }
        : null,
    NextScheduleAt: row?.sync_enabled ? iso(row.next_schedule_at) : null,
  };
}

export async function vendorStatuses(db: Kysely<DB>, config: Config): Promise<VendorStatusBody[]> {
  return Promise.all((Object.keys(VENDORS) as KnownVendor[]).map((v) => vendorStatus(db, config, v)));
}

/** A vendor's failure as the console's 400, in the client's redacted words. */
function vendorFailure(vendor: KnownVendor, e: unknown): never {
  if (e instanceof VendorError) {
    const title = VENDORS[vendor].title;
    throw new HttpError(
      400,
      e.kind === 'auth' ? vendorMessages.refused(title) : vendorMessages.vendorFailed(title, e.message),
    );
  }
  throw e;
}

/** The provider of a vendor with credentials, or 400. */
function configuredProvider(
  db: Kysely<DB>,
  config: Config,
  vendor: KnownVendor,
  row: ConnectionRow | undefined,
  options: ProviderOptions,
) {
  const provider = providerFor(db, config, vendor, row, options);
  if (!provider) throw new HttpError(400, vendorMessages.notConfigured(VENDORS[vendor].title));
  return provider;
}

/**
 * Stores an operator's credentials once the vendor accepted them (one call: its competitions). The
 * audit entry records that they were set, never them.
 */
export async function setVendorCredentials(
  db: Kysely<DB>,
  config: Config,
  actor: Actor,
  vendor: KnownVendor,
  body: CredentialsRequest,
  options: ProviderOptions = {},
): Promise<VendorStatusBody> {
  const entry = VENDORS[vendor];
  const credentials: Credentials = {};
  for (const [field, value] of Object.entries(body)) {
    if (!entry.fields.includes(field as (typeof entry.fields)[number]))
      throw new HttpError(400, vendorMessages.notItsField(entry.title, field));
    if (typeof value === 'string') credentials[field] = value.trim();
  }
  for (const f of entry.fields) {
    if (!credentials[f]) throw new HttpError(400, vendorMessages.missingField(entry.title, f));
  }
  const row = await connectionRow(db, vendor);
  const candidate = { ...row, credentials };
  const provider = providerFor(db, config, vendor, candidate, { ...options, retries: 0 })!;
  try {
    await provider.competitions();
  } catch (e) {
    if (e instanceof VendorError && e.kind === 'auth') throw new HttpError(400, vendorMessages.refused(entry.title));
    if (e instanceof VendorError) throw new HttpError(400, vendorMessages.unreachable(entry.title, e.message));
    throw e;
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('vendor_connections')
      .set({ credentials: JSON.stringify(credentials), credentials_set_at: new Date(), updated_at: new Date() })
      .where('vendor', '=', vendor)
      .execute();
    await recordAudit(trx, actor, {
      action: 'vendor.credentials.set',
      target: entry.title,
      before: { CredentialsFrom: credentialsOf(entry, row, config)?.from ?? null },
      after: { CredentialsFrom: 'console', Fields: [...entry.fields] },
    });
  });
  return vendorStatus(db, config, vendor);
}

/** Forgets an operator's credentials (audited); the environment's are used again, if set. */
export async function clearVendorCredentials(
  db: Kysely<DB>,
  config: Config,
  actor: Actor,
  vendor: KnownVendor,
): Promise<VendorStatusBody> {
  const entry = VENDORS[vendor];
  const row = await connectionRow(db, vendor);
  if (row.credentials !== null) {
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('vendor_connections')
        .set({ credentials: null, credentials_set_at: null, updated_at: new Date() })
        .where('vendor', '=', vendor)
        .execute();
      await recordAudit(trx, actor, {
        action: 'vendor.credentials.clear',
        target: entry.title,
        before: { CredentialsFrom: 'console' },
        after: { CredentialsFrom: entry.fromEnv(config) ? 'environment' : null },
      });
    });
  }
  return vendorStatus(db, config, vendor);
}

export async function setVendorSettings(
  db: Kysely<DB>,
  config: Config,
  actor: Actor,
  vendor: KnownVendor,
  body: SettingsRequest,
): Promise<VendorStatusBody> {
  const entry = VENDORS[vendor];
  const row = await connectionRow(db, vendor);
  const before = settingsOf(row);
  const values = {
    sync_enabled: body.Sync,
    schedule_interval_s: body.ScheduleMinutes * 60,
    live_interval_s: body.LiveSeconds,
    lineup_lead_s: body.LineupMinutes * 60,
    daily_budget: body.DailyCallBudget,
  };
  const after = settingsOf({ ...row, ...values });
  if (JSON.stringify(before) !== JSON.stringify(after)) {
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('vendor_connections')
        .set({ ...values, updated_at: new Date() })
        .where('vendor', '=', vendor)
        .execute();
      await recordAudit(trx, actor, { action: 'vendor.settings', target: entry.title, before, after });
    });
  }
  return vendorStatus(db, config, vendor);
}

function settingsOf(row: ConnectionRow) {
  return {
    Sync: row.sync_enabled,
    ScheduleMinutes: Math.round(row.schedule_interval_s / 60),
    LiveSeconds: row.live_interval_s,
    LineupMinutes: Math.round(row.lineup_lead_s / 60),
    DailyCallBudget: row.daily_budget,
  };
}

const competitionBody = (c: { id: string; name: string; season: string; format: string | null }) => ({
  CompetitionID: c.id,
  Name: c.name,
  Season: c.season,
  Format: c.format,
});

export async function vendorCompetitions(
  db: Kysely<DB>,
  config: Config,
  vendor: KnownVendor,
  options: ProviderOptions = {},
): Promise<VendorCompetitionBody[]> {
  const row = await db.selectFrom('vendor_connections').selectAll().where('vendor', '=', vendor).executeTakeFirst();
  const provider = configuredProvider(db, config, vendor, row, options);
  try {
    return (await provider.competitions()).map(competitionBody);
  } catch (e) {
    return vendorFailure(vendor, e);
  }
}

/** Thrown inside the transaction to roll it back (a preview, or refused rows). */
class Rollback extends Error {}

/**
 * Previews or applies a vendor's competition: its schedule and squads through the file writers in one
 * transaction (rolled back for a preview, or when a row cannot be taken), the vendor's ids remembered,
 * two import runs and an audit entry, and the connection set to sync it.
 */
export async function importVendorCompetition(
  db: Kysely<DB>,
  config: Config,
  actor: Actor,
  vendor: KnownVendor,
  competitionId: string,
  apply: boolean,
  options: ProviderOptions = {},
): Promise<VendorCompetitionReportBody> {
  const startedAt = new Date();
  const entry = VENDORS[vendor];
  const row = await connectionRow(db, vendor);
  const provider = configuredProvider(db, config, vendor, row, options);
  let data: CompetitionData;
  try {
    const competition = (await provider.competitions()).find((c) => c.id === competitionId);
    if (!competition) throw new HttpError(400, vendorMessages.noCompetition(entry.title, competitionId));
    data = {
      competition,
      fixtures: await provider.schedule(competitionId),
      squads: await provider.squads(competitionId),
    };
  } catch (e) {
    return vendorFailure(vendor, e);
  }
  const records = await competitionRecords(db, vendor, data, seasonOfCompetition(data.competition));
  const source = `${entry.title}: ${data.competition.name} ${data.competition.season} (competition ${competitionId})`;
  const known = await db.selectFrom('seasons').select('id').where('name', '=', records.season).executeTakeFirst();
  const message = known ? null : `Season ${records.season} does not exist yet: applying creates it.`;

  let schedule: ImportLine[] = [];
  let squads: ImportLine[] = [];
  let runs: { schedule: number; squads: number } | null = null;
  try {
    await db.transaction().execute(async (trx) => {
      const scheduleLines = await writeScheduleRecords(trx, records.schedule, { seasonSource: entry.name });
      const squadLines = await writeSquadRecords(trx, records.squads, { seasonSource: entry.name });
      schedule = scheduleLines.map(toLine);
      squads = squadLines.map(toLine);
      if (!apply || schedule.some(isBad) || squads.some(isBad)) throw new Rollback();
      await rememberVendorIds(trx, vendor, data, records, { schedule: scheduleLines, squads: squadLines });
      const season = await trx
        .selectFrom('seasons')
        .select('id')
        .where('name', '=', records.season)
        .executeTakeFirstOrThrow();
      const record = (kind: 'schedule' | 'squads', lines: ImportLine[]) =>
        recordImportRun(trx, {
          kind,
          trigger: 'console',
          source,
          actor,
          outcome: 'succeeded',
          counts: countLines(lines),
          message,
          lines,
          startedAt,
        });
      runs = { schedule: await record('schedule', schedule), squads: await record('squads', squads) };
      const now = new Date();
      await trx
        .updateTable('vendor_connections')
        .set({
          competition_id: competitionId,
          competition_name: `${data.competition.name} ${data.competition.season}`,
          season_id: season.id,
          sync_enabled: true,
          next_schedule_at: new Date(now.getTime() + row.schedule_interval_s * 1000),
          updated_at: now,
        })
        .where('vendor', '=', vendor)
        .execute();
      await recordAudit(trx, actor, {
        action: 'vendor.apply',
        target: `season ${season.id} (${records.season})`,
        before: row.competition_id ? { CompetitionID: row.competition_id, SeasonID: row.season_id } : null,
        after: {
          Vendor: entry.title,
          CompetitionID: competitionId,
          ImportRunIDs: [runs.schedule, runs.squads],
          Schedule: countLines(schedule),
          Squads: countLines(squads),
        },
      });
    });
  } catch (e) {
    if (!(e instanceof Rollback)) {
      if (e instanceof HttpError) throw e;
      throw new HttpError(
        400,
        `${apply ? 'Nothing was applied' : 'The competition cannot be previewed'}: ${(e as Error).message}`,
      );
    }
  }
  const bad = [...schedule, ...squads].filter(isBad);
  if (apply && bad.length) throw new HttpError(400, vendorMessages.refusedRows(bad.length, bad[0]!));
  const applied = runs as { schedule: number; squads: number } | null;
  const report = async (kind: 'schedule' | 'squads', lines: ImportLine[]): Promise<ImportReportBody> => {
    if (applied) return importRunReport(db, applied[kind]);
    // Rolled back: a fixture the preview would create has no id.
    const shown = lines.map((l) => (l.status === 'new' && kind === 'schedule' ? { ...l, fixtureId: null } : l));
    return previewReport(kind, source, actor, startedAt, shown, countLines(shown), message);
  };
  return {
    Competition: competitionBody(data.competition),
    SeasonName: records.season,
    Schedule: await report('schedule', schedule),
    Squads: await report('squads', squads),
  };
}
