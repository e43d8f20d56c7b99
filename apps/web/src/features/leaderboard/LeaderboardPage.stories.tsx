import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, within } from 'storybook/test';
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
  tags: ['!autodocs'],
  parameters: { layout: 'fullscreen', msw: { handlers: standingsHandlers } },
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
