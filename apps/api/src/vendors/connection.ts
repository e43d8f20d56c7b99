import { createHash } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Config } from '../config';
import type { DB, VendorConnectionsTable } from '../db/schema';
import { EntitySportProvider } from './entitysport/provider';
import { databaseCallCounter, type VendorCallLog, type VendorUsage } from './http';
import type { VendorName, VendorProvider } from './provider';

/**
 * A vendor's connection: where its credentials come from (an operator's, stored on the server, or the
 * environment's), the competition chosen, the sync's settings, and the provider built from them. The
 * credentials never leave this file but to build the provider: no operation returns them, no log,
 * audit entry or import run holds them (the provider's client redacts them from its own messages).
 * A vendor joins by one entry in VENDORS. Decision: docs/decisions/0045-vendor-sync.md.
 */

export type ConnectionRow = Selectable<VendorConnectionsTable>;

/** The credentials a vendor needs, by field. */
export type Credentials = Record<string, string>;

export interface VendorEntry {
  name: VendorName;
  /** How the console names it. */
  title: string;
  /** The credential fields an operator enters (the request's field names). */
  fields: readonly ('AccessKey' | 'SecretKey' | 'ApiToken')[];
  /** The environment's credentials, when every field is set there. */
  fromEnv(config: Config): Credentials | null;
  baseUrl(config: Config): string;
  create(options: {
    credentials: Credentials;
    baseUrl: string;
    db: Kysely<DB>;
    dailyCallBudget: number | null;
    log?: (entry: VendorCallLog) => void;
    fetch?: typeof fetch;
    retries?: number;
  }): VendorProvider & { http: { usage(): Promise<VendorUsage> } };
}

export const VENDORS: Record<'entitysport', VendorEntry> = {
  entitysport: {
    name: 'entitysport',
    title: 'Entity Sport',
    fields: ['AccessKey', 'SecretKey'],
    fromEnv: (config) => {
      const es = config.entitySport;
      return es.accessKey && es.secretKey ? { AccessKey: es.accessKey, SecretKey: es.secretKey } : null;
    },
    baseUrl: (config) => config.entitySport.baseUrl,
    create: (o) =>
      new EntitySportProvider({
        accessKey: o.credentials.AccessKey ?? '',
        secretKey: o.credentials.SecretKey ?? '',
        baseUrl: o.baseUrl,
        calls: databaseCallCounter(o.db),
        dailyCallBudget: o.dailyCallBudget,
        ...(o.log ? { log: o.log } : {}),
        ...(o.fetch ? { fetch: o.fetch } : {}),
        ...(o.retries !== undefined ? { retries: o.retries } : {}),
      }),
  },
};

export type KnownVendor = keyof typeof VENDORS;

export function vendorEntry(vendor: string): VendorEntry | undefined {
  return Object.hasOwn(VENDORS, vendor) ? VENDORS[vendor as KnownVendor] : undefined;
}

/** The vendor's connection row, created (empty) on first use. */
export async function connectionRow(db: Kysely<DB>, vendor: KnownVendor): Promise<ConnectionRow> {
  await db
    .insertInto('vendor_connections')
    .values({ vendor })
    .onConflict((oc) => oc.column('vendor').doNothing())
    .execute();
  return db.selectFrom('vendor_connections').selectAll().where('vendor', '=', vendor).executeTakeFirstOrThrow();
}

const parseJson = (v: unknown) => (typeof v === 'string' ? (JSON.parse(v) as unknown) : v);

/** Where the credentials in use come from: an operator's (the console) win over the environment's. */
export function credentialsOf(
  entry: VendorEntry,
  row: ConnectionRow | undefined,
  config: Config,
): { credentials: Credentials; from: 'console' | 'environment' } | null {
  const stored = row?.credentials ? (parseJson(row.credentials) as Credentials) : null;
  if (stored && entry.fields.every((f) => typeof stored[f] === 'string' && stored[f] !== '')) {
    return { credentials: stored, from: 'console' };
  }
  const env = entry.fromEnv(config);
  return env ? { credentials: env, from: 'environment' } : null;
}

export interface ProviderOptions {
  log?: { debug(obj: unknown, msg?: string): void };
  /** Tests: a fetch of their own, no retries. */
  fetch?: typeof fetch;
  retries?: number;
}

/**
 * Providers kept per database and per (vendor, credentials, base URL, budget): a provider keeps its
 * token and its answers' validators for conditional requests, so one process reuses it between
 * calls. The key holds a digest of the credentials, never the credentials.
 */
const providers = new WeakMap<Kysely<DB>, Map<string, VendorProvider & { http: { usage(): Promise<VendorUsage> } }>>();

export function providerFor(
  db: Kysely<DB>,
  config: Config,
  vendor: KnownVendor,
  row: ConnectionRow | undefined,
  options: ProviderOptions = {},
): (VendorProvider & { http: { usage(): Promise<VendorUsage> } }) | null {
  const entry = VENDORS[vendor];
  const creds = credentialsOf(entry, row, config);
  if (!creds) return null;
  const baseUrl = entry.baseUrl(config);
  const budget = row?.daily_budget ?? null;
  const digest = createHash('sha256')
    .update(JSON.stringify([vendor, creds.credentials, baseUrl, budget, options.retries ?? null]))
    .digest('hex');
  let byKey = providers.get(db);
  if (!byKey) {
    byKey = new Map();
    providers.set(db, byKey);
  }
  let provider = byKey.get(digest);
  if (!provider) {
    const log = options.log;
    provider = entry.create({
      credentials: creds.credentials,
      baseUrl,
      db,
      dailyCallBudget: budget,
      ...(log ? { log: (e: VendorCallLog) => log.debug({ vendorCall: e }, 'vendor call') } : {}),
      ...(options.fetch ? { fetch: options.fetch } : {}),
      ...(options.retries !== undefined ? { retries: options.retries } : {}),
    });
    byKey.set(digest, provider);
  }
  return provider;
}

/** The calls of the day so far for a vendor, and what remains of the budget (without calling it). */
export async function usageOf(db: Kysely<DB>, vendor: string, budget: number | null, now = new Date()) {
  const day = now.toISOString().slice(0, 10);
  const row = await db
    .selectFrom('vendor_calls')
    .select('calls')
    .where('vendor', '=', vendor)
    .where('day', '=', day)
    .executeTakeFirst();
  const calls = row?.calls ?? 0;
  return { day, calls, budget, remaining: budget === null ? null : Math.max(0, budget - calls) };
}
