import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { http, serverError, userLeagues } from '../../../stories/api';
import { AppAt, freshApp } from '../../../stories/app';
import type { LeagueConfigurationItem } from '../../../data/leagues/types';
import { leagueConfigs, makeLeague, selectionConfigs } from '../../../shared/leagues/testData';
import { MyLeaguesPage } from '../MyLeaguesPage';
import { makeTeamRules } from './testData';

/** The Draft Player Selection league the signed-in user runs: both steps are editable. */
const league = makeLeague();

/** Opens the popup from My Leagues (the way a person gets there) and returns the dialog. */
async function openWizard({ userEvent }: Parameters<NonNullable<Story['play']>>[0]) {
  await userEvent.click(await screen.findByRole('button', { name: `Configure ${league.LeagueName}` }));
  return screen.findByRole('dialog', { name: 'League Configuration - Player Selection' });
}

/**
 * The League Configuration popup (the configure wizard) of a Draft Player Selection league, opened from
 * My Leagues by each story's play function: step 1 player counts, a confirmation, step 2 features and points.
 */
const meta = {
  title: 'Screens/Configure League',
  // The screen the popup opens from (imported here, it loads with the stories rather than during the first one).
  component: MyLeaguesPage,
  parameters: {
    layout: 'fullscreen',
    // Docs page: each story in a frame of its own (the whole app, with its own msw handlers and play).
    docs: { story: { inline: false, height: '760px' } },
    msw: {
      handlers: {
        leagues: userLeagues([league]),
        counts: [
          http.get('/selection_config/getSelectionConfigsForLeague/{leagueId}', ({ response }) =>
            response(200).json(selectionConfigs),
          ),
          http.post('/selection_config/bulkUpdate', ({ response }) => response(200).json({ message: 'Saved.' })),
        ],
        features: [
          http.get('/league_configuration/getConfigurationsForLeague/{leagueId}', ({ response }) =>
            response(200).json(leagueConfigs),
          ),
        ],
        // A new Draft league's team rules (the defaults); a save answers them as stored.
        teamRules: [
          http.get('/league/{leagueId}/team_rules', ({ response }) => response(200).json(makeTeamRules())),
          http.put('/league/{leagueId}/team_rules', async ({ request, response }) =>
            response(200).json({ ...makeTeamRules(), ...(await request.json()) }),
          ),
        ],
      },
    },
  },
  beforeEach: () => freshApp(),
  // The real path to the popup (ConfigureLeagueModal): My Leagues, then the league's Configure button.
  render: () => <AppAt path="/home/view-my-leagues" />,
} satisfies Meta<typeof MyLeaguesPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Step 1: the player counts per position and the team rules under them, editable. */
export const PlayerCounts: Story = {
  play: async (context) => {
    const dialog = await openWizard(context);
    await expect(within(dialog).getByText('Configure Number of Players', { selector: 'li' })).toHaveAttribute(
      'aria-current',
      'step',
    );
    await expect(await within(dialog).findByRole('spinbutton', { name: 'Count of Batsman' })).toHaveValue(4);
    // Every count input is on screen, not scrolled off to the side (storybook-phone runs this at 390 px).
    const dialogBox = dialog.getBoundingClientRect();
    // A wide dialog shows the table's header row; on a phone the rows stack, each value labelled instead.
    if (dialogBox.width >= 600) {
      await expect(within(dialog).getByRole('columnheader', { name: 'Max Allowed' })).toBeVisible();
    }
    // The team rules follow the counts: every field on screen too, none wider than the dialog.
    const rules = await within(dialog).findByRole('region', { name: 'Team rules' });
    await expect(await within(rules).findByRole('spinbutton', { name: 'Budget in credits' })).toHaveValue(100);
    await expect(within(rules).getByRole('spinbutton', { name: "Captain's multiplier" })).toHaveValue(2);
    await expect(within(rules).getByRole('spinbutton', { name: "Vice-captain's multiplier" })).toHaveValue(1.5);
    for (const input of within(dialog).getAllByRole('spinbutton')) {
      await expect(input.getBoundingClientRect().right).toBeLessThanOrEqual(dialogBox.right);
    }
  },
};

