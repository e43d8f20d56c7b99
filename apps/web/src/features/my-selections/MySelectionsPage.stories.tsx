import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { http, userLeagues, userLeaguesFail } from '../../stories/api';
import { AppAt, freshApp } from '../../stories/app';
import { makeLeague } from '../../shared/leagues/testData';
import {
  featureRows,
  figures,
  fixtures,
  mpConfigs,
  players,
  psConfigs,
  psCounts,
  SERVER_NOW,
  slots,
  teams,
} from '../../shared/picks/testData';
import { MySelectionsPage } from './MySelectionsPage';
import { makeTeam, noRulesTeam, rulesLeague } from './testData';

const mp = makeLeague({ LeagueID: 1, LeagueName: 'Office MP', LeagueTypeName: 'Match Prediction', Status: 'Active' });
const ps = makeLeague({ LeagueID: 2, LeagueName: 'Office PS', LeagueTypeName: 'Player Selection', Status: 'Active' });
/** Not offered for picks: a Draft league and a Finished one. */
const draft = makeLeague({ LeagueID: 3, LeagueName: 'Draft League', Status: 'Draft' });
const finished = makeLeague({ LeagueID: 5, LeagueName: 'Old League', Status: 'Finished', FixturesRemaining: 0 });

type PlayContext = Parameters<NonNullable<Story['play']>>[0];

/** Chooses the league in the Select, as a person would, and returns the grid of its next fixture. */
async function openLeague({ userEvent }: PlayContext, name: string) {
  await userEvent.click(await screen.findByRole('combobox', { name: 'Select a League' }));
  await userEvent.click(await screen.findByRole('option', { name }));
  return screen.findByRole('table', { name: 'Your selections for Match 3' });
}

/**
 * My Selections (`/home/my-predictions`), signed in as the fixtures' user, the server's clock at
 * 2026-04-10 12:00 UTC: Match 2 has started, Match 3 and Match 4 are open for picks.
 */
const meta = {
  title: 'Screens/My Selections',
  component: MySelectionsPage,
  parameters: {
    layout: 'fullscreen',
    // Docs page: each story in a frame of its own (the whole app, with its own msw handlers and play).
    docs: { story: { inline: false, height: '760px' } },
    msw: {
      handlers: {
        leagues: userLeagues([draft, mp, ps, rulesLeague, finished]),
        fixtures: [
          http.get('/view/serverTime', ({ response }) => response(200).json({ currentServerTime: SERVER_NOW })),
          http.get('/league_fixture/getAllFixturesForLeague/{leagueId}', ({ response }) =>
            response(200).json(fixtures),
          ),
        ],
        picks: [
          http.post('/league_selection/user/', ({ response }) => response(200).json(featureRows)),
          http.get('/player_selection/fixture/', ({ response }) => response(200).json(slots)),
          http.get('/player/getPlayersByFixtureID/{fixtureId}', ({ response }) => response(200).json(players)),
          http.get('/team/getTeamsByFixtureID/{fixtureId}', ({ response }) => response(200).json(teams)),
          http.get('/player_selection/player_figures/', ({ response }) => response(200).json(figures)),
          // Office PS plays with every rule off (as before the team rules); Rules PS with the defaults.
          http.get('/player_selection/team/', ({ query, response }) =>
            response(200).json(
              Number(query.get('LeagueID')) === rulesLeague.LeagueID
                ? makeTeam({ CaptainPlayerID: 105, Backups: [102, 106] })
                : noRulesTeam(Number(query.get('LeagueID'))),
            ),
          ),
        ],
        scoring: [
          http.get('/league_configuration/getConfigurationsForLeague/{leagueId}', ({ params, response }) =>
            response(200).json(Number(params.leagueId) === 1 ? mpConfigs : psConfigs),
          ),
          http.get('/selection_config/getSelectionConfigsForLeague/{leagueId}', ({ response }) =>
            response(200).json(psCounts),
          ),
          http.get('/league/{leagueId}/team_rules', ({ params, response }) =>
            response(200).json(
              Number(params.leagueId) === rulesLeague.LeagueID
                ? makeTeam().Rules
                : noRulesTeam(Number(params.leagueId)).Rules,
            ),
          ),
        ],
      },
    },
  },
  beforeEach: () => freshApp(),
  render: () => <AppAt path="/home/my-predictions" />,
} satisfies Meta<typeof MySelectionsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A Match Prediction league chosen: the next fixture preselected, one pick per feature (one auto-picked). */
export const Loaded: Story = {
  play: async (context) => {
    const grid = await openLeague(context, 'Office MP');
    await expect(screen.getByRole('combobox', { name: 'Select Fixture' })).toHaveTextContent('Match 3');
    await expect(within(grid).getByRole('rowheader', { name: /Most Wickets/ })).toHaveTextContent('Auto-pick');
    await expect(within(grid).getByRole('combobox', { name: /Match Winner/ })).toHaveTextContent('Mumbai Indians');
    await expect(screen.getByRole('button', { name: 'Save Selections' })).toBeVisible();
  },
};

