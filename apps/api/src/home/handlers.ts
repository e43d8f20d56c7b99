import type { PartialHandlerMap } from '../http/contract';
import { me } from '../http/me';
import { homeSummary } from './summary';

/** Home's summary of the signed-in player: their own leagues only (no user id in the request). */
export const homeHandlers: PartialHandlerMap<'getHomeSummary'> = {
  async getHomeSummary({ session, deps }) {
    return { status: 200, body: await homeSummary(deps.db, me(session)) };
  },
};
