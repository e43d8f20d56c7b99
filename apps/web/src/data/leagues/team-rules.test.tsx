import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi, reply } from '../../test/api';
import { leagueKeys } from './keys';
import { useTeamRulesQuery } from './team-rules-query';
import { useUpdateTeamRulesMutation } from './update-team-rules-mutation';

const stored = {
  LeagueID: 5,
  BudgetCredits: 100,
  CaptainMultiplier: 2,
  ViceCaptainMultiplier: 1.5,
  MaxPerSide: 7,
  Backups: 4,
  IsLocked: false,
};

function setup() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={qc}>{children}</QueryClientProvider>
  );
  return { qc, wrapper };
}

describe('team rules (data/leagues)', () => {
  it("reads a league's rules under its detail key, only when enabled", async () => {
    const { requests } = mockApi(reply('/league/{leagueId}/team_rules', 'get', 200, stored));
    const { qc, wrapper } = setup();
    const { result, rerender } = renderHook(({ enabled }) => useTeamRulesQuery(5, { enabled }), {
      wrapper,
      initialProps: { enabled: false },
    });
    expect(requests).toHaveLength(0);
    rerender({ enabled: true });
    await waitFor(() => expect(result.current.data).toEqual(stored));
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/league/5/team_rules']);
    // Under the league's detail: activating or deleting the league refreshes or drops them too.
    expect(leagueKeys.teamRules(5).slice(0, 3)).toEqual([...leagueKeys.detail(5)]);
    expect(qc.getQueryData(leagueKeys.teamRules(5))).toEqual(stored);
  });

  it('saves the rules and puts the stored answer in the cache; a refusal throws the server’s message', async () => {
    const saved = { ...stored, BudgetCredits: null, Backups: 2 };
    const { requests } = mockApi(reply('/league/{leagueId}/team_rules', 'put', 200, saved));
    const { qc, wrapper } = setup();
    qc.setQueryData(leagueKeys.teamRules(5), stored);
    const { result } = renderHook(() => useUpdateTeamRulesMutation(5), { wrapper });
    const body = { BudgetCredits: null, CaptainMultiplier: 2, ViceCaptainMultiplier: 1.5, MaxPerSide: 7, Backups: 2 };
    await expect(result.current.mutateAsync(body)).resolves.toEqual(saved);
    expect(requests[0]).toMatchObject({ method: 'PUT', path: '/api/league/5/team_rules', body });
    expect(qc.getQueryData(leagueKeys.teamRules(5))).toEqual(saved);

    mockApi(reply('/league/{leagueId}/team_rules', 'put', 400, apiError('The budget must be between 50 and 200.')));
    await expect(result.current.mutateAsync({ ...body, BudgetCredits: 20 })).rejects.toMatchObject({
      status: 400,
      serverMessage: 'The budget must be between 50 and 200.',
    });
    expect(qc.getQueryData(leagueKeys.teamRules(5))).toEqual(saved);
  });
});