/** A Player Selection league chosen: the team sheet, a card per position slot. */
export const PlayerSelection: Story = {
  play: async ({ userEvent }) => {
    await userEvent.click(await screen.findByRole('combobox', { name: 'Select a League' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Office PS' }));
    const sheet = await screen.findByTestId('team-sheet');
    await expect(within(sheet).getAllByRole('listitem', { name: /Batsman/ })).toHaveLength(2);
    await expect(screen.getByRole('region', { name: 'Fixture: Match 3' })).toBeVisible();
    await expect(screen.getByRole('checkbox', { name: 'Copy below picks to my other PS leagues' })).toBeVisible();
  },
};

export const PlayerSelectionMobile360: Story = {
  ...PlayerSelection,
  globals: { viewport: { value: 'mobile360', isRotated: false } },
};

export const PlayerSelectionMobile390: Story = {
  ...PlayerSelection,
  globals: { viewport: { value: 'mobile390', isRotated: false } },
};

/**
 * A Player Selection league with team rules at phone width: the credits bar under the app's header
 * stays in view while the sheet scrolls; Rohit captains; two backups; every control fits 360 px.
 */
export const PlayerSelectionRulesMobile360: Story = {
  globals: { viewport: { value: 'mobile360', isRotated: false } },
  play: async ({ userEvent }) => {
    await userEvent.click(await screen.findByRole('combobox', { name: 'Select a League' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Rules PS' }));
    const sheet = await screen.findByTestId('team-sheet');
    const bar = within(sheet).getByTestId('credits-bar');
    await waitFor(() => expect(bar).toHaveTextContent('9.5 / 100 credits'));
    await expect(screen.getByRole('button', { name: 'Make Rohit Sharma captain, C' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // Nothing wider than the screen; every button at least 44 px tall.
    for (const button of within(sheet).getAllByRole('button')) {
      const box = button.getBoundingClientRect();
      await expect(box.right).toBeLessThanOrEqual(window.innerWidth);
      await expect(box.height).toBeGreaterThanOrEqual(44);
    }
    // Scrolled down to the backups, the bar is still in view under the header.
    within(sheet).getByTestId('backups').scrollIntoView({ block: 'end' });
    await waitFor(() => expect(bar.getBoundingClientRect().top).toBeGreaterThanOrEqual(0));
    await expect(bar.getBoundingClientRect().bottom).toBeLessThanOrEqual(window.innerHeight);
  },
};

/** No league open for picks. */
export const Empty: Story = {
  parameters: { msw: { handlers: { leagues: userLeagues([draft, finished]) } } },
  play: async () => {
    await expect(await screen.findByText('No leagues found.')).toBeVisible();
    await expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  },
};

/** The leagues could not be loaded: the error and a Retry in place of the league dropdown. */
export const LoadError: Story = {
  parameters: { msw: { handlers: { leagues: userLeaguesFail() } } },
  play: async () => {
    await expect(await screen.findByText('Failed to load leagues. Please try again.')).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
  },
};

/**
 * "How scoring works" on a Player Selection league: the league's points table, each stat signed as it
 * counts (Duck deducted), descriptions in full, the team the league picks. Every line fits the dialog.
 */
export const HowScoringWorks: Story = {
  play: async ({ userEvent }) => {
    await userEvent.click(await screen.findByRole('combobox', { name: 'Select a League' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Office PS' }));
    await screen.findByTestId('team-sheet');
    await userEvent.click(screen.getByRole('button', { name: 'How scoring works' }));
    const dialog = await screen.findByRole('dialog', { name: 'How scoring works: Office PS' });
    const deducted = await within(dialog).findByRole('region', { name: 'Points deducted' });
    await expect(deducted).toHaveTextContent('Duck\u22122');
    await expect(within(dialog).getByText('Dismissed for 0 (not for bowlers).')).toBeVisible();
    const box = dialog.getBoundingClientRect();
    for (const line of within(dialog).getAllByTestId('scoring-line')) {
      await expect(line.getBoundingClientRect().right).toBeLessThanOrEqual(box.right);
    }
    await expect(dialog.scrollWidth).toBeLessThanOrEqual(dialog.clientWidth);
  },
};

export const HowScoringWorksMobile360: Story = {
  ...HowScoringWorks,
  globals: { viewport: { value: 'mobile360', isRotated: false } },
};

/** Match Prediction: each feature's points on its row; a player dropdown shows each player's recent form. */
export const MatchPredictionFormAndPoints: Story = {
  globals: { viewport: { value: 'mobile390', isRotated: false } },
  parameters: {
    // While the menu is open Radix hides the rest of the page (a modal listbox); axe still sees its focusable parts.
    a11y: { config: { rules: [{ id: 'aria-hidden-focus', enabled: false }] } },
  },
  play: async (context) => {
    const grid = await openLeague(context, 'Office MP');
    // The points arrive with the league's configuration: the row re-renders with them.
    await waitFor(() => expect(within(grid).getByText('+10 points')).toBeVisible());
    await context.userEvent.click(within(grid).getByRole('combobox', { name: /Most Runs/ }));
    const kohli = await screen.findByRole('option', {
      name: 'Virat Kohli (RCB, Batsman) 212 season pts · 4 matches · Last 3: 44, 71, 38',
    });
    await expect(kohli.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
  },
};
