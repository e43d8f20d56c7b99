import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, reply, serverFailure } from '../../../test/api';
import { renderApp, testUser } from '../../../test/render';
import { makeCricsheetReport, makeRun } from '../shared/testData';

const operator = reply('/operator/status', 'get', 200, { Operator: true });
const newest = [
  makeRun({ ImportRunID: 41 }),
  makeRun({
    ImportRunID: 40,
    Kind: 'fetch',
    Trigger: 'schedule',
    StartedBy: 'scheduled fetch',
    Outcome: 'not_modified',
  }),
];
const older = [makeRun({ ImportRunID: 12, Kind: 'cricsheet', Source: 'ipl-2024.zip', Outcome: 'partial' })];

describe('Import history', () => {
  it('pages through the runs, newest first, with kind, source, outcome, who and when', async () => {
    const user = userEvent.setup();
    const { requests } = mockApi(
      operator,
      reply('/operator/imports', 'get', 200, (request) =>
        request.url.searchParams.get('before') === '40'
          ? { Runs: older, NextBefore: null }
          : { Runs: newest, NextBefore: 40 },
      ),
    );
    renderApp('/console/imports', { user: testUser });
    const table = await screen.findByRole('table', { name: 'Import runs' });
    const first = await within(table).findByRole('rowheader', { name: 'Run 41: Schedule' });
    const row = first.closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('ipl-2025-schedule.csv');
    expect(row).toHaveTextContent('Succeeded');
    expect(row).toHaveTextContent('Asha Rao <asha@example.com> (Console)');
    expect(within(table).getByRole('rowheader', { name: 'Run 40: Scheduled fetch' }).closest('tr')).toHaveTextContent(
      'Not modified',
    );
    expect(screen.getByRole('button', { name: 'Newer runs' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Older runs' }));
    expect(await within(table).findByRole('rowheader', { name: 'Run 12: Cricsheet upload' })).toBeInTheDocument();
    expect(within(table).queryByText('Run 41: Schedule')).not.toBeInTheDocument();
    expect(requests.at(-1)?.url.searchParams.get('before')).toBe('40');
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Older runs' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Newer runs' }));
    expect(await within(table).findByRole('rowheader', { name: 'Run 41: Schedule' })).toBeInTheDocument();
  });

  it('opens a run with its lines', async () => {
    const user = userEvent.setup();
    mockApi(
      operator,
      reply('/operator/imports', 'get', 200, {
        Runs: [makeRun({ ImportRunID: 42, Kind: 'cricsheet' })],
        NextBefore: null,
      }),
      reply('/operator/imports/{importRunId}', 'get', 200, makeCricsheetReport()),
    );
    const { router } = renderApp('/console/imports', { user: testUser });
    await user.click(await screen.findByRole('link', { name: 'Run 42: Cricsheet upload' }));
    expect(router.location.pathname).toBe('/console/imports/42');
    expect(await screen.findByRole('heading', { level: 1, name: 'Import run 42' })).toBeInTheDocument();
    const report = await screen.findByRole('region', { name: 'Report' });
    expect(report).toHaveTextContent('$.innings[0].team');
    expect(screen.getByRole('link', { name: 'Back to the import history' })).toBeInTheDocument();
  });

  it('shows the error and a Retry when the history cannot be loaded, never an empty list', async () => {
    mockApi(operator, serverFailure('/operator/imports', 'get'));
    renderApp('/console/imports', { user: testUser });
    expect(await screen.findByText('The import history could not be loaded. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByText('No imports yet.')).not.toBeInTheDocument();
  });
});
