import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, within } from 'storybook/test';
import { userLeagues, userLeaguesFail } from '../../stories/api';
import { AppAt, freshApp } from '../../stories/app';
import { makeLeague } from '../../shared/leagues/testData';
import { MyLeaguesPage } from './MyLeaguesPage';

/** A Draft league the user runs, an Active one they play in, a public one, and a request awaiting approval. */
const myLeagues = [
  makeLeague(),
  makeLeague({
    LeagueID: 2,
    LeagueName: 'Cousins Cup',
    LeagueCode: 'COU999',
    Status: 'Active',
    AdminUserID: 99,
    LeagueTypeName: 'Match Prediction',
    MemberCount: 6,
  }),
  makeLeague({ LeagueID: 3, LeagueName: 'Open League', IsPrivate: false, AdminUserID: 99, Status: 'Finished' }),
  makeLeague({ LeagueID: 4, LeagueName: 'Friends of Lord’s', AdminUserID: 99, MemberStatus: 'Pending' }),
];

/**
 * My Leagues (`/home/view-my-leagues`), the whole app signed in as the fixtures' user; the API is msw,
 * typed by the contract. The configure wizard has its own stories (Screens/Configure League).
 */
const meta = {
  title: 'Screens/My Leagues',
  component: MyLeaguesPage,
  // One app and one mock API per story: a docs page of several would share both.
  parameters: {
    layout: 'fullscreen',
    // Docs page: each story in a frame of its own (the whole app, with its own msw handlers and play).
    docs: { story: { inline: false, height: '760px' } },
    msw: { handlers: { leagues: userLeagues(myLeagues) } },
  },
  beforeEach: () => freshApp(),
  render: () => <AppAt path="/home/view-my-leagues" />,
} satisfies Meta<typeof MyLeaguesPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The user's leagues with their actions: Activate and Delete only on the Draft league they run. */
export const Loaded: Story = {
  play: async () => {
    const table = await screen.findByRole('table', { name: 'Your leagues' });
    const row = (name: RegExp) => within(table).getByRole('rowheader', { name }).closest('tr') as HTMLElement;
    await expect(within(row(/^Office League/)).getByRole('button', { name: 'Activate Office League' })).toBeVisible();
    await expect(row(/^Cousins Cup/)).toHaveTextContent('COU999');
    await expect(row(/^Open League/)).toHaveTextContent('Public');
    await expect(row(/^Friends of Lord’s/)).toHaveTextContent('Awaiting approval');
  },
};

/** No league to show. */
export const Empty: Story = {
  parameters: { msw: { handlers: { leagues: userLeagues([]) } } },
  play: async () => {
    await expect(await screen.findByText('No leagues found.')).toBeVisible();
  },
};

/** The leagues could not be loaded: the error and a Retry, never an empty table. */
export const LoadError: Story = {
  parameters: { msw: { handlers: { leagues: userLeaguesFail() } } },
  play: async () => {
    await expect(await screen.findByText('Failed to fetch leagues. Please try again.')).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(screen.queryByText('No leagues found.')).toBeNull();
  },
};
