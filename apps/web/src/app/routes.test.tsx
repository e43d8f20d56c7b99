import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, custom, mockApi, reply } from '../test/api';
import { renderApp, testUser } from '../test/render';
import { startSession } from '../shared/session';
import { STORED_USER_KEY } from '../shared/storedUser';

const faqs = reply('/faq/', 'get', 200, []);
/** What /home loads: the player's summary, the Daily Challenges, what is live and the statistics. */
const homeCalls = [
  reply('/home/summary', 'get', 200, {
    ServerTime: new Date().toISOString(),
    GamerName: '',
    Leagues: [],
    Showcase: null,
  }),
  reply('/league/publicLeagues/{userId}', 'get', 200, { data: [] }),
  reply('/player_stats/', 'get', 200, []),
  reply('/live/fixtures', 'get', 200, { Live: [], Next: [] }),
];
const notHome = (r: { path: string }) => !/home\/summary|publicLeagues|player_stats|live\/fixtures/.test(r.path);

describe('routes and guards', () => {
  it('sends the empty path to /landing', async () => {
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Fantasy Cricket' })).toBeInTheDocument();
    expect(router.location.pathname).toBe('/landing');
  });

  it('sends unknown paths to /landing', async () => {
    const { router } = renderApp('/no-such-page');
    await screen.findByText('Cricket, Strategy, and Ultimate Bragging Rights !');
    expect(router.location.pathname).toBe('/landing');
  });

  it.each(['/home', '/home/view-profile', '/home/view-faqs', '/home/join-league?isPublicLeague=true'])(
    'guards %s: without a stored user it redirects to /landing',
    async (path) => {
      const { router } = renderApp(path);
      await screen.findByRole('heading', { name: 'Welcome to Fantasy Cricket' });
      expect(router.location.pathname).toBe('/landing');
    },
  );

  it('ignores an unreadable stored user', async () => {
    localStorage.setItem(STORED_USER_KEY, '{"userId":"x"}');
    const { router } = renderApp('/home');
    await screen.findByRole('heading', { name: 'Welcome to Fantasy Cricket' });
    expect(router.location.pathname).toBe('/landing');
  });

  it('lets a stored user into /home with the greeting, the hamburger and the sidebar', async () => {
    const { router } = renderApp('/home', { user: testUser });
    expect(await screen.findByText('Hi, Smriti !')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Menu' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const labels = [
      'Start a League',
      'Join a League',
      'My Leagues',
      'League Members',
      'My Selections',
      'All Selections',
      'Leaderboard',
      'FAQ',
      'My Profile',
    ];
    // Within the sidebar: the home screen (its own lazy chunk) may show links of the same names.
    for (const label of labels) expect(within(nav).getByRole('link', { name: label })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    expect(router.location.pathname).toBe('/home');
  });

  it('sends an unknown /home child to /landing', async () => {
    const { router } = renderApp('/home/nothing-here', { user: testUser });
    await screen.findByRole('heading', { name: 'Welcome to Fantasy Cricket' });
    expect(router.location.pathname).toBe('/landing');
  });

  it('shows no greeting or hamburger outside /home', async () => {
    renderApp('/contact', { user: testUser });
    await screen.findByRole('heading', { level: 1, name: 'Contact Us' });
    expect(screen.queryByText('Hi, Smriti !')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Menu' })).not.toBeInTheDocument();
  });

  it('links the logo to /home as a plain link (full page load)', async () => {
    renderApp('/landing');
    const logo = await screen.findByRole('link', { name: 'Fantasy Cricket home' });
    expect(logo).toHaveAttribute('href', '/home');
    expect(logo.tagName).toBe('A');
  });

  it('renders the footer links', async () => {
    renderApp('/landing');
    const footer = await screen.findByRole('contentinfo');
    expect(footer).toHaveTextContent('© 2025 Fantasy Cricket');
    expect(screen.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute('href', '/legal/terms.pdf');
    expect(screen.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/legal/privacy.pdf');
    expect(screen.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
  });

  it('highlights the active sidebar link of the screen it opens', async () => {
    mockApi(reply('/league/userLeagues/{userId}', 'get', 200, { data: [] }), ...homeCalls);
    const user = userEvent.setup();
    const { router } = renderApp('/home', { user: testUser });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    await user.click(within(nav).getByRole('link', { name: 'Leaderboard' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Leaderboard' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Leaderboard' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'FAQ' })).not.toHaveAttribute('aria-current');
    expect(router.location.pathname).toBe('/home/view-leaderboard');
  });

  it('signs out: calls the API, clears both storages and goes to /landing', async () => {
    const { requests } = mockApi(reply('/session/sign_out', 'post', 204, undefined), ...homeCalls);
    sessionStorage.setItem('leaderboard', 'x');
    const user = userEvent.setup();
    const { router } = renderApp('/home', { user: testUser });
    await user.click(await screen.findByRole('button', { name: 'Sign Out' }));
    await screen.findByRole('heading', { name: 'Welcome to Fantasy Cricket' });
    expect(router.location.pathname).toBe('/landing');
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    expect(requests.filter(notHome).map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/session/sign_out']);
  });

  it('on start, a 204 (not signed in) while a user is stored forgets the user and the guard leaves /home', async () => {
    mockApi(reply('/session', 'get', 204, undefined), faqs);
    const { router } = renderApp('/home/view-faqs', { user: testUser });
    await screen.findByText('Hi, Smriti !');
    await startSession();
    await waitFor(() => expect(router.location.pathname).toBe('/landing'));
    expect(localStorage.getItem(STORED_USER_KEY)).toBeNull();
  });

  it('on start, a 401 from an older server while a user is stored also forgets the user', async () => {
    mockApi(
      custom('/session', 'get', () => ({ status: 401, body: apiError('Please sign in.') })),
      faqs,
    );
    const { router } = renderApp('/home/view-faqs', { user: testUser });
    await screen.findByText('Hi, Smriti !');
    await startSession();
    await waitFor(() => expect(router.location.pathname).toBe('/landing'));
    expect(localStorage.getItem(STORED_USER_KEY)).toBeNull();
  });

  it('on start, a valid session keeps the stored user', async () => {
    const { requests } = mockApi(
      reply('/session', 'get', 200, {
        user_id: 7,
        first_name: 'Smriti',
        last_name: 'Mandhana',
        email: 'smriti@example.com',
      }),
      ...homeCalls,
    );
    renderApp('/home', { user: testUser });
    await startSession();
    await startSession();
    expect(requests.filter(notHome)).toHaveLength(1);
    expect(await screen.findByText('Hi, Smriti !')).toBeInTheDocument();
  });
});
