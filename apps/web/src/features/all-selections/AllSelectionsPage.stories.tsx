import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, within } from 'storybook/test';
import { http, userLeagues } from '../../stories/api';
import { AppAt, freshApp } from '../../stories/app';
import { makeLeague } from '../../shared/leagues/testData';
import { makeFixture, makeFixturePlayerSelection } from '../../shared/picks/testData';
import { AllSelectionsPage } from './AllSelectionsPage';

/** A finished Player Selection league with team rules, showing everyone's picks once a fixture starts. */
const league = makeLeague({
  LeagueID: 2,
  LeagueName: 'Office PS',
  LeagueTypeName: 'Player Selection',
  Status: 'Active',
  ShowOthersPicks: true,
});

const match2 = makeFixture({
  FixtureID: 20,
  FixtureName: 'Match 2',
  StartTime: '2026-04-09T14:00:00.000Z',
  HasStarted: true,
  Status: 'completed',
});

/**
 * Two members' teams: Smriti's captain and vice-captain, and a backup (Bumrah) who came in for Siraj,
 * outside the announced XI; Harman's captain came in for Kohli and captains in his place.
 */
const picks = [
  makeFixturePlayerSelection({ Role: 'C' }),
  makeFixturePlayerSelection({
    PositionOrder: 2,
    PlayerID: 102,
    PlayerName: 'Rohit Sharma',
    TeamCode: 'MI',
    Role: 'VC',
  }),
  makeFixturePlayerSelection({
    PositionID: 2,
    PositionName: 'Bowler',
    PlayerID: 103,
    PlayerName: 'Jasprit Bumrah',
    TeamCode: 'MI',
    ReplacedPlayerName: 'Mohammed Siraj',
  }),
  makeFixturePlayerSelection({
    UserID: 8,
    UserDisplayName: 'Harman',
    UserFullName: 'Harmanpreet Kaur',
    IsOwn: false,
    PlayerID: 104,
    PlayerName: 'Shubman Gill',
    TeamCode: 'GT',
    Role: 'C',
    ReplacedPlayerName: 'Virat Kohli',
  }),
  makeFixturePlayerSelection({
    UserID: 8,
    UserDisplayName: 'Harman',
    UserFullName: 'Harmanpreet Kaur',
    IsOwn: false,
    PositionID: 2,
    PositionName: 'Bowler',
    PlayerID: 105,
    PlayerName: 'Varun Chakaravarthy',
    TeamCode: 'KKR',
    Role: 'VC',
  }),
];

/**
 * All Selections of a Player Selection league with team rules (issue 27): each pick's captain (C) and
 * vice-captain (VC) beside the player, and "came in for …" under a backup who replaced a pick at the lock.
 */
const meta = {
  title: 'Screens/All Selections',
  component: AllSelectionsPage,
  parameters: {
    layout: 'fullscreen',
    docs: { story: { inline: false, height: '760px' } },
    msw: {
      handlers: {
        leagues: userLeagues([league]),
        fixtures: [
          http.get('/league_fixture/getAllFixturesForLeague/{leagueId}', ({ response }) =>
            response(200).json([match2]),
          ),
          http.get('/view/serverTime', ({ response }) =>
            response(200).json({ currentServerTime: '2026-04-10T12:00:00.000Z' }),
          ),
        ],
        picks: [http.post('/view/playerSelectionsForFixture', ({ response }) => response(200).json(picks))],
      },
    },
  },
  beforeEach: () => freshApp(),
  render: () => <AppAt path="/home/all-predictions" />,
} satisfies Meta<typeof AllSelectionsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Captains, vice-captains and backups, marked in the Selection column. */
export const TeamRoles: Story = {
  play: async ({ userEvent }) => {
    await userEvent.click(await screen.findByRole('combobox', { name: 'Select League' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Office PS' }));
    const members = await screen.findByRole('list', { name: /^Selections for Match 2/ });
    const kohli = (await within(members).findByText('Virat Kohli (RCB)')).closest('tr') as HTMLElement;
    await expect(kohli).toHaveTextContent('(C)');
    const bumrah = within(members).getByText('Jasprit Bumrah (MI)').closest('tr') as HTMLElement;
    await expect(within(bumrah).getByText('came in for Mohammed Siraj')).toBeVisible();
    const gill = within(members).getByText('Shubman Gill (GT)').closest('tr') as HTMLElement;
    await expect(gill).toHaveTextContent('(C)');
    await expect(within(gill).getByText('came in for Virat Kohli')).toBeVisible();
    // Nothing wider than the screen: no sideways scrolling at 390 px either.
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

/** The same at 390 px: each pick stays in its row, the backup's note under the player. */
export const TeamRolesOnAPhone: Story = {
  ...TeamRoles,
  name: 'Team roles on a phone (390px)',
  globals: { viewport: { value: 'mobile390', isRotated: false } },
};
