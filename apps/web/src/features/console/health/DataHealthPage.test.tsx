import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Schema } from '@fantasy-cricket/api-client';
import { apiError, mockApi, reply } from '../../../test/api';
import { renderApp, testUser } from '../../../test/render';
import { makeCricsheetReport, makeRun } from '../shared/testData';

const operator = reply('/operator/status', 'get', 200, { Operator: true });
const health = (hours: number): Schema<'DataHealth'> => ({
  Hours: hours,
  CheckedAt: '2026-11-25T03:00:00Z',
  StartedWithoutResult:
    hours === 6
      ? [
          {
            FixtureID: 5,
            Season: 'IPL 2025',
            Name: 'Match 5',
            StartTime: '2026-11-24T14:00:00Z',
            Home: 'MI',
            Away: 'CSK',
            Status: 'live',
          },
        ]
      : [],
  PlayersWithoutPosition: [{ PlayerID: 9, Name: 'A New Player', Season: 'IPL 2025', Team: 'MI' }],
  SquadsMissing: [],
});
const fetchStatus: Schema<'FetchStatus'> = {
  Enabled: true,
  Url: 'https://cricsheet.org/downloads/recently_added_2_json.zip',
  IntervalMinutes: 60,
  LastRun: makeRun({ ImportRunID: 30, Kind: 'fetch', Trigger: 'schedule', Outcome: 'not_modified' }),
  NextRunAt: '2026-11-25T04:00:00Z',
  ETag: '"abc"',
  LastModified: null,
};

describe('Data health', () => {
  it('lists the three checks for the hours asked, and runs the fetch now with its report', async () => {
    const user = userEvent.setup();
    const { requests } = mockApi(
      operator,
      reply('/operator/health', 'get', 200, (request) => health(Number(request.url.searchParams.get('hours')))),
      reply('/operator/fetch', 'get', 200, fetchStatus),
      reply('/operator/fetch', 'post', 200, makeCricsheetReport({ Kind: 'fetch', ImportRunID: 31 })),
    );
    renderApp('/console/health', { user: testUser });
    expect(
      await screen.findByRole('heading', { name: 'Started without a result after 6 hours (1)' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Fixtures started without a result' })).toHaveTextContent('MI v CSK');
    expect(screen.getByRole('table', { name: 'Players without a position' })).toHaveTextContent('A New Player');
    expect(screen.getByRole('table', { name: 'Squads missing for upcoming fixtures' })).toHaveTextContent(
      'Every upcoming fixture has both squads.',
    );

    const hours = screen.getByRole('textbox', { name: 'Hours after the start' });
    await user.clear(hours);
    await user.type(hours, '0');
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByText('Enter from 1 to 720 hours.')).toBeInTheDocument();
    await user.clear(hours);
    await user.type(hours, '24');
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    expect(
      await screen.findByRole('heading', { name: 'Started without a result after 24 hours (0)' }),
    ).toBeInTheDocument();
    expect(requests.some((r) => r.url.searchParams.get('hours') === '24')).toBe(true);

    const card = screen.getByRole('heading', { name: 'Scheduled Cricsheet fetch' }).closest('section') ?? document.body;
    expect(within(card as HTMLElement).getByText(fetchStatus.Url as string)).toBeInTheDocument();
    expect(within(card as HTMLElement).getByRole('link', { name: 'See run 30' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Run now' }));
    const report = await screen.findByRole('region', { name: 'Fetch report' });
    expect(report).toHaveTextContent('$.innings[0].team');
    expect(requests.some((r) => r.method === 'POST' && r.path === '/api/operator/fetch')).toBe(true);
  });

  it('shows the API’s message when no fetch URL is configured', async () => {
    const user = userEvent.setup();
    mockApi(
      operator,
      reply('/operator/health', 'get', 200, health(6)),
      reply('/operator/fetch', 'get', 200, { ...fetchStatus, Enabled: false, LastRun: null }),
      reply('/operator/fetch', 'post', 400, apiError('No Cricsheet fetch URL is configured.')),
    );
    renderApp('/console/health', { user: testUser });
    await user.click(await screen.findByRole('button', { name: 'Run now' }));
    expect(await screen.findByText('No Cricsheet fetch URL is configured.')).toBeInTheDocument();
  });
});
