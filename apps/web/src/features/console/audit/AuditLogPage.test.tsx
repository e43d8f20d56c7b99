import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, reply } from '../../../test/api';
import { renderApp, testUser } from '../../../test/render';
import { makeAuditEntry } from '../shared/testData';

const operator = reply('/operator/status', 'get', 200, { Operator: true });

describe('Audit log', () => {
  it('shows who did what to which target and when, with the before and after folded until asked for; pages back', async () => {
    const user = userEvent.setup();
    const { requests } = mockApi(
      operator,
      reply('/operator/audit', 'get', 200, (request) =>
        request.url.searchParams.get('before') === '9'
          ? {
              Entries: [
                makeAuditEntry({
                  AuditID: 3,
                  Action: 'operator.grant',
                  Target: 'asha@example.com',
                  Before: null,
                  After: { Email: 'asha@example.com' },
                }),
              ],
              NextBefore: null,
            }
          : { Entries: [makeAuditEntry()], NextBefore: 9 },
      ),
    );
    renderApp('/console/audit', { user: testUser });
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const row = (await within(table).findByRole('rowheader', { name: 'season.activate' })).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('season 3 (IPL 2025)');
    expect(row).toHaveTextContent('Smriti Mandhana <smriti@example.com>');
    const before = within(row).getByText('"Active": false', { exact: false });
    expect(before).not.toBeVisible();
    await user.click(within(row).getByText('Before and after'));
    expect(before).toBeVisible();
    expect(within(row).getByText('"Active": true', { exact: false })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Older entries' }));
    const granted = (await within(table).findByRole('rowheader', { name: 'operator.grant' })).closest(
      'tr',
    ) as HTMLElement;
    expect(granted).toHaveTextContent('nothing');
    expect(requests.at(-1)?.url.searchParams.get('before')).toBe('9');
  });
});
