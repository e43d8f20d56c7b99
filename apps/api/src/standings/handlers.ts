import { Readable } from 'node:stream';
import { messages } from '@fantasy-cricket/rules';
import type { FastifyReply } from 'fastify';
import type { PartialHandlerMap } from '../http/contract';
import { HttpError } from '../http/errors';
import { me } from '../http/me';
import { detailsTarget, readableStandings } from './access';
import { leaderboardBytes } from './cache';
import { contestWidgets } from './contests';
import {
  leagueFixture,
  pastPlayerSelections,
  pastSelections,
  playerScoringDetails,
  progression,
  standingsData,
} from './standings';

type StandingsOps =
  | 'getLeaderboard'
  | 'getPlayerSelectionLeaderboard'
  | 'getPointsProgression'
  | 'getContestStandings'
  | 'listPastSelections'
  | 'listPastPlayerSelections'
  | 'listPlayerScoringDetails';

/**
 * Answers with JSON bytes built ahead (./cache.ts writes exactly the contract's LeaderboardRow fields),
 * given as slices: Fastify sends a Buffer or a stream as is, without running the response serialiser
 * again; the length is known, so the slices go out without a copy and without chunked encoding.
 */
function rawJson(reply: FastifyReply, chunks: Buffer[]): never {
  reply.type('application/json; charset=utf-8');
  if (chunks.length === 1) return chunks[0] as never;
  const length = chunks.reduce((n, c) => n + c.length, 0);
  // Copying a small board costs less than a stream; a large one is sent as slices of the shared bytes.
  if (length <= 64 * 1024) return Buffer.concat(chunks, length) as never;
  reply.header('content-length', length);
  return Readable.from(chunks, { objectMode: false }) as never;
}

/**
 * Thin handlers over ./standings, ./contests and ./cache (the leaderboards). Access: Approved members and the admin (403 otherwise,
 * 404 for an unknown league); the type-specific operations answer 400 on a league of the other type.
 * The three POST operations may name another member (`x-other-user-fields: [UserID]`): ./access decides.
 */
export const standingsHandlers: PartialHandlerMap<StandingsOps> = {
  async getLeaderboard({ params, session, deps, reply }) {
    const bytes = await leaderboardBytes(deps.db, params.leagueId, me(session), 'MP');
    return { status: 200, body: rawJson(reply, bytes) };
  },

  async getPlayerSelectionLeaderboard({ params, session, deps, reply }) {
    const bytes = await leaderboardBytes(deps.db, params.leagueId, me(session), 'PS');
    return { status: 200, body: rawJson(reply, bytes) };
  },

  async getPointsProgression({ params, session, deps }) {
    const userId = me(session);
    const league = await readableStandings(deps.db, params.leagueId, userId);
    const data = await standingsData(deps.db, league, new Date());
    return { status: 200, body: progression(league, data, userId) };
  },

  async getContestStandings({ params, session, deps }) {
    const userId = me(session);
    const league = await readableStandings(deps.db, params.leagueId, userId);
    const now = new Date();
    const data = await standingsData(deps.db, league, now);
    return { status: 200, body: await contestWidgets(deps.db, league, data, now) };
  },

  async listPastSelections({ body, session, deps }) {
    const userId = me(session);
    const league = await readableStandings(deps.db, body.LeagueID, userId, 'MP');
    const name = await detailsTarget(deps.db, league, userId, body.UserID);
    return { status: 200, body: await pastSelections(deps.db, league, body.UserID, name, new Date()) };
  },

  async listPastPlayerSelections({ body, session, deps }) {
    const userId = me(session);
    const league = await readableStandings(deps.db, body.LeagueID, userId, 'PS');
    const name = await detailsTarget(deps.db, league, userId, body.UserID);
    return { status: 200, body: await pastPlayerSelections(deps.db, league, body.UserID, name, new Date()) };
  },

  async listPlayerScoringDetails({ body, session, deps }) {
    const userId = me(session);
    const league = await readableStandings(deps.db, body.LeagueID, userId, 'PS');
    const name = await detailsTarget(deps.db, league, userId, body.UserID);
    const fixture = await leagueFixture(deps.db, league.id, body.FixtureID);
    if (!fixture) throw new HttpError(404, messages.standingsApi.fixtureNotFound);
    const rows = await playerScoringDetails(deps.db, league, body.UserID, name, fixture, body.PlayerID, new Date());
    return { status: 200, body: rows };
  },
};
