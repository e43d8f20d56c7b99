import type { PartialHandlerMap } from '../http/contract';
import { notYet } from './placeholder';

type ImportOps =
  | 'listOperatorFixtures'
  | 'importScheduleFile'
  | 'importSquadsFile'
  | 'uploadCricsheetResults'
  | 'setFixtureResult'
  | 'listImportRuns'
  | 'getImportRun';

/** Operator operations: schedule, squads and results imports, fixture results, import history. */
export const importsHandlers: PartialHandlerMap<ImportOps> = {
  listOperatorFixtures: notYet,
  importScheduleFile: notYet,
  importSquadsFile: notYet,
  uploadCricsheetResults: notYet,
  setFixtureResult: notYet,
  listImportRuns: notYet,
  getImportRun: notYet,
};
