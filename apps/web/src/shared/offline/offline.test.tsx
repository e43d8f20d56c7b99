import { commonMessages } from '@fantasy-cricket/rules';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, reply } from '../../test/api';
import { renderApp, testUser } from '../../test/render';
import { offlineMessages } from './offline';

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

afterEach(() => setOnline(true));

describe('offline state', () => {
  it('shows "You are offline" across the screen while the browser has no network, and hides it again', async () => {
    mockApi();
    renderApp('/landing');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText(offlineMessages.title)).not.toBeInTheDocument();
    setOnline(false);
    expect(screen.getByText(offlineMessages.title)).toBeVisible();
    expect(screen.getByText(offlineMessages.detail)).toBeVisible();
    setOnline(true);
    expect(screen.queryByText(offlineMessages.title)).not.toBeInTheDocument();
  });

  it('refuses a save while offline without sending it, and says so', async () => {
    const { requests } = mockApi(
      reply('/league_member/joinLeague', 'post', 200, { message: 'Requested.', LeagueID: 1, Status: 'Pending' }),
    );
    const user = userEvent.setup();
    renderApp('/home/join-league?isPublicLeague=false', { user: testUser });
    await user.type(await screen.findByLabelText(/League Code/), 'ABC123');
    await user.type(screen.getByLabelText(/Gamer Name/), 'Smriti18');
    setOnline(false);
    await user.click(screen.getByRole('button', { name: 'Join Private League' }));
    expect(await screen.findByText(offlineMessages.saveRefused)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
    // Settled: the loading overlay is gone.
    await waitFor(() => expect(screen.queryByText(commonMessages.loading)).not.toBeInTheDocument());
    // Back online, the same save goes out.
    setOnline(true);
    await user.click(screen.getByRole('button', { name: 'Join Private League' }));
    expect(
      await screen.findByText('Your request to join the league is sent for Approval to the League Admin !'),
    ).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });
});
