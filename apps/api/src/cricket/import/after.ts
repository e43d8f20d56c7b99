import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { settleResults } from '../../results/pipeline';

/**
 * What follows a committed result, for a writer that opened its transaction without
 * `recordResults`: live/ingest.ts's `completeLive` alone. It runs the pipeline's `committed`
 * subscribers (results/pipeline.ts). Delete this file when `completeLive` records its final through
 * `recordResults` (docs/decisions/0038-results-pipeline.md, "Live completion").
 */
export async function afterResultsImported(
  db: Kysely<DB>,
  fixtureIds: readonly number[],
  options: { onWarning?: ((message: string, err: unknown) => void) | undefined } = {},
): Promise<void> {
  await settleResults(db, { source: 'live', fixtureIds }, options);
}
