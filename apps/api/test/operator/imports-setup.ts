import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { ConfigOverrides } from '../../src/config';
import { IPL_2024_DIR } from '../cricket/builder';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../helpers';

/** Shared by the operator imports tests: an app with an operator and an ordinary user, real IPL 2024 files. */

export const IPL_DIR = IPL_2024_DIR;

/** Matches 1–4 of IPL 2024 (RCB v CSK, DC v PBKS, KKR v SRH, RR v LSG). */
export const MATCHES = ['1422119', '1422120', '1422121', '1422122'] as const;

export const matchBytes = (id: string) => readFileSync(join(IPL_DIR, `${id}.json`));
/** A match file as a loosely typed object, for tests that edit it. */
export interface MatchFile {
  innings: { overs: { deliveries: { runs?: { batter: number; extras: number; total: number } }[] }[] }[];
  [key: string]: unknown;
}
export const matchJson = (id: string) => JSON.parse(matchBytes(id).toString('utf8')) as MatchFile;

export const b64 = (content: string | Uint8Array) =>
  Buffer.from(typeof content === 'string' ? Buffer.from(content, 'utf8') : content).toString('base64');

export const upload = (FileName: string, content: string | Uint8Array) => ({ FileName, ContentBase64: b64(content) });

export interface ImportsWorld {
  t: TestApp;
  op: SignedIn;
  user: SignedIn;
}

export async function startImportsWorld(overrides: ConfigOverrides = {}): Promise<ImportsWorld> {
  const t = await startTestApp(overrides);
  const op = await signUp(t, undefined, { first: 'Olive', last: 'Operator' });
  const user = await signUp(t, undefined, { first: 'Uma', last: 'User' });
  await t.db
    .insertInto('operators')
    .values({ user_id: op.userId, granted_by: null, granted_by_label: 'cli (test)' })
    .execute();
  return { t, op, user };
}

/** Row counts of every table an import may write, to prove that something wrote nothing. */
export async function writeCounts(t: TestApp): Promise<Record<string, number>> {
  const tables = [
    'seasons',
    'stages',
    'teams',
    'players',
    'squads',
    'fixtures',
    'fixture_results',
    'fixture_player_of_match',
    'player_fixture_stats',
    'cricsheet_imports',
    'fixture_feature_winners',
    'player_fixture_feature_counts',
    'import_runs',
    'import_run_lines',
    'audit_log',
  ];
  const out: Record<string, number> = {};
  for (const table of tables) {
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(t.db);
    out[table] = rows[0]!.n;
  }
  const { rows } = await sql<{ d: string | null }>`
    SELECT md5(string_agg(concat_ws(',', id, start_time, local_team_id, visitor_team_id, venue, status), '|' ORDER BY id)) AS d
    FROM fixtures`.execute(t.db);
  out[`fixtures digest ${rows[0]!.d}`] = 1;
  return out;
}

/** A fixture's scoring outcome (feature winners and stat counts), to see a re-score. */
export async function scoring(t: TestApp, fixtureId: number): Promise<string> {
  const { rows } = await sql<{ k: string }>`
    SELECT 'w:' || feature_id || ':' || entity_type || ':' || entity_id AS k FROM fixture_feature_winners WHERE fixture_id = ${fixtureId}
    UNION ALL
    SELECT 'c:' || player_id || ':' || feature_id || ':' || count FROM player_fixture_feature_counts WHERE fixture_id = ${fixtureId}
    ORDER BY 1`.execute(t.db);
  return rows.map((r) => r.k).join(' ');
}
