import type { PartialHandlerMap } from '../http/contract';
import { notYet } from './placeholder';

type OpsOps =
  | 'listOperators'
  | 'grantOperator'
  | 'revokeOperator'
  | 'listAuditLog'
  | 'listOperatorSeasons'
  | 'createSeason'
  | 'setSeasonActive'
  | 'getDataHealth';

/** Operator operations: operators, audit log, seasons, data health (docs/decisions/0025-operator-console.md). */
export const opsHandlers: PartialHandlerMap<OpsOps> = {
  listOperators: notYet,
  grantOperator: notYet,
  revokeOperator: notYet,
  listAuditLog: notYet,
  listOperatorSeasons: notYet,
  createSeason: notYet,
  setSeasonActive: notYet,
  getDataHealth: notYet,
};
