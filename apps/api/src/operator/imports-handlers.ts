import type { PartialHandlerMap } from '../http/contract';
import { requireOperator } from './access';
import { importDataFile } from './data-files';
import { importRunPage, importRunReport } from './reports';
import { operatorFixturePrices, setPlayerPrice } from './prices';
import { operatorFixtures, setFixtureResult, uploadCricsheetResults } from './results';

type ImportOps =
  | 'listOperatorFixtures'
  | 'importScheduleFile'
  | 'importSquadsFile'
  | 'uploadCricsheetResults'
  | 'setFixtureResult'
  | 'listFixturePrices'
  | 'setFixturePrice'
  | 'listImportRuns'
  | 'getImportRun';

/** Operator operations: schedule, squads and results imports, fixture results, import history. */
export const importsHandlers: PartialHandlerMap<ImportOps> = {
  async listOperatorFixtures({ query, session, deps }) {
    await requireOperator(deps.db, session);
    return { status: 200, body: await operatorFixtures(deps.db, query.seasonId) };
  },

  async importScheduleFile({ body, session, deps }) {
    const actor = await requireOperator(deps.db, session);
    return {
      status: 200,
      body: await importDataFile(deps.db, actor, 'schedule', body.File, body.Apply, deps.config.fileLimits),
    };
  },

  async importSquadsFile({ body, session, deps }) {
    const actor = await requireOperator(deps.db, session);
    return {
      status: 200,
      body: await importDataFile(deps.db, actor, 'squads', body.File, body.Apply, deps.config.fileLimits),
    };
  },

  async uploadCricsheetResults({ body, session, deps }) {
    const actor = await requireOperator(deps.db, session);
    return {
      status: 200,
      body: await uploadCricsheetResults(deps.db, actor, body.Files, body.Prefer, deps.config.fileLimits),
    };
  },

  async setFixtureResult({ params, body, session, deps }) {
    const actor = await requireOperator(deps.db, session);
    return { status: 200, body: await setFixtureResult(deps.db, actor, params.fixtureId, body) };
  },

  async listFixturePrices({ params, session, deps }) {
    await requireOperator(deps.db, session);
    return { status: 200, body: await operatorFixturePrices(deps.db, params.fixtureId) };
  },

  async setFixturePrice({ params, body, session, deps }) {
    const actor = await requireOperator(deps.db, session);
    return { status: 200, body: await setPlayerPrice(deps.db, actor, params.fixtureId, body.PlayerID, body.Price) };
  },

  async listImportRuns({ query, session, deps }) {
    await requireOperator(deps.db, session);
    return { status: 200, body: await importRunPage(deps.db, { before: query.before, limit: query.limit }) };
  },

  async getImportRun({ params, session, deps }) {
    await requireOperator(deps.db, session);
    return { status: 200, body: await importRunReport(deps.db, params.importRunId) };
  },
};
