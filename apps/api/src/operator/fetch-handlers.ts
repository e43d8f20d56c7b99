import type { PartialHandlerMap } from '../http/contract';
import { notYet } from './placeholder';

type FetchOps = 'getFetchStatus' | 'runCricsheetFetch';

/** Operator operations: the scheduled Cricsheet fetch. */
export const fetchHandlers: PartialHandlerMap<FetchOps> = {
  getFetchStatus: notYet,
  runCricsheetFetch: notYet,
};
