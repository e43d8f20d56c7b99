import type { PartialHandlerMap } from '../http/contract';
import { requireOperator } from './access';
import { dataHealth } from './health';
import { auditPage, grantOperator, listOperators, operatorRules, revokeOperator } from './operators';
import { createSeason, listSeasons, setSeasonActive } from './seasons';

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
  async listOperators({ session, deps }) {
    await requireOperator(deps.db, session);
    return { status: 200, body: await listOperators(deps.db) };
  },

  async grantOperator({ body, session, deps }) {
    const actor = await requireOperator(deps.db, session);
    const { operator } = await grantOperator(deps.db, actor, body.Email);
    return { status: 200, body: operator };
  },

  async revokeOperator({ body, session, deps }) {
    const actor = await requireOperator(deps.db, session);
    const revoked = await revokeOperator(deps.db, actor, body.Email);
    return { status: 200, body: { message: operatorRules.revoked(revoked.Email) } };
  },

  async listAuditLog({ query, session, deps }) {
    await requireOperator(deps.db, session);
    return { status: 200, body: await auditPage(deps.db, { before: query.before, limit: query.limit }) };
  },

  async listOperatorSeasons({ session, deps }) {
    await requireOperator(deps.db, session);
    return { status: 200, body: await listSeasons(deps.db) };
  },

  async createSeason({ body, session, deps }) {
    const actor = await requireOperator(deps.db, session);
    return { status: 201, body: await createSeason(deps.db, actor, body) };
  },

  async setSeasonActive({ params, body, session, deps }) {
    const actor = await requireOperator(deps.db, session);
    const { season } = await setSeasonActive(deps.db, actor, params.seasonId, body.Active);
    return { status: 200, body: season };
  },

  async getDataHealth({ query, session, deps }) {
    await requireOperator(deps.db, session);
    return { status: 200, body: await dataHealth(deps.db, { hours: query.hours }) };
  },
};