/** Step 1 → confirmation → step 2 (features and points) → Back to the counts, now saved and read-only. */
export const StepsAndBack: Story = {
  play: async (context) => {
    const { userEvent } = context;
    const dialog = await openWizard(context);
    await within(dialog).findByRole('spinbutton', { name: 'Count of Batsman' });
    await userEvent.click(screen.getByRole('button', { name: 'Save & Continue' }));
    const confirm = await screen.findByRole('alertdialog');
    await expect(confirm).toHaveTextContent(
      'Once you proceed, the selection configuration cannot be changed. Do you want to continue?',
    );
    await userEvent.click(within(confirm).getByRole('button', { name: 'Save & Continue' }));
    await expect(await within(dialog).findByText('Player Selection configuration saved successfully!')).toBeVisible();
    await expect(within(dialog).getByText('Configure Features and Points', { selector: 'li' })).toHaveAttribute(
      'aria-current',
      'step',
    );
    await expect(within(dialog).getByRole('spinbutton', { name: 'Points for Runs' })).toHaveValue(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());

    await userEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    await expect(within(dialog).getByText('Configure Number of Players', { selector: 'li' })).toHaveAttribute(
      'aria-current',
      'step',
    );
    await expect(within(dialog).getByText('The player counts are saved and can no longer be changed.')).toBeVisible();
    await expect(within(dialog).queryByRole('spinbutton', { name: /Count of/ })).not.toBeInTheDocument();
    // The team rules can still change while the league is a Draft: Save & Continue saves them alone.
    await expect(within(dialog).getByRole('spinbutton', { name: 'Backups' })).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: 'Save & Continue' })).toBeVisible();
  },
};

/**
 * The team rules of an Active league (every figure final): read-only under the counts, with the note
 * that they are locked; Next goes on without saving.
 */
export const TeamRulesReadOnly: Story = {
  parameters: {
    msw: {
      handlers: {
        leagues: userLeagues([makeLeague({ Status: 'Active' })]),
        counts: [
          http.get('/selection_config/getSelectionConfigsForLeague/{leagueId}', ({ response }) =>
            response(200).json(selectionConfigs.map((row) => ({ ...row, IsLocked: true }))),
          ),
        ],
        teamRules: [
          http.get('/league/{leagueId}/team_rules', ({ response }) =>
            response(200).json(makeTeamRules({ IsLocked: true, MaxPerSide: null, Backups: 2 })),
          ),
        ],
      },
    },
  },
  play: async (context) => {
    const dialog = await openWizard(context);
    const rules = await within(dialog).findByRole('region', { name: 'Team rules' });
    await expect(await within(rules).findByText('Captain 2× · vice-captain 1.5×')).toBeVisible();
    await expect(within(rules).getByText('Up to 2')).toBeVisible();
    await expect(within(rules).getByText('The team rules are locked once the league is activated.')).toBeVisible();
    await expect(within(dialog).queryByRole('spinbutton')).not.toBeInTheDocument();
    await expect(within(dialog).getByRole('button', { name: 'Next' })).toBeVisible();
  },
};

/** A league with no positions and no features to configure. */
export const Empty: Story = {
  parameters: {
    msw: {
      handlers: {
        counts: [
          http.get('/selection_config/getSelectionConfigsForLeague/{leagueId}', ({ response }) =>
            response(200).json([]),
          ),
        ],
        features: [
          http.get('/league_configuration/getConfigurationsForLeague/{leagueId}', ({ response }) =>
            response(200).json([]),
          ),
        ],
      },
    },
  },
  play: async (context) => {
    const dialog = await openWizard(context);
    await expect(await within(dialog).findByText('No positions to configure.')).toBeVisible();
  },
};

/** The league's configuration could not be loaded: the popup says so. */
export const LoadError: Story = {
  parameters: {
    msw: {
      handlers: {
        features: [
          http.get('/league_configuration/getConfigurationsForLeague/{leagueId}', ({ response }) =>
            response.untyped(serverError()),
          ),
        ],
      },
    },
  },
  play: async (context) => {
    const dialog = await openWizard(context);
    await expect(
      await within(dialog).findByText('Failed to fetch league configurations. Please try again.'),
    ).toBeVisible();
  },
};

/** A Draft Match Prediction league with the catalogue's six features at their default points. */
const mpLeague = makeLeague({ LeagueID: 8, LeagueName: 'Office Predictors', LeagueTypeName: 'Match Prediction' });
const mpFeatures: LeagueConfigurationItem[] = [
  ['Match Winner', 'team', 10, 'Pick the team that wins the match (a tie goes to the super-over winner).'],
  ['Most Runs', 'player', 20, 'Pick the batsman, wicketkeeper or allrounder who scores the most runs.'],
  ['Most Wickets', 'player', 20, 'Pick the bowler or allrounder who takes the most wickets.'],
  ['Man of the Match', 'player', 25, 'Pick the official player of the match.'],
  ['Winning Margin', 'bonus', 15, 'Pick the band of the winning margin in runs or wickets.'],
  ['Total Sixes', 'bonus', 15, 'Pick the band of the number of sixes hit in the match.'],
].map(([name, type, points, description], i) => ({
  ID: 80 + i,
  LeagueID: 8,
  FeatureName: String(name),
  FeatureDescription: String(description),
  FeatureTypeName: type as LeagueConfigurationItem['FeatureTypeName'],
  IsActive: true,
  Points: Number(points),
  FeatureID: i + 1,
  MaxPoints: 100,
  Sign: 1,
}));

