import type { PartialHandlerMap } from '../http/contract';
import { requireOperator } from './access';
import { previewScorecard, saveScorecard, scorecardSheet } from './scorecards';

type ScorecardOps = 'getFixtureScorecard' | 'previewFixtureScorecard' | 'saveFixtureScorecard';

/** Operator operations: a fixture's scorecard typed in the console (operator/scorecards.ts). */
export const scorecardHandlers: PartialHandlerMap<ScorecardOps> = {
  async getFixtureScorecard({ params, session, deps }) {
    await requireOperator(deps.db, session);
    return { status: 200, body: await scorecardSheet(deps.db, params.fixtureId) };
  },

  async previewFixtureScorecard({ params, body, session, deps }) {
    const actor = await requireOperator(deps.db, session);
    return { status: 200, body: await previewScorecard(deps.db, actor, params.fixtureId, body) };
  },

  async saveFixtureScorecard({ params, body, session, deps }) {
    const actor = await requireOperator(deps.db, session);
    return { status: 200, body: await saveScorecard(deps.db, actor, params.fixtureId, body) };
  },
};
