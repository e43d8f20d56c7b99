import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi, reply } from '../../test/api';
import { renderApp, testUser } from '../../test/render';
import { makePublicLeague } from '../../shared/leagues/testData';

const widgets = [
  { Header: 'Most Runs', StatEntry: [{ Player: 'S Mandhana', Team: 'RCB', Runs: 412 }] },
  { Header: 'Most Wickets', StatEntry: [{ Player: 'D Sharma', Wickets: 18 }] },
];

describe('Home', () => {
  it('lists Daily Challenge public leagues with a Join link, and one table per statistics widget', async () => {
    mockApi(
      reply('/league/publicLeagues/{userId}', 'get', 200, {
        data: [makePublicLeague(), makePublicLeague({ LeagueID: 2, LeagueName: 'Weekend Warriors' })],
      }),
      reply('/player_stats/', 'get', 200, widgets),
      reply('/live/fixtures', 'get', 200, { Live: [], Next: [] }),
    );
    renderApp('/home', { user: testUser });
    expect(await screen.findByText(/Good to see you, Smriti/)).toBeInTheDocument();
    const join = await screen.findByRole('link', { name: 'Join Daily Challenge: MI v CSK' });
    expect(join).toHaveAttribute('href', '/home/join-league?isPublicLeague=true');
    expect(screen.queryByText('Weekend Warriors')).not.toBeInTheDocument();
    const runs = (await screen.findByRole('heading', { name: 'Most Runs' })).closest('section') ?? document.body;
    expect(
      within(runs)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Player', 'Team', 'Runs']);
    expect(within(runs).getByText('412')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Most Wickets' })).toBeInTheDocument();
  });

  it('shows failed daily challenges and statistics as errors with Retry, never as empty lists', async () => {
    mockApi(
      { method: 'GET', pattern: /publicLeagues/, reply: () => ({ status: 500, body: apiError('x') }) },
      { method: 'GET', pattern: /player_stats/, reply: () => ({ status: 500, body: apiError('x') }) },
      reply('/live/fixtures', 'get', 200, { Live: [], Next: [] }),
    );
    renderApp('/home', { user: testUser });
    expect(await screen.findByText('An error occurred while loading daily challenges.')).toBeInTheDocument();
    expect(await screen.findByText('An unexpected error occurred. Please try again later.')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Retry' })).toHaveLength(2);
    expect(screen.queryByText(/No Daily Challenges are open right now/)).not.toBeInTheDocument();
    expect(screen.queryByText(/No statistics yet/)).not.toBeInTheDocument();
  });

  it('shows what is live now with its score and a link to its Match Centre, and the next fixture', async () => {
    const summary = {
      FixtureName: 'Match 9',
      LocalTeamName: 'Harbour Hawks',
      VisitorTeamName: 'Desert Kings',
      LocalTeamCode: 'HH',
      VisitorTeamCode: 'DK',
      SilentSince: null,
    };
    mockApi(
      reply('/league/publicLeagues/{userId}', 'get', 200, { data: [] }),
      reply('/player_stats/', 'get', 200, []),
      reply('/live/fixtures', 'get', 200, {
        Live: [
          {
            ...summary,
            FixtureID: 9,
            StartTime: new Date(Date.now() - 600_000).toISOString(),
            State: 'live',
            Provisional: true,
            Innings: [
              {
                Innings: 1,
                Team: 'Harbour Hawks',
                SuperOver: false,
                Runs: 87,
                Wickets: 3,
                Overs: '10.2',
                LegalBalls: 62,
                Extras: 4,
              },
            ],
          },
        ],
        Next: [
          {
            ...summary,
            FixtureID: 10,
            FixtureName: 'Match 10',
            StartTime: new Date(Date.now() + 1_200_000).toISOString(),
            State: 'scheduled',
            Provisional: false,
            Innings: [],
          },
        ],
      }),
    );
    renderApp('/home', { user: testUser });
    const link = await screen.findByRole('link', { name: 'Match Centre: Match 9' });
    expect(link).toHaveAttribute('href', '/home/match-centre/9');
    expect(screen.getByText('87/3')).toBeInTheDocument();
    expect(screen.getByText('Provisional')).toBeInTheDocument();
    expect(screen.getByText(/Match 10 · starts in (19|20) min/)).toBeInTheDocument();
  });
});
