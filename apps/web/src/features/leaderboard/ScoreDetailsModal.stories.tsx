import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { http, serverError } from '../../stories/api';
import { AppAt, freshApp } from '../../stories/app';
import { mpLeague, progressionSettled, psLeague, rememberLeague, standingsHandlers } from '../../stories/standings';
import { LeaderboardPage } from './LeaderboardPage';
import { makePastPlayerSelection, makePlayerScoringDetail, playerSelectionDetails } from './testData';

type PlayContext = Parameters<NonNullable<Story['play']>>[0];

/** Opens a member's score details from their points on the Leaderboard and returns the dialog. */
async function openDetails({ userEvent }: PlayContext, points: string, member: string) {
  await progressionSettled();
  await userEvent.click(await screen.findByRole('button', { name: `${points} points: score details of ${member}` }));
  return screen.findByRole('dialog', { name: `Score details: ${member}` });
}

/**
 * The score-details modal (ScoreDetailsModal): one member's picks by started fixture, with subtotals,
 * the total and the exports, opened from the Leaderboard by each story's play function.
 */
const meta = {
  title: 'Screens/Score Details',
  // The screen the modal opens from (imported here, it loads with the stories rather than during the first one).
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

/** A Match Prediction member's picks: Match 1 (one scoring row, one auto-pick) and Match 2. */
export const Loaded: Story = {
  play: async (context) => {
    const dialog = await openDetails(context, '120', 'Harman');
    const match1 = await within(dialog).findByRole('region', { name: /^Match 1 - RCB @ MI/ });
    await expect(match1).toHaveTextContent('Subtotal: 10 points');
    await expect(within(match1).getByRole('row', { name: /Match Winner/ })).toHaveAttribute('data-tone', 'success');
    await expect(within(dialog).getByRole('region', { name: /^Match 2/ })).toHaveTextContent('Subtotal: 90 points');
    await expect(within(dialog).getByRole('button', { name: 'Export CSV (Scores.csv)' })).toBeEnabled();
  },
};

/** A Player Selection member: a picked player's points open the per-stat breakdown on top. */
export const PlayerBreakdown: Story = {
  beforeEach: () => rememberLeague(psLeague),
  play: async (context) => {
    const dialog = await openDetails(context, '80', 'Jemi');
    const match1 = await within(dialog).findByRole('region', { name: /^Match 1/ });
    await context.userEvent.click(
      within(match1).getByRole('button', { name: '24 points: score details of Rohit Sharma' }),
    );
    const player = await screen.findByRole('dialog', { name: 'Player score details: Rohit Sharma' });
    await expect(await within(player).findByRole('row', { name: /Sixes/ })).toHaveAttribute('data-tone', 'success');
  },
};

/**
 * A league with team rules (issue 27): the captain's and vice-captain's points worked out ("18 × 2 =
 * 36"), a backup who came in for a player outside the announced XI.
 */
export const TeamRoles: Story = {
  beforeEach: () => rememberLeague(psLeague),
  parameters: {
    msw: {
      handlers: {
        scoreDetails: [
          http.post('/view/pastPlayerSelections', ({ response }) =>
            response(200).json([
              makePastPlayerSelection({
                PlayerID: 103,
                PlayerName: 'Virat Kohli',
                BasePoints: 18,
                Multiplier: 2,
                Role: 'C',
                Points: 36,
              }),
              makePastPlayerSelection({ PlayerID: 101, BasePoints: 15, Multiplier: 1.5, Role: 'VC', Points: 23 }),
              makePastPlayerSelection({
                PlayerID: 102,
                PlayerName: 'Jasprit Bumrah',
                PositionName: 'Bowler',
                ReplacedPlayerName: 'Mohammed Siraj',
                Points: 27,
              }),
            ]),
          ),
          http.post('/view/playerSelectionsDetailedScoring', ({ response }) =>
            response(200).json([
              makePlayerScoringDetail({ PlayerID: 103, PlayerName: 'Virat Kohli', Count: 14, Points: 14 }),
              makePlayerScoringDetail({
                PlayerID: 103,
                PlayerName: 'Virat Kohli',
                FeatureName: 'Fours',
                Count: 2,
                Points: 4,
              }),
            ]),
          ),
        ],
      },
    },
  },
  play: async (context) => {
    const dialog = await openDetails(context, '80', 'Jemi');
    const match1 = await within(dialog).findByRole('region', { name: /^Match 1/ });
    await expect(match1).toHaveTextContent('Subtotal: 86 points');
    const captain = within(match1).getByRole('button', {
      name: '18 × 2 = 36 points, captain: score details of Virat Kohli',
    });
    await expect(captain).toHaveTextContent('18 × 2 = 36');
    await expect(within(match1).getByText('came in for Mohammed Siraj')).toBeVisible();
    // Every pick's points within the dialog: nothing scrolls sideways at 390 px.
    const box = dialog.getBoundingClientRect();
    for (const button of within(match1).getAllByRole('button')) {
      await expect(button.getBoundingClientRect().right).toBeLessThanOrEqual(box.right);
    }
  },
};

/** A captain's points open his stats: they add up to the base points, and the note multiplies them. */
export const TeamRolesBreakdown: Story = {
  beforeEach: TeamRoles.beforeEach,
  parameters: TeamRoles.parameters,
  play: async (context) => {
    const dialog = await openDetails(context, '80', 'Jemi');
    await context.userEvent.click(
      await within(dialog).findByRole('button', { name: '18 × 2 = 36 points, captain: score details of Virat Kohli' }),
    );
    const player = await screen.findByRole('dialog', { name: 'Player score details: Virat Kohli' });
    await expect(await within(player).findByTestId('multiplied-note')).toHaveTextContent(
      "The stats below add up to Virat Kohli's base points, 18. As captain, the points count 2×, rounded to a whole point: 18 × 2 = 36 points.",
    );
    await expect(within(player).getByText('Base points')).toBeVisible();
  },
};

/** The same on a phone (390 px): "18 × 2 = 36" stays on one line inside the sheet. */
export const TeamRolesOnAPhone: Story = {
  ...TeamRoles,
  name: 'Team roles on a phone (390px)',
  globals: { viewport: { value: 'mobile390', isRotated: false } },
};

/**
 * Match 3 is live: Jemi's picks in it show their provisional points (the player's points so far under
 * the league's points), marked, with the provisional total of the live standings above.
 */
export const LiveFixture: Story = {
  beforeEach: () => rememberLeague(psLeague),
  parameters: {
    msw: {
      handlers: {
        live: [
          http.get('/live/stream', ({ response }) => response.untyped(new Response(null, { status: 503 }))),
          http.get('/live/events', ({ response }) => response(200).json({ Events: [], LastEventID: 0 })),
          http.get('/live/standings/{leagueId}', ({ response }) =>
            response(200).json({
              LeagueID: 2,
              Version: 3,
              Live: true,
              Provisional: true,
              FixtureIDs: [30],
              Rows: [
                {
                  UserID: 9,
                  UserDisplayName: 'Jemi',
                  Position: 1,
                  PositionChange: 2,
                  TotalPoints: 117,
                  LivePoints: 37,
                },
              ],
            }),
          ),
        ],
        scoreDetails: [
          http.post('/view/pastPlayerSelections', ({ response }) =>
            response(200).json([
              ...playerSelectionDetails,
              ...[
                { PlayerID: 103, PlayerName: 'Virat Kohli', Points: 31 },
                { PlayerID: 104, PlayerName: 'Mohammed Siraj', PositionName: 'Bowler', Points: 6 },
              ].map((p) =>
                makePastPlayerSelection({
                  ...p,
                  FixtureID: 30,
                  FixtureName: 'Match 3',
                  StartTime: '2026-04-10T14:00:00.000Z',
                  Provisional: true,
                }),
              ),
            ]),
          ),
        ],
      },
    },
  },
  play: async (context) => {
    await progressionSettled();
    // The table turns provisional when the live snapshot lands: wait for it, so the click is not on a row
    // that re-renders under the pointer.
    await context.userEvent.click(
      await screen.findByRole('button', { name: '117 points, including 37 live: score details of Jemi' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Score details: Jemi' });
    await expect(await within(dialog).findByRole('status')).toHaveTextContent('+37 points in the match being played');
    const match3 = await within(dialog).findByRole('region', { name: /^Match 3/ });
    await expect(match3).toHaveTextContent('Provisional · live');
    await expect(match3).toHaveTextContent('So far: 37 points');
    await expect(within(match3).getByRole('button', { name: '31 points: score details of Virat Kohli' })).toBeVisible();
    await expect(within(dialog).getByRole('region', { name: /^Match 1/ })).not.toHaveTextContent('Provisional');
  },
};

/** A member with no started picks: nothing to list, nothing to export. */
export const Empty: Story = {
  parameters: {
    msw: {
      handlers: {
        scoreDetails: [http.post('/view/pastSelections', ({ response }) => response(200).json([]))],
      },
    },
  },
  play: async (context) => {
    const dialog = await openDetails(context, '60', 'Deepti');
    await expect(await within(dialog).findByText('No score details available.')).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: /Export CSV/ })).toBeDisabled();
  },
};

/** The details could not be loaded: the notification says so and the modal closes. */
export const LoadError: Story = {
  parameters: {
    msw: {
      handlers: {
        scoreDetails: [http.post('/view/pastSelections', ({ response }) => response.untyped(serverError()))],
      },
    },
  },
  play: async (context) => {
    await progressionSettled();
    await context.userEvent.click(await screen.findByRole('button', { name: '120 points: score details of Harman' }));
    await expect(await screen.findByText('Failed to load score details. Please try again later.')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};