/** Whether `el` is inside the window and inside the visible part of each scrolling box around it. */
function inView(el: Element): boolean {
  const box = el.getBoundingClientRect();
  if (box.top < 0 || box.bottom > window.innerHeight || box.left < 0 || box.right > window.innerWidth) return false;
  for (let up = el.parentElement; up; up = up.parentElement) {
    if (!/(auto|scroll|hidden)/.test(getComputedStyle(up).overflowY)) continue;
    const outer = up.getBoundingClientRect();
    if (box.top < outer.top - 1 || box.bottom > outer.bottom + 1) return false;
  }
  return true;
}

/**
 * Saved on a phone (390 px): the person scrolls to the last feature, presses Save Configuration in the
 * footer, and sees "Features and Points configuration saved successfully!" without scrolling back: the
 * message at the top of the popup's body brings itself into view.
 */
export const SavedOnAPhone: Story = {
  name: 'Saved on a phone (390px)',
  globals: { viewport: { value: 'mobile390', isRotated: false } },
  parameters: {
    msw: {
      handlers: {
        leagues: userLeagues([mpLeague]),
        features: [
          http.get('/league_configuration/getConfigurationsForLeague/{leagueId}', ({ response }) =>
            response(200).json(mpFeatures),
          ),
          http.post('/league_configuration/bulkUpdate', ({ response }) => response(200).json({ message: 'Saved.' })),
        ],
      },
    },
  },
  play: async ({ userEvent }) => {
    await userEvent.click(await screen.findByRole('button', { name: `Configure ${mpLeague.LeagueName}` }));
    const dialog = await screen.findByRole('dialog', { name: 'League Configuration - Match Prediction' });
    const last = await within(dialog).findByRole('spinbutton', { name: 'Points for Total Sixes' });
    last.scrollIntoView({ block: 'end' });
    await waitFor(() => expect(inView(last)).toBe(true));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Configuration' }));
    const saved = await within(dialog).findByRole('status');
    await expect(saved).toHaveTextContent('Features and Points configuration saved successfully!');
    await waitFor(() => expect(inView(saved)).toBe(true));
  },
};

/** A feature's description opens on a tap (phones never hover): here Most Runs, at 390 px. */
export const DescriptionOnTap: Story = {
  name: 'Feature description on a tap (390px)',
  globals: { viewport: { value: 'mobile390', isRotated: false } },
  parameters: SavedOnAPhone.parameters,
  play: async ({ userEvent }) => {
    await userEvent.click(await screen.findByRole('button', { name: `Configure ${mpLeague.LeagueName}` }));
    const dialog = await screen.findByRole('dialog', { name: 'League Configuration - Match Prediction' });
    await userEvent.pointer({
      keys: '[TouchA]',
      target: await within(dialog).findByRole('button', { name: 'Most Runs' }),
    });
    const tip = await screen.findByRole('dialog', { name: 'About Most Runs' });
    await expect(tip).toHaveTextContent('scores the most runs');
    await waitFor(() => expect(inView(tip)).toBe(true));
  },
};

/**
 * A team rule refused on a phone (390 px): the admin scrolls to the team rules under the counts, sets
 * a vice-captain's multiplier of 3.5 and presses Save & Continue. The field says why and takes the
 * focus (in view); with the figure corrected, the server's refusal (here: the league was activated in
 * the meantime) shows at the top of the popup, brought into view, and the counts stay unsaved.
 */
export const TeamRulesOnAPhone: Story = {
  name: 'Team rules refused on a phone (390px)',
  globals: { viewport: { value: 'mobile390', isRotated: false } },
  parameters: {
    msw: {
      handlers: {
        teamRules: [
          http.get('/league/{leagueId}/team_rules', ({ response }) => response(200).json(makeTeamRules())),
          http.put('/league/{leagueId}/team_rules', ({ response }) =>
            response(400).json({ error: { message: 'The team rules are locked once the league is activated.' } }),
          ),
        ],
      },
    },
  },
  play: async (context) => {
    const { userEvent } = context;
    const dialog = await openWizard(context);
    const vice = await within(dialog).findByRole('spinbutton', { name: "Vice-captain's multiplier" });
    vice.scrollIntoView({ block: 'center' });
    await userEvent.clear(vice);
    await userEvent.type(vice, '3.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save & Continue' }));
    await expect(
      await within(dialog).findByText("The vice-captain's multiplier must be between 1 and 3."),
    ).toBeVisible();
    await waitFor(() => expect(vice).toHaveFocus());
    await waitFor(() => expect(inView(vice)).toBe(true));
    await expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await userEvent.clear(vice);
    await userEvent.type(vice, '1.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save & Continue' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Save & Continue' }),
    );
    const refused = await within(dialog).findByRole('alert');
    await expect(refused).toHaveTextContent('The team rules are locked once the league is activated.');
    await waitFor(() => expect(inView(refused)).toBe(true));
    await expect(within(dialog).getByRole('spinbutton', { name: 'Count of Batsman' })).toBeVisible();
  },
};
