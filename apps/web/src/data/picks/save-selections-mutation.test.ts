import { MutationObserver, QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { apiError, custom, jsonResponse, mockApi, reply } from '../../test/api';
import { standingsKeys } from '../standings/keys';
import { picksKeys } from './keys';
import {
  SaveSelectionsError,
  type SaveSelectionsVariables,
  saveSelectionsMutationOptions,
} from './save-selections-mutation';

const NOW = '2026-04-10T12:00:00.000Z';
const grid = { UserID: 7, LeagueID: 1, FixtureID: 30 };
const item = { UserID: 7, LeagueID: 1, FixtureID: 30, LeagueFeatureID: 11, IsActive: true, TeamID: 1 };
const save = (startTime = '2026-04-11T10:00:00.000Z'): SaveSelectionsVariables => ({
  playerSelection: false,
  copyToOtherLeagues: false,
  selection: [item],
  fixtures: [{ StartTime: startTime, FixtureDisplayName: 'Match 3' }],
  grid,
});

/** A client with the grid on screen (an observed query) and another league's standings in the cache. */
function client(gridRead: () => unknown) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const observer = new QueryObserver(qc, {
    queryKey: picksKeys.matchPrediction(grid),
    queryFn: async () => gridRead(),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const stop = observer.subscribe(() => {});
  qc.setQueryData(standingsKeys.leaderboard(1, false), []);
  qc.setQueryData(picksKeys.matchPrediction({ ...grid, LeagueID: 9 }), []);
  return { qc, stop };
}

const run = (qc: QueryClient, variables: SaveSelectionsVariables) =>
  new MutationObserver(qc, saveSelectionsMutationOptions(qc)).mutate(variables);

describe('the save of a member’s picks', () => {
  it('reads the clock, saves, and reloads the grid on screen before it settles; other picks and standings go stale', async () => {
    const { requests } = mockApi(
      reply('/view/serverTime', 'get', 200, { currentServerTime: NOW }),
      reply('/league_selection/bulk_update', 'put', 200, { message: 'Saved.', Saved: 1, CopiedTo: [] }),
    );
    const gridRead = vi.fn(() => []);
    const { qc, stop } = client(gridRead);
    await vi.waitFor(() => expect(gridRead).toHaveBeenCalledTimes(1));
    const result = await run(qc, save());
    expect(result).toMatchObject({ Saved: 1, CheckedAt: NOW });
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/view/serverTime',
      'PUT /api/league_selection/bulk_update',
    ]);
    expect(gridRead).toHaveBeenCalledTimes(2);
    expect(qc.getQueryState(picksKeys.matchPrediction({ ...grid, LeagueID: 9 }))!.isInvalidated).toBe(true);
    expect(qc.getQueryState(standingsKeys.leaderboard(1, false))!.isInvalidated).toBe(true);
    stop();
  });

  it('sends a Player Selection team’s captain, vice-captain and backups, and reloads the team on screen with the slots', async () => {
    const { requests } = mockApi(
      reply('/view/serverTime', 'get', 200, { currentServerTime: NOW }),
      reply('/player_selection/bulk_update', 'put', 200, { message: 'Saved.', Saved: 1, CopiedTo: [] }),
    );
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const teamRead = vi.fn(() => ({}));
    const observer = new QueryObserver(qc, {
      queryKey: picksKeys.team(1, 30),
      queryFn: async () => teamRead(),
      staleTime: Number.POSITIVE_INFINITY,
    });
    const stop = observer.subscribe(() => {});
    await vi.waitFor(() => expect(teamRead).toHaveBeenCalledTimes(1));
    const team = { LeagueID: 1, FixtureID: 30, CaptainPlayerID: 101, ViceCaptainPlayerID: 105, Backups: [102] };
    await run(qc, {
      playerSelection: true,
      copyToOtherLeagues: false,
      selection: [
        { UserID: 7, LeagueID: 1, FixtureID: 30, PositionTypeID: 1, PositionOrder: 1, PlayerID: 101, IsActive: true },
      ],
      teams: [team],
      fixtures: [{ StartTime: '2026-04-11T10:00:00.000Z', FixtureDisplayName: 'Match 3' }],
      grid,
    });
    expect(requests.find((r) => r.method === 'PUT')?.body).toMatchObject({ Teams: [team] });
    expect(teamRead).toHaveBeenCalledTimes(2);
    stop();
  });

  it('sends nothing for a fixture started by the server’s clock, and names it', async () => {
    const { requests } = mockApi(reply('/view/serverTime', 'get', 200, { currentServerTime: NOW }));
    const gridRead = vi.fn(() => []);
    const { qc, stop } = client(gridRead);
    const error = await run(qc, save(NOW)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SaveSelectionsError);
    expect(error).toMatchObject({ reason: 'started', checkedAt: NOW, started: ['Match 3'] });
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
    expect(qc.getQueryState(standingsKeys.leaderboard(1, false))!.isInvalidated).toBe(false);
    stop();
  });

  it('needs the server’s clock', async () => {
    mockApi(custom('/view/serverTime', 'get', () => jsonResponse(503, apiError('down'))));
    const { qc, stop } = client(() => []);
    await expect(run(qc, save())).rejects.toMatchObject({ reason: 'server-time', checkedAt: null });
    stop();
  });

  it('a refused save reads the grid on screen again before it settles, and only that grid', async () => {
    mockApi(
      reply('/view/serverTime', 'get', 200, { currentServerTime: NOW }),
      custom('/league_selection/bulk_update', 'put', () => jsonResponse(400, apiError('Match 3 has started.'))),
    );
    const gridRead = vi.fn(() => []);
    const { qc, stop } = client(gridRead);
    await vi.waitFor(() => expect(gridRead).toHaveBeenCalledTimes(1));
    const error = await run(qc, save()).catch((e: unknown) => e);
    expect(error).toMatchObject({ reason: 'refused', checkedAt: NOW });
    expect((error as SaveSelectionsError).cause).toMatchObject({ message: 'Match 3 has started.' });
    expect(gridRead).toHaveBeenCalledTimes(2);
    expect(qc.getQueryState(picksKeys.matchPrediction({ ...grid, LeagueID: 9 }))!.isInvalidated).toBe(false);
    expect(qc.getQueryState(standingsKeys.leaderboard(1, false))!.isInvalidated).toBe(false);
    stop();
  });
});
