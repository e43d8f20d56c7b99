import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi, reply, serverFailure } from '../../../test/api';
import { renderApp, testUser } from '../../../test/render';
import { makeLeague } from '../../../shared/leagues/testData';

const mine = makeLeague();
const theirs = makeLeague({ LeagueID: 3, LeagueName: 'Cousins Cup', AdminUserID: 99 });
const leagues = reply('/league/userLeagues/{userId}', 'get', 200, { data: [mine, theirs] });

async function open(name: string) {
  const user = userEvent.setup();
  renderApp('/home/view-my-leagues', { user: testUser });
  // The Edit column's button says View where the person cannot save.
  await user.click(await screen.findByRole('button', { name: new RegExp(`^(Edit|View) ${name}$`) }));
  return { user, dialog: await screen.findByRole('dialog') };
}

describe('Edit League popup', () => {
  it('lets the admin edit the description and the picks flag', async () => {
    const { requests } = mockApi(
      leagues,
      reply('/league/{id}', 'get', 200, mine),
      reply('/league/{id}', 'put', 200, { message: 'Saved.' }),
    );
    const { user, dialog } = await open('Office League');
    expect(within(dialog).getByRole('heading', { name: 'Edit Fantasy League' })).toBeInTheDocument();
    const description = await within(dialog).findByLabelText('League Description');
    expect(description).toHaveValue('Winner buys lunch.');
    await user.clear(description);
    await user.type(description, 'Loser buys lunch.');
    await user.click(within(dialog).getByRole('checkbox', { name: "Show Other Users' Picks" }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('League details updated successfully!')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')).toMatchObject({
      path: '/api/league/1',
      body: { Description: 'Loser buys lunch.', ShowOthersPicks: true },
    });
  });

  it('reports a failed update', async () => {
    mockApi(leagues, reply('/league/{id}', 'get', 200, mine), serverFailure('/league/{id}', 'put'));
    const { user, dialog } = await open('Office League');
    await within(dialog).findByLabelText('League Description');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Error updating league. Please try again.')).toBeInTheDocument();
  });

  it("shows the server's reason when an update is refused", async () => {
    const refusal = 'A Finished league can no longer be edited.';
    mockApi(leagues, reply('/league/{id}', 'get', 200, mine), reply('/league/{id}', 'put', 400, apiError(refusal)));
    const { user, dialog } = await open('Office League');
    await within(dialog).findByLabelText('League Description');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
  });

  it('is view-only for other members', async () => {
    mockApi(leagues, reply('/league/{id}', 'get', 200, theirs));
    const { dialog } = await open('Cousins Cup');
    expect(within(dialog).getByRole('heading', { name: 'View Fantasy League' })).toBeInTheDocument();
    expect(await within(dialog).findByLabelText('League Description')).toHaveAttribute('readonly');
    expect(within(dialog).getByRole('checkbox', { name: "Show Other Users' Picks" })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
  });

  it('is view-only for the admin once the league is Finished', async () => {
    const finished = makeLeague({ LeagueID: 4, LeagueName: 'Old Cup', Status: 'Finished' });
    mockApi(
      reply('/league/userLeagues/{userId}', 'get', 200, { data: [finished] }),
      reply('/league/{id}', 'get', 200, finished),
    );
    const { dialog } = await open('Old Cup');
    expect(within(dialog).getByRole('heading', { name: 'View Fantasy League' })).toBeInTheDocument();
    expect(await within(dialog).findByLabelText('League Description')).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
  });

  it('reports a failed load', async () => {
    mockApi(leagues, reply('/league/{id}', 'get', 404, apiError('League not found.')));
    const { dialog } = await open('Office League');
    expect(
      await within(dialog).findByText('Failed to fetch league details. Please try again later.'),
    ).toBeInTheDocument();
  });
});
