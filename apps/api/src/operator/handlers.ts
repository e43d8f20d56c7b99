import type { PartialHandlerMap } from '../http/contract';
import { HttpError } from '../http/errors';
import { me } from '../http/me';
import { isOperator, requireOperator } from './access';

type OperatorOps =
  | 'getOperatorStatus'
  | 'listOperators'
  | 'grantOperator'
  | 'revokeOperator'
  | 'listAuditLog'
  | 'listOperatorSeasons'
  | 'createSeason'
  | 'setSeasonActive'
  | 'listOperatorFixtures'
  | 'importScheduleFile'
  | 'importSquadsFile'
  | 'uploadCricsheetResults'
  | 'setFixtureResult'
  | 'listImportRuns'
  | 'getImportRun'
  | 'getDataHealth'
  | 'getFetchStatus'
  | 'runCricsheetFetch';

// INTEGRATION PLACEHOLDER (issue 18 in progress, never merged to a release): each helper branch
// replaces its operations' bodies; the final merge leaves none of these.
const notYet = async ({
  session,
  deps,
}: {
  session: Parameters<typeof requireOperator>[1];
  deps: { db: Parameters<typeof requireOperator>[0] };
}): Promise<never> => {
  await requireOperator(deps.db, session);
  throw new HttpError(400, 'Not built yet.');
};

export const operatorHandlers: PartialHandlerMap<OperatorOps> = {
  async getOperatorStatus({ session, deps }) {
    return { status: 200, body: { Operator: await isOperator(deps.db, me(session)) } };
  },
  listOperators: notYet,
  grantOperator: notYet,
  revokeOperator: notYet,
  listAuditLog: notYet,
  listOperatorSeasons: notYet,
  createSeason: notYet,
  setSeasonActive: notYet,
  listOperatorFixtures: notYet,
  importScheduleFile: notYet,
  importSquadsFile: notYet,
  uploadCricsheetResults: notYet,
  setFixtureResult: notYet,
  listImportRuns: notYet,
  getImportRun: notYet,
  getDataHealth: notYet,
  getFetchStatus: notYet,
  runCricsheetFetch: notYet,
};
