import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@fantasy-cricket/rules';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi, reply } from '../../test/api';
import { renderApp, testUser } from '../../test/render';
import { makePublicLeague } from '../../shared/leagues/testData';
import { searchAction } from './JoinLeaguePage';

const dc = makePublicLeague();
const other = makePublicLeague({
  LeagueID: 51,
  LeagueName: 'Weekend Warriors',
  LeagueCode: 'WW0002',
  Description: 'Fun.',
});

describe('search rules', () => {
  it('empty loads all, 1–2 characters do nothing, 3 or more search', () => {
    expect(searchAction('  ')).toEqual({ kind: 'all' });
    expect(searchAction('ab')).toEqual({ kind: 'none' });
    expect(searchAction(' abc ')).toEqual({ kind: 'search', query: 'abc' });
  });
});

describe('Join a League', () => {
  it('is driven by isPublicLeague and the toggle updates the URL', async () => {
    mockApi(reply('/league/publicLeagues/{userId}', 'get', 200, { data: [dc] }));
    const user = userEvent.setup();
    const { router } = renderApp('/home/join-league', { user: testUser });
    expect(await screen.findByRole('button', { name: 'Join Private League' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Private League' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Public League' }));
    expect(router.location.search).toBe('?isPublicLeague=true');
    expect(await screen.findByLabelText('Search Public Leagues')).toHaveValue('Daily Challenge');
    await user.click(screen.getByRole('button', { name: 'Private League' }));
    expect(router.location.search).toBe('?isPublicLeague=false');
    expect(screen.getByLabelText(/League Code/)).toBeInTheDocument();
  });

  it('validates the private form', async () => {
    const { requests } = mockApi();
    const user = userEvent.setup();
    renderApp('/home/join-league?isPublicLeague=false', { user: testUser });
    await user.click(await screen.findByRole('button', { name: 'Join Private League' }));
    expect(await screen.findByText('Please fix the errors in the form.')).toBeInTheDocument();
    expect(screen.getByText('* League Code is required')).toBeInTheDocument();
    expect(screen.getByText('* Display Name is required')).toBeInTheDocument();
    // The message names the field as its label does.
    expect(screen.getByRole('textbox', { name: /^Gamer Name \(display name\)/ })).toHaveAccessibleDescription(
      /^\* Display Name is required/,
    );
    await user.type(screen.getByLabelText(/League Code/), 'ABC123');
    await user.type(screen.getByLabelText(/Gamer Name/), 'ab');
    await user.click(screen.getByRole('button', { name: 'Join Private League' }));
    expect(screen.getByText('* Display Name is required')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('sends a private join request', async () => {
    const { requests } = mockApi(
      reply('/league_member/joinLeague', 'post', 200, { message: 'Requested.', LeagueID: 1, Status: 'Pending' }),
    );
    const user = userEvent.setup();
    renderApp('/home/join-league', { user: testUser });
    await user.type(await screen.findByLabelText(/League Code/), ' ABC123 ');
    await user.type(screen.getByLabelText(/Gamer Name/), ' Smriti18 ');
    await user.click(screen.getByRole('button', { name: 'Join Private League' }));
    expect(
      await screen.findByText('Your request to join the league is sent for Approval to the League Admin !'),
    ).toBeInTheDocument();
    expect(requests[0]?.body).toEqual({ UserID: 7, LeagueCode: 'ABC123', DisplayName: 'Smriti18' });
    // The next step, one tap away: the admin decides; the league is in My Leagues meanwhile.
    const next = screen.getByText("Waiting for the admin's approval.").closest('[role="status"]') as HTMLElement;
    expect(within(next).getByRole('link', { name: 'My Leagues' })).toHaveAttribute('href', '/home/view-my-leagues');
  });

  it('opens from an invite link with the code filled in; the request still waits for approval', async () => {
    const { requests } = mockApi(
      reply('/league_member/joinLeague', 'post', 200, { message: 'Requested.', LeagueID: 1, Status: 'Pending' }),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/home/join-league?isPublicLeague=false&code=abc123', { user: testUser });
    expect(await screen.findByLabelText(/League Code/)).toHaveValue('ABC123');
    expect(screen.getByText(/You were invited: the league code is filled in/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Private League' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(screen.getByLabelText(/Gamer Name/)).toHaveFocus());
    await user.type(screen.getByLabelText(/Gamer Name/), 'Smriti18');
    await user.click(screen.getByRole('button', { name: 'Join Private League' }));
    expect(
      await screen.findByText('Your request to join the league is sent for Approval to the League Admin !'),
    ).toBeInTheDocument();
    expect(requests[0]?.body).toEqual({ UserID: 7, LeagueCode: 'ABC123', DisplayName: 'Smriti18' });
    // The code leaves the address and the form once the request is sent.
    await waitFor(() => expect(router.location.search).toBe('?isPublicLeague=false'));
    expect(screen.getByLabelText(/League Code/)).toHaveValue('');
  });

  it.each([
    [404, 'No league found with this code.', 'No league found with this code.'],
    [500, 'x', 'An error occurred while joining the league.'],
    // Too many codes not found: the server's message says how long to wait.
    [429, messages.leagueApi.tooManyWrongCodes('12 minutes'), messages.leagueApi.tooManyWrongCodes('12 minutes')],
  ] as const)('shows the right message for a %i private join', async (status, serverMessage, message) => {
    mockApi({
      method: 'POST',
      pattern: /joinLeague$/,
      reply: () => ({ status, body: apiError(serverMessage) }),
    });
    const user = userEvent.setup();
    renderApp('/home/join-league', { user: testUser });
    await user.type(await screen.findByLabelText(/League Code/), 'NOPE');
    await user.type(screen.getByLabelText(/Gamer Name/), 'Smriti18');
    await user.click(screen.getByRole('button', { name: 'Join Private League' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('searches with the default text, ignores 1–2 characters and loads all when empty', async () => {
    const { requests } = mockApi(
      reply('/league/publicLeagues/{userId}', 'get', 200, (r) => ({
        data: r.url.searchParams.get('search') ? [dc] : [dc, other],
      })),
    );
    const user = userEvent.setup();
    renderApp('/home/join-league?isPublicLeague=true', { user: testUser });
    expect(await screen.findByText(dc.LeagueName)).toBeInTheDocument();
    expect(requests.at(-1)?.url.searchParams.get('search')).toBe('Daily Challenge');
    expect(screen.getByText('No description')).toBeInTheDocument();
    const box = screen.getByLabelText('Search Public Leagues');
    await user.clear(box);
    await waitFor(() => expect(screen.getByText('Weekend Warriors')).toBeInTheDocument());
    expect(requests.at(-1)?.url.searchParams.has('search')).toBe(false);
    const count = requests.length;
    await user.type(box, 'we');
    await act(() => new Promise((r) => setTimeout(r, 400)));
    expect(requests).toHaveLength(count);
    await user.type(box, 'e');
    await waitFor(() => expect(requests.at(-1)?.url.searchParams.get('search')).toBe('wee'));
  });

  it('reports failed searches and loads', async () => {
    mockApi({ method: 'GET', pattern: /publicLeagues/, reply: () => ({ status: 500, body: apiError('x') }) });
    const user = userEvent.setup();
    renderApp('/home/join-league?isPublicLeague=true', { user: testUser });
    expect(await screen.findByText('An error occurred while searching public leagues.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Search Public Leagues'));
    expect(await screen.findByText('An error occurred while loading public leagues.')).toBeInTheDocument();
  });

  it('joins a public league from its row with a trimmed display name; the row leaves the list', async () => {
    const { requests } = mockApi(
      reply('/league/publicLeagues/{userId}', 'get', 200, { data: [dc, other] }),
      reply('/league_member/joinLeague', 'post', 200, { message: 'Joined.', LeagueID: 50, Status: 'Approved' }),
    );
    const user = userEvent.setup();
    renderApp('/home/join-league?isPublicLeague=true', { user: testUser });
    const row = (await screen.findByRole('rowheader', { name: new RegExp(dc.LeagueName) })).closest(
      'tr',
    ) as HTMLElement;
    const input = within(row).getByRole('textbox', { name: `Gamer Name (display name) for ${dc.LeagueName}` });
    await user.type(input, ' ab ');
    await user.click(within(row).getByRole('button', { name: `Join ${dc.LeagueName}` }));
    expect(
      await screen.findByText('Please enter a valid display name (at least 3 characters) before joining the league.'),
    ).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    await user.clear(input);
    await user.type(input, '  Smriti18 ');
    await user.click(within(row).getByRole('button', { name: `Join ${dc.LeagueName}` }));
    expect(await screen.findByText('You have successfully joined the league!')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      UserID: 7,
      LeagueCode: 'DC0001',
      DisplayName: 'Smriti18',
    });
    expect(screen.queryByText(dc.LeagueName)).not.toBeInTheDocument();
    expect(screen.getByText('Weekend Warriors')).toBeInTheDocument();
    // The next step, one tap away: the picks of the league just joined.
    expect(screen.getByRole('link', { name: 'Make your picks' })).toHaveAttribute(
      'href',
      '/home/my-predictions?league=50',
    );
  });

  it('shows the gamer-name tooltip on focus', async () => {
    mockApi(reply('/league/publicLeagues/{userId}', 'get', 200, { data: [dc] }));
    const user = userEvent.setup();
    renderApp('/home/join-league?isPublicLeague=true', { user: testUser });
    await screen.findByText(dc.LeagueName);
    await user.tab();
    screen.getByRole('textbox', { name: `Gamer Name (display name) for ${dc.LeagueName}` }).focus();
    expect(
      (await screen.findAllByText('This is what your name will look like to other participants in this league.'))
        .length,
    ).toBeGreaterThan(0);
  });
});
