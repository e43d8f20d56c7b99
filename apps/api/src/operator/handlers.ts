import type { PartialHandlerMap } from '../http/contract';
import { me } from '../http/me';
import { isOperator } from './access';
import { fetchHandlers } from './fetch-handlers';
import { importsHandlers } from './imports-handlers';
import { opsHandlers } from './ops-handlers';
import { scorecardHandlers } from './scorecard-handlers';

/** The operator console's operations (tag `operator` in openapi.yaml), one file per area. */
export const operatorHandlers: PartialHandlerMap<'getOperatorStatus'> &
  typeof opsHandlers &
  typeof importsHandlers &
  typeof fetchHandlers &
  typeof scorecardHandlers = {
  async getOperatorStatus({ session, deps }) {
    return { status: 200, body: { Operator: await isOperator(deps.db, me(session)) } };
  },
  ...opsHandlers,
  ...importsHandlers,
  ...fetchHandlers,
  ...scorecardHandlers,
};
