import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, custom, jsonResponse, mockApi, reply, serverFailure } from '../../test/api';
import { renderApp, testUser } from '../../test/render';
import { chooseOption, optionNames } from '../../test/select';
import { makeLeague, makeMember } from '../../shared/leagues/testData';

const mine = makeLeague();
const theirs = makeLeague({ LeagueID: 3, LeagueName: 'Cousins Cup', AdminUserID: 99, IsPrivate: false });
const me = makeMember();
const pending = makeMember({
  MemberID: 101,
  UserID: 8,
  DisplayName: 'Harman',
  FirstName: 'Harmanpreet',
  LastName: 'Kaur',
  Status: 'Pending',
  IsAdmin: false,
  Email: 'h@example.com',
});
const approved = makeMember({
  MemberID: 102,
  UserID: 9,
  DisplayName: 'Jemi',
  FirstName: 'Jemimah',
  LastName: 'R',
  Status: 'Approved',
  IsAdmin: false,
  Email: 'j@example.com',
});

const members = (data: ReturnType<typeof makeMember>[]) =>
  reply('/league_member/{leagueId}/members', 'get', 200, { data });

describe('League Members', () => {
  it('offers only leagues the user plays in, not pending join requests', async () => {
    const awaiting = makeLeague({ LeagueID: 5, LeagueName: 'Awaited', AdminUserID: 99, MemberStatus: 'Pending' });
    const { requests } = mockApi(
      reply('/league/userLeagues/{userId}', 'get', 200, { data: [awaiting, mine] }),
      members([me, pending]),
    );
    renderApp('/home/view-league-members', { user: testUser });
    await within(await screen.findByRole('table')).findByText('Harman');
    expect(requests.map((r) => r.path)).toContain('/api/league_member/1/members');
    expect(requests.map((r) => r.path)).not.toContain('/api/league_member/5/members');
    expect(screen.queryByText('Failed to load members. Please try again.')).not.toBeInTheDocument();
  });

  it('shows the admin everyone with status, email and the actions that apply', async () => {
    mockApi(
      reply('/league/userLeagues/{userId}', 'get', 200, { data: [mine, theirs] }),
      members([me, pending, approved]),
    );
    renderApp('/home/view-league-members', { user: testUser });
    const table = await screen.findByRole('table');
    await within(table).findByText('Harman');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Member', 'Role', 'Member Status', 'Email', 'Approve', 'Reject', 'Make Admin']);
    const row = (name: string) => within(table).getByText(name).closest('tr') as HTMLElement;
    expect(row('Smriti18')).toHaveTextContent('You are here');
    expect(row('Smriti18')).toHaveTextContent('Admin');
    expect(within(row('Harman')).getByRole('button', { name: 'Approve Harman' })).toBeInTheDocument();
    expect(within(row('Harman')).getByRole('button', { name: 'Reject Harman' })).toBeInTheDocument();
    expect(within(row('Harman')).queryByRole('button', { name: /Make/ })).not.toBeInTheDocument();
    expect(within(row('Jemi')).queryByRole('button', { name: /Approve|Reject/ })).not.toBeInTheDocument();
    expect(within(row('Jemi')).getByRole('button', { name: 'Make Jemi admin' })).toBeInTheDocument();
    expect(within(row('Smriti18')).queryByRole('button')).not.toBeInTheDocument();
    expect(row('Jemi')).toHaveTextContent('j@example.com');
  });

  it('shows other members only Approved members and no admin columns (status for private leagues)', async () => {
    const privateTheirs = makeLeague({ LeagueID: 4, LeagueName: 'Private theirs', AdminUserID: 99 });
    const admin = makeMember({ MemberID: 200, UserID: 99, DisplayName: 'Boss', IsAdmin: true, Email: undefined });
    mockApi(
      reply('/league/userLeagues/{userId}', 'get', 200, { data: [theirs, privateTheirs] }),
      members([admin, { ...me, IsAdmin: false, Email: undefined }, { ...pending, Email: undefined }]),
    );
    const user = userEvent.setup();
    renderApp('/home/view-league-members', { user: testUser });
    const table = await screen.findByRole('table');
    await within(table).findByText('Boss');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Member', 'Role']);
    expect(within(table).queryByText('Harman')).not.toBeInTheDocument();
    await chooseOption(user, 'Select League', 'Private theirs');
    await waitFor(() =>
      expect(
        within(screen.getByRole('table'))
          .getAllByRole('columnheader')
          .map((h) => h.textContent),
      ).toEqual(['Member', 'Role', 'Member Status']),
    );
  });

  it('approves a pending member and reloads', async () => {
    const { requests } = mockApi(
      reply('/league/userLeagues/{userId}', 'get', 200, { data: [mine] }),
      members([me, pending]),
      reply('/league_member/update_member_status', 'post', 200, { message: 'ok' }),
    );
    const user = userEvent.setup();
    renderApp('/home/view-league-members', { user: testUser });
    await user.click(await screen.findByRole('button', { name: 'Approve Harman' }));
    expect(await screen.findByText('Member successfully approved.')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      LeagueMemberID: 101,
      LeagueID: 1,
      Status: 'Approved',
      AdminUserID: 7,
    });
  });

  it('rejects after the Confirm Rejection modal, and reports a failure', async () => {
    let fail = false;
    const { requests } = mockApi(
      reply('/league/userLeagues/{userId}', 'get', 200, { data: [mine] }),
      members([me, pending]),
      custom('/league_member/update_member_status', 'post', () =>
        fail ? jsonResponse(500, apiError('x')) : jsonResponse(200, { message: 'ok' }),
      ),
    );
    const user = userEvent.setup();
    renderApp('/home/view-league-members', { user: testUser });
    await user.click(await screen.findByRole('button', { name: 'Reject Harman' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm Rejection' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Member successfully rejected.')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({ Status: 'Rejected' });
    fail = true;
    await user.click(await screen.findByRole('button', { name: 'Reject Harman' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Failed to reject member. Please try again.')).toBeInTheDocument();
  });

  it('reports a failed approval', async () => {
    mockApi(
      reply('/league/userLeagues/{userId}', 'get', 200, { data: [mine] }),
      members([me, pending]),
      serverFailure('/league_member/update_member_status', 'post', 500, 'x'),
    );
    const user = userEvent.setup();
    renderApp('/home/view-league-members', { user: testUser });
    await user.click(await screen.findByRole('button', { name: 'Approve Harman' }));
    expect(await screen.findByText('Failed to approve member. Please try again.')).toBeInTheDocument();
  });

  it('transfers admin after Confirm Admin Transfer; the admin columns then disappear', async () => {
    let adminId = 7;
    const { requests } = mockApi(
      reply('/league/userLeagues/{userId}', 'get', 200, () => ({ data: [makeLeague({ AdminUserID: adminId })] })),
      members([me, approved]),
      reply('/league/changeAdmin', 'post', 200, () => {
        adminId = 9;
        return { message: 'ok' };
      }),
    );
    const user = userEvent.setup();
    renderApp('/home/view-league-members', { user: testUser });
    await user.click(await screen.findByRole('button', { name: 'Make Jemi admin' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm Admin Transfer' });
    await user.click(within(dialog).getByRole('button', { name: 'Make Admin' }));
    expect(await screen.findByText('Admin changed successfully.')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ LeagueID: 1, AdminID: 7, NewAdminID: 9 });
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: 'Make Admin' })).not.toBeInTheDocument());
    expect(screen.queryByRole('columnheader', { name: 'Email' })).not.toBeInTheDocument();
  });

  it('reports a failed admin change', async () => {
    mockApi(
      reply('/league/userLeagues/{userId}', 'get', 200, { data: [mine] }),
      members([me, approved]),
      serverFailure('/league/changeAdmin', 'post', 500, 'x'),
    );
    const user = userEvent.setup();
    renderApp('/home/view-league-members', { user: testUser });
    await user.click(await screen.findByRole('button', { name: 'Make Jemi admin' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Make Admin' }));
    expect(await screen.findByText('Failed to change admin. Please try again.')).toBeInTheDocument();
  });

  it("shows the server's reason when an admin change is refused", async () => {
    mockApi(
      reply('/league/userLeagues/{userId}', 'get', 200, { data: [mine] }),
      members([me, approved]),
      reply('/league/changeAdmin', 'post', 400, apiError('The new admin must be an Approved member.')),
    );
    const user = userEvent.setup();
    renderApp('/home/view-league-members', { user: testUser });
    await user.click(await screen.findByRole('button', { name: 'Make Jemi admin' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Make Admin' }));
    expect(await screen.findByText('The new admin must be an Approved member.')).toBeInTheDocument();
  });

  it('reports failed loads and the empty state', async () => {
    mockApi({ method: 'GET', pattern: /userLeagues/, reply: () => ({ status: 500, body: apiError('x') }) });
    renderApp('/home/view-league-members', { user: testUser });
    expect(await screen.findByText('Failed to load leagues.')).toBeInTheDocument();
  });

  it('reports failed members with a Retry, not as No members found.', async () => {
    mockApi(reply('/league/userLeagues/{userId}', 'get', 200, { data: [mine] }), {
      method: 'GET',
      pattern: /members$/,
      reply: () => ({ status: 500, body: apiError('x') }),
    });
    renderApp('/home/view-league-members', { user: testUser });
    expect(await screen.findByText('Failed to load members. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByText('No members found.')).not.toBeInTheDocument();
  });

  describe('join requests waiting', () => {
    const pending2 = makeMember({
      ...pending,
      MemberID: 103,
      UserID: 10,
      DisplayName: 'Deepti',
      Email: 'd@example.com',
    });
    const sidebarLink = (name: string | RegExp) =>
      within(screen.getByRole('navigation', { name: 'Main navigation' })).findByRole('link', { name });

    it('counts them on League Members in the sidebar and in the dropdown, and counts down after each decision', async () => {
      let waiting = [pending, pending2];
      const { requests } = mockApi(
        reply('/league/userLeagues/{userId}', 'get', 200, () => ({
          data: [makeLeague({ PendingRequests: waiting.length }), theirs],
        })),
        members([me, pending, pending2]),
        reply('/league_member/update_member_status', 'post', 200, ({ body }) => {
          waiting = waiting.filter((w) => w.MemberID !== (body as { LeagueMemberID: number }).LeagueMemberID);
          return { message: 'ok' };
        }),
      );
      const user = userEvent.setup();
      renderApp('/home/view-league-members', { user: testUser });
      const link = await sidebarLink('League Members (2 requests waiting)');
      expect(link).toHaveAttribute('href', '/home/view-league-members');
      expect(link).toHaveTextContent(/^2League Members \(2 requests waiting\)$/);
      await within(await screen.findByRole('table')).findByText('Harman');
      expect(await optionNames(user, 'Select League')).toEqual(['Office League (2 waiting)', 'Cousins Cup']);

      await user.click(screen.getByRole('button', { name: 'Approve Harman' }));
      expect(await screen.findByText('Member successfully approved.')).toBeInTheDocument();
      expect(await sidebarLink('League Members (1 request waiting)')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Reject Deepti' }));
      await user.click(
        within(await screen.findByRole('alertdialog', { name: 'Confirm Rejection' })).getByRole('button', {
          name: 'Reject',
        }),
      );
      expect(await sidebarLink('League Members')).toHaveTextContent(/^League Members$/);
      expect(await optionNames(user, 'Select League')).toEqual(['Office League', 'Cousins Cup']);
      // The leagues list was reloaded after each decision.
      expect(requests.filter((r) => r.path === '/api/league/userLeagues/7')).toHaveLength(3);
    });

    it('shows the count on every /home screen, from the shell itself', async () => {
      mockApi(
        reply('/league/userLeagues/{userId}', 'get', 200, { data: [makeLeague({ PendingRequests: 3 }), theirs] }),
        reply('/faq/', 'get', 200, []),
      );
      renderApp('/home/view-faqs', { user: testUser });
      expect(await sidebarLink('League Members (3 requests waiting)')).toBeInTheDocument();
    });

    it('opens the league of the emailed link (?league=)', async () => {
      const { requests } = mockApi(
        reply('/league/userLeagues/{userId}', 'get', 200, { data: [mine, theirs] }),
        members([makeMember({ ...me, IsAdmin: false, Email: undefined })]),
      );
      renderApp('/home/view-league-members?league=3', { user: testUser });
      await within(await screen.findByRole('table')).findByText('Smriti18');
      expect(screen.getByRole('combobox', { name: 'Select League' })).toHaveTextContent('Cousins Cup');
      expect(requests.map((r) => r.path)).toContain('/api/league_member/3/members');
      expect(requests.map((r) => r.path)).not.toContain('/api/league_member/1/members');
    });
  });
});
