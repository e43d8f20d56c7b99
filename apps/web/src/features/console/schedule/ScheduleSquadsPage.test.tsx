import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi, reply } from '../../../test/api';
import { renderApp, testUser } from '../../../test/render';
import { formatDateTime } from '../shared/format';
import { conflictLines, makeReport } from '../shared/testData';

const operator = reply('/operator/status', 'get', 200, { Operator: true });
const csv = () => new File(['MatchNumber,Season\n1,IPL 2025\n'], 'ipl-2025.csv', { type: 'text/csv' });

async function choose(user: ReturnType<typeof userEvent.setup>, file: File) {
  await user.upload(await screen.findByLabelText('File (JSON or CSV)'), file);
}

describe('Schedule & squads', () => {
  it('previews a file (nothing applied), shows every line and the counts, then applies it and links to the run', async () => {
    const user = userEvent.setup();
    const preview = makeReport();
    const applied = { ...makeReport(), ImportRunID: 41, Outcome: 'succeeded' as const };
    const { requests } = mockApi(
      operator,
      reply('/operator/schedule', 'post', 200, (request) =>
        (request.body as { Apply: boolean }).Apply ? applied : preview,
      ),
    );
    const { router } = renderApp('/console/schedule', { user: testUser });
    expect(await screen.findByRole('heading', { level: 1, name: 'Schedule & squads' })).toBeInTheDocument();
    await choose(user, csv());
    await user.click(screen.getByRole('button', { name: 'Preview' }));

    const report = await screen.findByRole('region', { name: 'Preview: ipl-2025.csv' });
    const sent = requests.find((r) => r.path === '/api/operator/schedule')?.body as {
      File: { FileName: string; ContentBase64: string };
      Apply: boolean;
    };
    expect(sent.Apply).toBe(false);
    expect(sent.File.FileName).toBe('ipl-2025.csv');
    expect(atob(sent.File.ContentBase64)).toBe('MatchNumber,Season\n1,IPL 2025\n');

    const rows = within(report).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('1. Match 1');
    expect(rows[0]).toHaveTextContent('new');
    expect(rows[1]).toHaveTextContent('moved');
    expect(rows[1]).toHaveTextContent(
      `StartTime: ${formatDateTime('2025-03-23T10:00:00Z')} → ${formatDateTime('2025-03-23T14:00:00Z')}`,
    );
    expect(rows[2]).toHaveTextContent('unchanged');
    expect(within(report).getByRole('list', { name: 'Counts' })).toHaveTextContent('new: 2');
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Preview');

    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('region', { name: 'Schedule applied' })).toBeInTheDocument();
    expect(
      requests.filter((r) => r.path === '/api/operator/schedule').map((r) => (r.body as { Apply: boolean }).Apply),
    ).toEqual([false, true]);
    expect(await screen.findByText('Schedule applied (run 41 in the import history).')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'See run 41 in the import history' }));
    expect(router.location.pathname).toBe('/console/imports/41');
  });

  it('sends squads to the squads operation', async () => {
    const user = userEvent.setup();
    const { requests } = mockApi(operator, reply('/operator/squads', 'post', 200, makeReport({ Kind: 'squads' })));
    renderApp('/console/schedule', { user: testUser });
    await user.click(await screen.findByRole('radio', { name: 'Squads' }));
    await choose(user, new File(['[]'], 'squads.json', { type: 'application/json' }));
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByRole('region', { name: 'Preview: squads.json' });
    expect(requests.map((r) => r.path)).toContain('/api/operator/squads');
  });

  it('refuses to apply a file with conflicting or failed lines, and shows their reasons', async () => {
    const user = userEvent.setup();
    const preview = makeReport({ Lines: [...makeReport().Lines, ...conflictLines] });
    const { requests } = mockApi(operator, reply('/operator/schedule', 'post', 200, preview));
    renderApp('/console/schedule', { user: testUser });
    await choose(user, csv());
    await user.click(await screen.findByRole('button', { name: 'Preview' }));
    const report = await screen.findByRole('region', { name: 'Preview: ipl-2025.csv' });
    expect(within(report).getByText('Match 4 has been played by other teams (MI v CSK).')).toBeInTheDocument();
    expect(within(report).getByText('Unknown team code "XYZ".')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
    expect(screen.getByText(/Lines in conflict or failed/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(requests.filter((r) => r.path === '/api/operator/schedule')).toHaveLength(1);
  });

  it('asks for a file before previewing, and shows the API’s message when the file is refused', async () => {
    const user = userEvent.setup();
    mockApi(operator, reply('/operator/schedule', 'post', 400, apiError('Line 1: the column MatchNumber is missing.')));
    renderApp('/console/schedule', { user: testUser });
    await user.click(await screen.findByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Choose a JSON or CSV file.')).toBeInTheDocument();
    await choose(user, csv());
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(screen.getByText('Line 1: the column MatchNumber is missing.')).toBeInTheDocument());
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Upload');
  });
});
