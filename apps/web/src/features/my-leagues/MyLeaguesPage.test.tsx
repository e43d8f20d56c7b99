import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi, reply, serverFailure } from '../../test/api';
import { renderApp, testUser } from '../../test/render';
import { makeLeague } from '../../shared/leagues/testData';

const draftAdmin = makeLeague();
const activeMember = makeLeague({
  LeagueID: 2,
  LeagueName: 'Cousins Cup',
  LeagueCode: 'COU999',
  Status: 'Active',
  AdminUserID: 99,
  LeagueTypeName: 'Match Prediction',
});
const publicLeague = makeLeague({
  LeagueID: 3,
  LeagueName: 'Open League',
  IsPrivate: false,
  AdminUserID: 99,
  Status: 'Active',
});

const leagues = (...data: ReturnType<typeof makeLeague>[]) =>
  reply('/league/userLeagues/{userId}', 'get', 200, { data });

describe('My Leagues', () => {
  it('marks a league whose join request awaits the admin, without Configure or Edit', async () => {
    const awaiting = makeLeague({ LeagueID: 4, LeagueName: 'Awaited', AdminUserID: 99, MemberStatus: 'Pending' });
    mockApi(leagues(activeMember, awaiting));
    renderApp('/home/view-my-leagues', { user: testUser });
    const row = (await screen.findByRole('rowheader', { name: /^Awaited/ })).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Awaiting approval');
    expect(within(row).queryByRole('button', { name: 'Configure Awaited' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /^(Edit|View) Awaited/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Configure Cousins Cup' })).toBeInTheDocument();
  });

  it('lists leagues with the code or Public, and Activate/Delete only on Draft leagues the user admins', async () => {
    mockApi(leagues(draftAdmin, activeMember, publicLeague));
    renderApp('/home/view-my-leagues', { user: testUser });
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['League Name', 'League Code', 'Configuration', 'Edit', 'Activate', 'Delete']);
    const row = (name: string) =>
      screen.getByRole('rowheader', { name: new RegExp(`^${name}`) }).closest('tr') as HTMLElement;
    expect(row('Office League')).toHaveTextContent('OFF123');
    expect(row('Office League')).toHaveTextContent(/Player Selection\s*Draft/);
    expect(row('Open League')).toHaveTextContent('Public');
    expect(within(row('Office League')).getByRole('button', { name: 'Activate Office League' })).toBeInTheDocument();
    expect(within(row('Office League')).getByRole('button', { name: 'Delete Office League' })).toBeInTheDocument();
    expect(within(row('Cousins Cup')).queryByRole('button', { name: /Activate|Delete/ })).not.toBeInTheDocument();
    expect(within(row('Cousins Cup')).getByRole('button', { name: 'Configure Cousins Cup' })).toBeInTheDocument();
    // A member who is not the admin only views the league's details: the Edit column's button says View.
    expect(within(row('Cousins Cup')).queryByRole('button', { name: 'Edit Cousins Cup' })).not.toBeInTheDocument();
    expect(within(row('Cousins Cup')).getByRole('button', { name: 'View Cousins Cup' })).toBeInTheDocument();
    expect(within(row('Office League')).getByRole('button', { name: 'Edit Office League' })).toBeInTheDocument();
  });

  it('says View on the Edit column of a league the user may not save (not the admin, or Finished), and opens it read-only', async () => {
    const finishedAdmin = makeLeague({ LeagueID: 6, LeagueName: 'Old Cup', Status: 'Finished' });
    mockApi(
      leagues(activeMember, finishedAdmin),
      reply('/league/{id}', 'get', 200, { ...activeMember, Description: 'Cousins only.' }),
    );
    const user = userEvent.setup();
    renderApp('/home/view-my-leagues', { user: testUser });
    await screen.findByRole('table');
    expect(screen.getByRole('columnheader', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View Old Cup' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'View Cousins Cup' }));
    const dialog = await screen.findByRole('dialog', { name: 'View Fantasy League' });
    expect(within(dialog).queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
  });

  it('lets the admin of a private league copy an invite link to Join a League with the code', async () => {
    const privateMember = makeLeague({ LeagueID: 5, LeagueName: 'Friends XI', LeagueCode: 'FRI555', AdminUserID: 99 });
    mockApi(leagues(draftAdmin, privateMember, publicLeague));
    const user = userEvent.setup();
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void copied.push(text) },
    });
    renderApp('/home/view-my-leagues', { user: testUser });
    await screen.findByRole('table');
    // Only the admin of a private league invites.
    expect(screen.queryByRole('button', { name: 'Invite to Friends XI' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite to Open League' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Invite to Office League' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite to Office League' });
    const link = `${window.location.origin}/home/join-league?isPublicLeague=false&code=OFF123`;
    expect(within(dialog).getByLabelText('Invite link')).toHaveValue(link);
    // No Web Share API here (happy-dom): copy only.
    expect(within(dialog).queryByRole('button', { name: 'Share…' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(copied).toEqual([link]);
    expect(await screen.findByText(/^Invite link copied\./)).toBeInTheDocument();
  });

  it('offers the system share sheet where the browser has the Web Share API', async () => {
    mockApi(leagues(draftAdmin));
    const shared: ShareData[] = [];
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: async (data: ShareData) => void shared.push(data),
    });
    const user = userEvent.setup();
    try {
      renderApp('/home/view-my-leagues', { user: testUser });
      await user.click(await screen.findByRole('button', { name: 'Invite to Office League' }));
      const dialog = await screen.findByRole('dialog', { name: 'Invite to Office League' });
      await user.click(within(dialog).getByRole('button', { name: 'Share…' }));
      await waitFor(() => expect(shared).toHaveLength(1));
      expect(shared[0]).toMatchObject({
        title: 'Join Office League',
        url: `${window.location.origin}/home/join-league?isPublicLeague=false&code=OFF123`,
      });
    } finally {
      delete (navigator as { share?: unknown }).share;
    }
  });

  it('hides the Activate and Delete columns when the user admins no Draft league', async () => {
    mockApi(leagues(activeMember, makeLeague({ LeagueID: 4, LeagueName: 'Mine, active', Status: 'Active' })));
    renderApp('/home/view-my-leagues', { user: testUser });
    const table = await screen.findByRole('table');
    await within(table).findByText('Cousins Cup');
    expect(within(table).queryByRole('columnheader', { name: 'Activate' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('shows the empty state and the load error', async () => {
    mockApi(leagues());
    renderApp('/home/view-my-leagues', { user: testUser });
    expect(await screen.findByText('No leagues found.')).toBeInTheDocument();
  });

  it('shows a failed load as the error with a Retry, never as No leagues found.; the retry loads the list', async () => {
    let fail = true;
    const { requests } = mockApi({
      method: 'GET',
      pattern: /userLeagues\/7$/,
      reply: () => (fail ? { status: 500, body: apiError('x') } : { status: 200, body: { data: [draftAdmin] } }),
    });
    const user = userEvent.setup();
    renderApp('/home/view-my-leagues', { user: testUser });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch leagues. Please try again.');
    expect(screen.queryByText('No leagues found.')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await within(await screen.findByRole('table')).findByText(draftAdmin.LeagueName)).toBeInTheDocument();
    expect(screen.queryByText('Failed to fetch leagues. Please try again.')).not.toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/api/league/userLeagues/7')).toHaveLength(2);
  });

  it('activates after a confirmation that warns about changes, then reloads', async () => {
    const { requests } = mockApi(
      leagues(draftAdmin),
      reply('/league/activate', 'post', 200, { message: 'League activated.' }),
    );
    const user = userEvent.setup();
    renderApp('/home/view-my-leagues', { user: testUser });
    await user.click(await screen.findByRole('button', { name: 'Activate Office League' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(/no changes are allowed/);
    await user.click(within(dialog).getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('League activated.')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ UserID: 7, LeagueID: 1 });
    await waitFor(() => expect(requests.filter((r) => r.path === '/api/league/userLeagues/7')).toHaveLength(2));
  });

  it('closes the confirm dialog and reports a failed activation', async () => {
    mockApi(leagues(draftAdmin), serverFailure('/league/activate', 'post', 503, 'Nope'));
    const user = userEvent.setup();
    renderApp('/home/view-my-leagues', { user: testUser });
    await user.click(await screen.findByRole('button', { name: 'Activate Office League' }));
    // A 503 is not one of the statuses whose server message is shown: the screen's own text is.
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('Failed to activate league. Please try again.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it("shows the server's reason when activation is refused", async () => {
    mockApi(
      leagues(draftAdmin),
      reply('/league/activate', 'post', 400, apiError('Select at least one feature before activating the league.')),
    );
    const user = userEvent.setup();
    renderApp('/home/view-my-leagues', { user: testUser });
    await user.click(await screen.findByRole('button', { name: 'Activate Office League' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('Select at least one feature before activating the league.')).toBeInTheDocument();
    expect(screen.queryByText('Failed to activate league. Please try again.')).not.toBeInTheDocument();
  });

  it('deletes after confirmation, and reports a failed delete', async () => {
    const { requests } = mockApi(leagues(draftAdmin), serverFailure('/league/{id}', 'delete', 500, 'No'));
    const user = userEvent.setup();
    renderApp('/home/view-my-leagues', { user: testUser });
    await user.click(await screen.findByRole('button', { name: 'Delete Office League' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete league.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(requests.some((r) => r.method === 'DELETE' && r.path === '/api/league/1')).toBe(true);
  });
});
