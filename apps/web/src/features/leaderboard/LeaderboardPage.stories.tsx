import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { http, serverError } from '../../stories/api';
import { AppAt, freshApp } from '../../stories/app';
import { mpLeague, progressionSettled, rememberLeague, standingsHandlers } from '../../stories/standings';
import { LeaderboardPage } from './LeaderboardPage';

/**
 * The Leaderboard (`/home/view-leaderboard`), signed in as the fixtures' user (Smriti18, second), with
 * the Match Prediction league "Office MP" chosen on an earlier visit. The score details have their own
 * stories (Screens/Score Details).
 */
const meta = {
  title: 'Screens/Leaderboard',
  component: LeaderboardPage,
  parameters: {
    layout: 'fullscreen',
    // Docs page: each story in a frame of its own (the whole app, with its own msw handlers and play).
    docs: { story: { inline: false, height: '760px' } },
    msw: { handlers: standingsHandlers },
  },
  beforeEach: () => {
    const cleanup = freshApp();
    rememberLeague(mpLeague);
    return cleanup;
  },
  render: () => <AppAt path="/home/view-leaderboard" />,
} satisfies Meta<typeof LeaderboardPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Standings (medals, movement, You are here) and the points progression chart. */
export const Loaded: Story = {
  play: async () => {
    const table = await screen.findByRole('table', { name: 'Leaderboard of Office MP' });
    const me = within(table)
      .getByRole('rowheader', { name: /^Smriti18/ })
      .closest('tr') as HTMLElement;
    await expect(me).toHaveTextContent('You are here');
    await expect(me).toHaveTextContent('2 (Silver medal)');
    await expect(within(table).getByRole('button', { name: '120 points: score details of Harman' })).toBeVisible();
    await expect(await screen.findByRole('heading', { name: 'Points progression' })).toBeVisible();
    await progressionSettled();
  },
};

/** The Contests view of the same league: one widget per contest. */
export const Contests: Story = {
  beforeEach: () => rememberLeague(mpLeague, 'contests'),
  play: async () => {
    await expect(await screen.findByRole('heading', { name: 'Fixture winners' })).toBeVisible();
    await expect(screen.getByRole('radio', { name: 'Contests' })).toBeChecked();
  },
};

/** A league with no standings yet. */
export const Empty: Story = {
  parameters: {
    msw: {
      handlers: {
        leaderboard: [http.get('/view/leaderboard/{leagueId}', ({ response }) => response(200).json([]))],
      },
    },
  },
  play: async () => {
    await expect(await screen.findByText('No leaderboard data available.')).toBeVisible();
    await progressionSettled();
  },
};

/** The standings could not be loaded: the notification says so. */
export const LoadError: Story = {
  parameters: {
    msw: {
      handlers: {
        leaderboard: [http.get('/view/leaderboard/{leagueId}', ({ response }) => response.untyped(serverError()))],
      },
    },
  },
  play: async () => {
    await expect(await screen.findByText('Failed to load leaderboard data. Please try again later.')).toBeVisible();
    await progressionSettled();
  },
};

/**
 * The league's provisional standings as GET /live/standings serves them while a fixture is live
 * (version 12): Smriti18 (me) has taken the lead with the live fixture's points.
 */
const liveSnapshot = {
  LeagueID: 1,
  Version: 12,
  Live: true,
  Provisional: true,
  FixtureIDs: [7],
  Rows: [
    { UserID: 7, UserDisplayName: 'Smriti18', Position: 1, PositionChange: 1, TotalPoints: 135, LivePoints: 35 },
    { UserID: 8, UserDisplayName: 'Harman', Position: 2, PositionChange: -1, TotalPoints: 125, LivePoints: 5 },
    { UserID: 9, UserDisplayName: 'Jemi', Position: 3, PositionChange: 0, TotalPoints: 80, LivePoints: 0 },
    { UserID: 10, UserDisplayName: 'Deepti', Position: 4, PositionChange: 0, TotalPoints: 75, LivePoints: 15 },
  ],
};

/**
 * A fixture of the league is live: the provisional standings (read as the page opens, before any event)
 * replace the scored ones, marked; the stream then sends only what changed (version 13: Deepti passes Jemi).
 */
export const LiveProvisional: Story = {
  parameters: {
    msw: {
      handlers: {
        live: [
          http.get('/live/standings/{leagueId}', ({ response }) => response(200).json(liveSnapshot)),
          http.get('/live/stream', ({ response }) =>
            response.untyped(
              new Response(
                `retry: 600000\nid: 501\nevent: standings\ndata: ${JSON.stringify({
                  EventID: 501,
                  Type: 'standings',
                  LeagueID: 1,
                  Version: 13,
                  BaseVersion: 12,
                  FixtureIDs: [7],
                  Rows: [
                    {
                      UserID: 10,
                      UserDisplayName: 'Deepti',
                      Position: 3,
                      PositionChange: 1,
                      TotalPoints: 85,
                      LivePoints: 25,
                    },
                    {
                      UserID: 9,
                      UserDisplayName: 'Jemi',
                      Position: 4,
                      PositionChange: -1,
                      TotalPoints: 80,
                      LivePoints: 0,
                    },
                  ],
                  Removed: [],
                  Provisional: true,
                })}\n\n`,
                {
                  headers: { 'content-type': 'text/event-stream' },
                },
              ),
            ),
          ),
          http.get('/live/events', ({ response }) => response(200).json({ Events: [], LastEventID: 501 })),
        ],
      },
    },
  },
  play: async () => {
    await expect(await screen.findByText('Provisional · live')).toBeVisible();
    const table = screen.getByRole('table', { name: 'Leaderboard of Office MP' });
    const me = within(table)
      .getByRole('rowheader', { name: /^Smriti18/ })
      .closest('tr') as HTMLElement;
    await expect(me).toHaveTextContent('1 (Gold medal)');
    await expect(me).toHaveTextContent('+35 live');
    // The change the stream sent applies on the snapshot: Deepti climbs to 3rd, and the rank is shown moving.
    const deepti = () =>
      within(table)
        .getByRole('rowheader', { name: /^Deepti/ })
        .closest('tr') as HTMLElement;
    await waitFor(() => expect(deepti()).toHaveTextContent('+25 live'));
    await expect(deepti().querySelector('[data-moved]')).toHaveAttribute('data-moved', 'up');
    await expect(screen.getByRole('link', { name: 'Watch in the Match Centre' })).toHaveAttribute(
      'href',
      '/home/match-centre/7?league=1',
    );
    await progressionSettled();
  },
};
