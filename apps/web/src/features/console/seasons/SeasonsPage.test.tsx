import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi, reply } from '../../../test/api';
import { renderApp, testUser } from '../../../test/render';
import { makeSeason } from '../shared/testData';

const operator = reply('/operator/status', 'get', 200, { Operator: true });

describe('Seasons', () => {
  it('lists the seasons with competition, year, fixtures, completed and whether each is active', async () => {
    mockApi(
      operator,
      reply('/operator/seasons', 'get', 200, [
        makeSeason({ SeasonID: 2, Name: 'IPL 2025', Year: 2025, Active: false, Fixtures: 0, Completed: 0 }),
        makeSeason(),
      ]),
    );
    renderApp('/console/seasons', { user: testUser });
    const table = await screen.findByRole('table', { name: 'Seasons' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Competition', 'Year', 'Fixtures', 'Completed', 'Active', 'Action']);
    const row = (await within(table).findByRole('rowheader', { name: 'IPL 2024' })).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Indian Premier League');
    expect(row).toHaveTextContent('74');
    expect(row).toHaveTextContent('70');
    expect(within(row).getByRole('button', { name: 'Deactivate IPL 2024' })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Activate IPL 2025' })).toBeInTheDocument();
  });

  it('checks the new-season form, creates the season and shows it in the list', async () => {
    const user = userEvent.setup();
    let list = [makeSeason()];
    const created = makeSeason({
      SeasonID: 3,
      Name: 'IPL 2025',
      Year: 2025,
      Active: false,
      Fixtures: 0,
      Completed: 0,
      Source: 'console',
    });
    const { requests } = mockApi(
      operator,
      reply('/operator/seasons', 'get', 200, () => list),
      reply('/operator/seasons', 'post', 201, () => {
        list = [created, ...list];
        return created;
      }),
    );
    renderApp('/console/seasons', { user: testUser });
    await user.click(await screen.findByRole('button', { name: 'New season' }));
    const dialog = await screen.findByRole('dialog', { name: 'New season' });
    await user.click(within(dialog).getByRole('button', { name: 'Create season' }));
    expect(await within(dialog).findByText('Enter the season’s name, e.g. IPL 2025.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter the year as four digits, e.g. 2025.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'IPL 2025');
    await user.type(within(dialog).getByRole('textbox', { name: 'Competition' }), 'Indian Premier League');
    await user.type(within(dialog).getByRole('textbox', { name: 'Year' }), '1800');
    await user.click(within(dialog).getByRole('button', { name: 'Create season' }));
    expect(await within(dialog).findByText('Enter a year from 1877 to 2200.')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    await user.clear(within(dialog).getByRole('textbox', { name: 'Year' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Year' }), '2025');
    await user.click(within(dialog).getByRole('button', { name: 'Create season' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      Name: 'IPL 2025',
      Competition: 'Indian Premier League',
      Year: 2025,
    });
    expect(await screen.findByRole('rowheader', { name: 'IPL 2025' })).toBeInTheDocument();
  });

  it('keeps the form open with the API’s message when the name is taken', async () => {
    const user = userEvent.setup();
    mockApi(
      operator,
      reply('/operator/seasons', 'get', 200, [makeSeason()]),
      reply('/operator/seasons', 'post', 400, apiError('A season named IPL 2024 exists.')),
    );
    renderApp('/console/seasons', { user: testUser });
    await user.click(await screen.findByRole('button', { name: 'New season' }));
    const dialog = await screen.findByRole('dialog', { name: 'New season' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'IPL 2024');
    await user.type(within(dialog).getByRole('textbox', { name: 'Competition' }), 'Indian Premier League');
    await user.type(within(dialog).getByRole('textbox', { name: 'Year' }), '2024');
    await user.click(within(dialog).getByRole('button', { name: 'Create season' }));
    expect(await within(dialog).findByText('A season named IPL 2024 exists.')).toBeInTheDocument();
  });

  it('deactivates a season after a confirmation', async () => {
    const user = userEvent.setup();
    let active = true;
    const { requests } = mockApi(
      operator,
      reply('/operator/seasons', 'get', 200, () => [makeSeason({ Active: active })]),
      reply('/operator/seasons/{seasonId}/activation', 'post', 200, (request) => {
        active = (request.body as { Active: boolean }).Active;
        return makeSeason({ Active: active });
      }),
    );
    renderApp('/console/seasons', { user: testUser });
    await user.click(await screen.findByRole('button', { name: 'Deactivate IPL 2024' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Deactivate season?' });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByRole('button', { name: 'Activate IPL 2024' })).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/api/operator/seasons/1/activation')?.body).toEqual({ Active: false });
    expect(screen.getByText('IPL 2024 is now inactive.')).toBeInTheDocument();
  });
});
