import type { Kysely } from 'kysely';
import { updatePlannerStatistics } from '../../db/maintenance';
import type { DB } from '../../db/schema';
import { refreshStandingsPoints } from '../../standings/materialize';

/**
 * After results were imported and committed: computes the standings points of every league covering
 * the fixtures ahead of the readers (`refreshStandingsPoints`), and on PGlite refreshes the planner
 * statistics of the tables that grew. Failures are reported, not thrown: the import itself succeeded.
 */
export async function afterResultsImported(
  db: Kysely<DB>,
  fixtureIds: readonly number[],
  options: { onWarning?: ((message: string, err: unknown) => void) | undefined } = {},
): Promise<void> {
  const warn =
    options.onWarning ??
    ((message: string, err: unknown) => console.error(`${message}: ${(err as Error)?.message ?? String(err)}`));
  try {
    await refreshStandingsPoints(db, fixtureIds);
  } catch (err) {
    warn('standings points not refreshed after the import (they are computed on the next read)', err);
  }
  try {
    await updatePlannerStatistics(db);
  } catch (err) {
    warn('planner statistics not updated after the import', err);
  }
}
