import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { HttpError } from '../http/errors';
import type { SessionInfo } from '../http/session';
import { requireOperator } from './access';

// INTEGRATION PLACEHOLDER (issue 18 in progress, never merged to main): each helper branch replaces
// its operations' `notYet`; the final merge deletes this file.
export const notYet = async ({
  session,
  deps,
}: {
  session: SessionInfo | null;
  deps: { db: Kysely<DB> };
}): Promise<never> => {
  await requireOperator(deps.db, session);
  throw new HttpError(400, 'Not built yet.');
};
