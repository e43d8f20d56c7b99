import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi, reply, serverFailure } from '../../../test/api';
import { renderApp, testUser } from '../../../test/render';
import { leagueConfigs, makeLeague, selectionConfigs } from '../../../shared/leagues/testData';
import { makeTeamRules } from './testData';

const ps = makeLeague();
const mp = makeLeague({ LeagueID: 2, LeagueName: 'Predictors', LeagueTypeName: 'Match Prediction' });
const notMine = makeLeague({ LeagueID: 3, LeagueName: 'Cousins Cup', AdminUserID: 99 });

const leagues = reply('/league/userLeagues/{userId}', 'get', 200, { data: [ps, mp, notMine] });
const configs = reply('/league_configuration/getConfigurationsForLeague/{leagueId}', 'get', 200, leagueConfigs);
const counts = reply('/selection_config/getSelectionConfigsForLeague/{leagueId}', 'get', 200, selectionConfigs);
/** A Draft league's team rules: the defaults (budget 100, captain 2×, vice-captain 1.5×, 7 a side, 4 backups). */
const rules = reply('/league/{leagueId}/team_rules', 'get', 200, makeTeamRules());
/** PUT team_rules answers the rules as stored. */
const saveRules = reply('/league/{leagueId}/team_rules', 'put', 200, (request) => ({
  ...makeTeamRules(),
  ...(request.body as object),
}));

async function open(name: string) {
  const user = userEvent.setup();
  renderApp('/home/view-my-leagues', { user: testUser });
  await user.click(await screen.findByRole('button', { name: `Configure ${name}` }));
  const dialog = await screen.findByRole('dialog');
  return { user, dialog };
}

const count = (dialog: HTMLElement, position: string) =>
  within(dialog).getByRole('spinbutton', { name: `Count of ${position}` });

describe('Configure League popup', () => {
  it('walks a Player Selection league: counts, confirmation, save, features and points, Back', async () => {
    const { requests } = mockApi(
      leagues,
      configs,
      counts,
      rules,
      saveRules,
      reply('/selection_config/bulkUpdate', 'post', 200, { message: 'Saved.' }),
      reply('/league_configuration/bulkUpdate', 'post', 200, { message: 'Saved.' }),
    );
    const { user, dialog } = await open('Office League');
    expect(
      within(dialog).getByRole('heading', { name: 'League Configuration - Player Selection' }),
    ).toBeInTheDocument();
    const current = within(dialog).getByText('Configure Number of Players', { selector: 'li' });
    expect(current).toHaveAttribute('aria-current', 'step');
    expect(await within(dialog).findByRole('columnheader', { name: 'Max Allowed' })).toBeInTheDocument();

    await user.clear(count(dialog, 'Wicketkeeper'));
    await user.type(count(dialog, 'Wicketkeeper'), '2');
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    expect(await within(dialog).findByText('Max 1 Wicketkeeper are allowed.')).toBeInTheDocument();

    await user.clear(count(dialog, 'Wicketkeeper'));
    await user.type(count(dialog, 'Wicketkeeper'), '1');
    await user.clear(count(dialog, 'Batsman'));
    await user.type(count(dialog, 'Batsman'), '5');
    await user.clear(count(dialog, 'Bowler'));
    await user.type(count(dialog, 'Bowler'), '5');
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    expect(await within(dialog).findByText('Total players cannot exceed 11.')).toBeInTheDocument();

    for (const position of ['Batsman', 'Bowler', 'Allrounder', 'Wicketkeeper'])
      await user.clear(count(dialog, position));
    for (const position of ['Batsman', 'Bowler', 'Allrounder', 'Wicketkeeper'])
      await user.type(count(dialog, position), '0');
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    expect(await within(dialog).findByText('At least one player is required.')).toBeInTheDocument();

    await user.clear(count(dialog, 'Batsman'));
    await user.type(count(dialog, 'Batsman'), '5');
    await user.clear(count(dialog, 'Bowler'));
    await user.type(count(dialog, 'Bowler'), '4');
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent(
      'Once you proceed, the selection configuration cannot be changed. Do you want to continue?',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(requests.some((r) => r.path.includes('selection_config/bulkUpdate'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Save & Continue' }));
    expect(await within(dialog).findByText('Player Selection configuration saved successfully!')).toBeInTheDocument();
    // The team rules were saved first (as loaded: the defaults), then the counts.
    const saves = requests.filter((r) => r.method !== 'GET');
    expect(saves.map((r) => `${r.method} ${r.path}`)).toEqual([
      'PUT /api/league/1/team_rules',
      'POST /api/selection_config/bulkUpdate',
    ]);
    expect(saves[0]?.body).toEqual({
      BudgetCredits: 100,
      CaptainMultiplier: 2,
      ViceCaptainMultiplier: 1.5,
      MaxPerSide: 7,
      Backups: 4,
    });
    expect(requests.find((r) => r.path.includes('selection_config/bulkUpdate'))?.body).toEqual({
      LeagueSelectionConfig: [
        { SelectionConfigID: 1, Count: 5, IsActive: true },
        { SelectionConfigID: 2, Count: 4, IsActive: true },
        { SelectionConfigID: 3, Count: 0, IsActive: true },
        { SelectionConfigID: 4, Count: 0, IsActive: true },
      ],
    });

    // Step 2
    expect(within(dialog).getByText('Configure Features and Points', { selector: 'li' })).toHaveAttribute(
      'aria-current',
      'step',
    );
    const runs = within(dialog).getByRole('spinbutton', { name: 'Points for Runs' });
    expect(runs).toHaveAccessibleDescription('Range (0 - 5)');
    await user.clear(runs);
    await user.click(screen.getByRole('button', { name: 'Save Configuration' }));
    expect(await within(dialog).findByText('Points are required.')).toBeInTheDocument();
    await user.type(runs, '6');
    await user.click(screen.getByRole('button', { name: 'Save Configuration' }));
    expect(await within(dialog).findByText('Points for "Runs" must be between 0 and 5 inclusive.')).toBeInTheDocument();
    await user.clear(runs);
    await user.type(runs, '2.5');
    await user.click(screen.getByRole('button', { name: 'Save Configuration' }));
    expect(await within(dialog).findByText('Points must be a whole number.')).toBeInTheDocument();
    await user.clear(runs);
    await user.type(runs, '3');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Select Wickets' }));
    await user.click(screen.getByRole('button', { name: 'Save Configuration' }));
    expect(
      await within(dialog).findByText('Features and Points configuration saved successfully!'),
    ).toBeInTheDocument();
    expect(requests.find((r) => r.path.includes('league_configuration/bulkUpdate'))?.body).toEqual({
      LeagueConfiguration: [
        { LeagueConfigurationID: 11, LeagueID: 1, FeatureID: 21, Points: 3, IsActive: true },
        { LeagueConfigurationID: 12, LeagueID: 1, FeatureID: 22, Points: 10, IsActive: true },
      ],
    });

    // Back to step 1: the counts are locked now; the team rules stay editable while the league is a Draft.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(within(dialog).queryByRole('spinbutton', { name: /Count of/ })).not.toBeInTheDocument();
    expect(within(dialog).getByText(/can no longer be changed/)).toBeInTheDocument();
    const backups = within(dialog).getByRole('spinbutton', { name: 'Backups' });
    await user.clear(backups);
    await user.type(backups, '2');
    // Save & Continue saves the rules alone, without the confirmation (nothing becomes final).
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    expect(await within(dialog).findByText('Team rules saved successfully!')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('spinbutton', { name: 'Points for Runs' })).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PUT').at(-1)?.body).toMatchObject({ Backups: 2 });
    expect(requests.filter((r) => r.path.includes('selection_config/bulkUpdate'))).toHaveLength(1);
  }, 30_000);

  it('opens saved (locked) counts read-only: Save & Continue saves only the team rules, without a confirmation', async () => {
    const saved = selectionConfigs.map((row) => ({ ...row, IsLocked: true }));
    const { requests } = mockApi(
      leagues,
      configs,
      rules,
      saveRules,
      reply('/selection_config/getSelectionConfigsForLeague/{leagueId}', 'get', 200, saved),
    );
    const { user, dialog } = await open('Office League');
    expect(await within(dialog).findByText(/can no longer be changed/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('spinbutton', { name: 'Count of Batsman' })).not.toBeInTheDocument();
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Most players from one side' }));
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    expect(await within(dialog).findByRole('spinbutton', { name: 'Points for Runs' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(within(dialog).getByText('Team rules saved successfully!')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    expect(requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
      { BudgetCredits: 100, CaptainMultiplier: 2, ViceCaptainMultiplier: 1.5, MaxPerSide: null, Backups: 4 },
    ]);
  });

  it('opens a league whose counts and rules are final (Active) read-only: Next, no save', async () => {
    const saved = selectionConfigs.map((row) => ({ ...row, IsLocked: true }));
    const { requests } = mockApi(
      reply('/league/userLeagues/{userId}', 'get', 200, { data: [makeLeague({ Status: 'Active' })] }),
      configs,
      reply('/league/{leagueId}/team_rules', 'get', 200, makeTeamRules({ IsLocked: true })),
      reply('/selection_config/getSelectionConfigsForLeague/{leagueId}', 'get', 200, saved),
    );
    const { user, dialog } = await open('Office League');
    const teamRules = await within(dialog).findByRole('region', { name: 'Team rules' });
    await within(teamRules).findByText('100 credits');
    expect(
      within(teamRules)
        .getAllByTestId('team-rule')
        .map((rule) => rule.textContent),
    ).toEqual([
      'Budget100 credits',
      'Captain and vice-captainCaptain 2× · vice-captain 1.5×',
      'Most players from one side7',
      'BackupsUp to 4',
    ]);
    expect(teamRules).toHaveTextContent('The team rules are locked once the league is activated.');
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('spinbutton')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('Runs')).toBeInTheDocument();
    expect(requests.filter((r) => r.method !== 'GET')).toHaveLength(0);
  });

  it('reports a failed step-1 save in the popup and closes the confirmation', async () => {
    mockApi(
      leagues,
      configs,
      counts,
      rules,
      saveRules,
      serverFailure('/selection_config/bulkUpdate', 'post', 500, 'No'),
    );
    const { user, dialog } = await open('Office League');
    await within(dialog).findByRole('spinbutton', { name: 'Count of Batsman' });
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Save & Continue' }));
    expect(
      await within(dialog).findByText('An error occurred while saving the selection configuration.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('Match Prediction has only the features step, no Back, and shows why a save was refused', async () => {
    mockApi(
      leagues,
      configs,
      reply('/league_configuration/bulkUpdate', 'post', 400, apiError('This league is no longer a Draft.')),
    );
    const { user, dialog } = await open('Predictors');
    expect(
      within(dialog).getByRole('heading', { name: 'League Configuration - Match Prediction' }),
    ).toBeInTheDocument();
    await within(dialog).findByRole('spinbutton', { name: 'Points for Runs' });
    expect(within(dialog).queryByText('Configure Number of Players')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Configuration' }));
    // A refused save (400) shows the server's reason rather than the fallback.
    expect(await within(dialog).findByText('This league is no longer a Draft.')).toBeInTheDocument();
    expect(within(dialog).queryByText('An error occurred while saving the configuration.')).not.toBeInTheDocument();
  });

  it('answers an empty, blank or NaN points value as the API does: Points are required., nothing sent', async () => {
    const { requests } = mockApi(leagues, configs);
    const { user, dialog } = await open('Predictors');
    const runs = await within(dialog).findByRole('spinbutton', { name: 'Points for Runs' });
    for (const value of ['', '   ', 'NaN']) {
      fireEvent.change(runs, { target: { value } });
      await user.click(screen.getByRole('button', { name: 'Save Configuration' }));
      expect(await within(dialog).findByText('Points are required.')).toBeInTheDocument();
      fireEvent.change(runs, { target: { value: '3' } });
      await waitFor(() => expect(within(dialog).queryByText('Points are required.')).not.toBeInTheDocument());
    }
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('shows a penalty as it counts: a minus before its points, Deducted in the hint, −2 read-only', async () => {
    const duck = {
      ...leagueConfigs[0]!,
      ID: 13,
      FeatureID: 107,
      FeatureName: 'Duck',
      FeatureDescription: 'Dismissed for 0 (not for bowlers).',
      Points: 2,
      MaxPoints: 10,
      Sign: -1 as const,
    };
    const withDuck = reply('/league_configuration/getConfigurationsForLeague/{leagueId}', 'get', 200, [
      ...leagueConfigs,
      duck,
    ]);
    mockApi(leagues, withDuck);
    const { dialog } = await open('Predictors');
    const points = await within(dialog).findByRole('spinbutton', { name: 'Points deducted for Duck' });
    // The admin types the magnitude (0..MaxPoints, spec section 5); the row says it is deducted.
    expect(points).toHaveValue(2);
    expect(points).toHaveAccessibleDescription('Deducted · Range (0 - 10)');
    expect(points.closest('td')).toHaveTextContent('\u2212');
    expect(within(dialog).getByRole('spinbutton', { name: 'Points for Runs' })).toHaveAccessibleDescription(
      'Range (0 - 5)',
    );
  });

  it('shows points signed when read-only: a penalty reads −2', async () => {
    const duck = { ...leagueConfigs[0]!, ID: 13, FeatureID: 107, FeatureName: 'Duck', Points: 2, Sign: -1 as const };
    mockApi(
      reply('/league/userLeagues/{userId}', 'get', 200, {
        data: [makeLeague({ Status: 'Active', LeagueTypeName: 'Match Prediction' })],
      }),
      reply('/league_configuration/getConfigurationsForLeague/{leagueId}', 'get', 200, [...leagueConfigs, duck]),
    );
    const { dialog } = await open('Office League');
    await within(dialog).findByText('Duck');
    expect(
      within(dialog)
        .getAllByTestId('feature-points')
        .map((cell) => cell.textContent),
    ).toEqual(['+1', '+10', '\u22122']);
  });

  it("opens a feature's description on a tap or click, not only on hover", async () => {
    mockApi(leagues, configs);
    const { user, dialog } = await open('Predictors');
    await user.click(await within(dialog).findByRole('button', { name: 'Runs' }));
    const tip = await screen.findByRole('dialog', { name: 'About Runs' });
    expect(tip).toHaveTextContent('Points per run scored.');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'About Runs' })).not.toBeInTheDocument());
    // Escape closed the description, not the popup.
    expect(dialog).toBeInTheDocument();
  });

  it('moves focus to the first invalid points field when a save is refused, so it scrolls into view', async () => {
    mockApi(leagues, configs);
    const { user, dialog } = await open('Predictors');
    const runs = await within(dialog).findByRole('spinbutton', { name: 'Points for Runs' });
    await user.clear(runs);
    await user.click(screen.getByRole('button', { name: 'Save Configuration' }));
    await waitFor(() => expect(runs).toHaveFocus());
    expect(runs).toHaveAttribute('aria-invalid', 'true');
  });

  it('is view-only for a non-admin: Next with a confirmation, read-only points, no save', async () => {
    mockApi(leagues, configs, counts, rules);
    const { user, dialog } = await open('Cousins Cup');
    await within(dialog).findByText('Batsman');
    // The Draft league's rules, read-only for a member (no lock note: the admin may still change them).
    const teamRules = await within(dialog).findByRole('region', { name: 'Team rules' });
    expect(await within(teamRules).findByText('Up to 4')).toBeInTheDocument();
    expect(teamRules).not.toHaveTextContent('locked');
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('spinbutton')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save & Continue' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('Runs')).toBeInTheDocument();
    expect(within(dialog).queryByRole('spinbutton')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'Select Runs' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save Configuration' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });

  it('is view-only for an Active league even for its admin', async () => {
    mockApi(
      reply('/league/userLeagues/{userId}', 'get', 200, {
        data: [makeLeague({ Status: 'Active', LeagueTypeName: 'Match Prediction' })],
      }),
      configs,
    );
    const { dialog } = await open('Office League');
    await within(dialog).findByText('Runs');
    expect(within(dialog).queryByRole('spinbutton')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Configuration' })).not.toBeInTheDocument();
  });

  it.each([
    ['league configurations', 'Failed to fetch league configurations. Please try again.', /getConfigurationsForLeague/],
    [
      'selection configurations',
      'Failed to fetch selection configurations. Please try again.',
      /getSelectionConfigsForLeague/,
    ],
    ['team rules', 'Failed to fetch team rules. Please try again.', /team_rules/],
  ])('reports failed %s in the popup', async (_, message, failing) => {
    mockApi(
      leagues,
      { method: 'GET', pattern: failing, reply: () => ({ status: 500, body: apiError('x') }) },
      configs,
      counts,
      rules,
    );
    const { dialog } = await open('Office League');
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
  });
});

describe('Configure League popup: team rules (Player Selection, step 1)', () => {
  const field = (dialog: HTMLElement, name: string) => within(dialog).getByRole('spinbutton', { name });
  async function retype(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
    await user.clear(input);
    if (text) await user.type(input, text);
  }

  it('shows the rules under the counts with their defaults, each rule on or off', async () => {
    mockApi(leagues, configs, counts, rules);
    const { user, dialog } = await open('Office League');
    const teamRules = await within(dialog).findByRole('region', { name: 'Team rules' });
    // Below the counts table, in the same step.
    const table = within(dialog).getByRole('table');
    expect(table.compareDocumentPosition(teamRules) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(await within(teamRules).findByRole('checkbox', { name: 'Budget' })).toBeChecked();
    expect(field(dialog, 'Budget in credits')).toHaveValue(100);
    expect(field(dialog, 'Budget in credits')).toHaveAccessibleDescription('50–200 credits for the whole team');
    expect(within(teamRules).getByRole('checkbox', { name: 'Captain and vice-captain' })).toBeChecked();
    expect(field(dialog, "Captain's multiplier")).toHaveValue(2);
    expect(field(dialog, "Vice-captain's multiplier")).toHaveValue(1.5);
    expect(field(dialog, "Captain's multiplier")).toHaveAttribute('step', '0.05');
    expect(field(dialog, 'Players from one side, at most')).toHaveValue(7);
    expect(field(dialog, 'Backups')).toHaveValue(4);
    // A rule turned off hides its figure; on again, it comes back as it was.
    await user.click(within(teamRules).getByRole('checkbox', { name: 'Budget' }));
    expect(within(dialog).queryByRole('spinbutton', { name: 'Budget in credits' })).not.toBeInTheDocument();
    await user.click(within(teamRules).getByRole('checkbox', { name: 'Budget' }));
    expect(field(dialog, 'Budget in credits')).toHaveValue(100);
  });

  it('checks every figure with the server’s messages before anything is saved, focusing the first wrong one', async () => {
    const { requests } = mockApi(
      leagues,
      configs,
      counts,
      rules,
      saveRules,
      reply('/selection_config/bulkUpdate', 'post', 200, { message: 'Saved.' }),
    );
    const { user, dialog } = await open('Office League');
    await within(dialog).findByRole('region', { name: 'Team rules' });
    await retype(user, await within(dialog).findByRole('spinbutton', { name: 'Budget in credits' }), '250');
    await retype(user, field(dialog, "Captain's multiplier"), '2.03');
    await retype(user, field(dialog, "Vice-captain's multiplier"), '');
    await retype(user, field(dialog, 'Players from one side, at most'), '11');
    await retype(user, field(dialog, 'Backups'), '5');
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    await waitFor(() => expect(field(dialog, 'Budget in credits')).toHaveFocus());
    expect(field(dialog, 'Budget in credits')).toHaveAccessibleDescription(
      expect.stringContaining('The budget must be between 50 and 200.'),
    );
    expect(within(dialog).getByText("The captain's multiplier must be between 1 and 3.")).toBeInTheDocument();
    expect(within(dialog).getByText("The vice-captain's multiplier must be between 1 and 3.")).toBeInTheDocument();
    expect(within(dialog).getByText('The most players from one side must be between 1 and 10.')).toBeInTheDocument();
    expect(within(dialog).getByText('The number of backups must be between 0 and 4.')).toBeInTheDocument();
    expect(field(dialog, 'Backups')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    // A rule turned off is not checked; the others corrected, the rules go with the counts.
    await user.click(within(dialog).getByRole('checkbox', { name: 'Budget' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Most players from one side' }));
    await retype(user, field(dialog, "Captain's multiplier"), '2.5');
    await retype(user, field(dialog, "Vice-captain's multiplier"), '1.25');
    await retype(user, field(dialog, 'Backups'), '0');
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Save & Continue' }));
    expect(await within(dialog).findByText('Player Selection configuration saved successfully!')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      BudgetCredits: null,
      CaptainMultiplier: 2.5,
      ViceCaptainMultiplier: 1.25,
      MaxPerSide: null,
      Backups: 0,
    });
  });

  it('checks the counts and the rules at once', async () => {
    const { requests } = mockApi(leagues, configs, counts, rules);
    const { user, dialog } = await open('Office League');
    await within(dialog).findByRole('region', { name: 'Team rules' });
    await retype(user, count(dialog, 'Wicketkeeper'), '2');
    await retype(user, field(dialog, 'Backups'), '9');
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    expect(await within(dialog).findByText('Max 1 Wicketkeeper are allowed.')).toBeInTheDocument();
    expect(within(dialog).getByText('The number of backups must be between 0 and 4.')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(requests.filter((r) => r.method !== 'GET')).toHaveLength(0);
  });

  it('shows the server’s refusal of a rule in the popup and saves no counts: both must succeed', async () => {
    const { requests } = mockApi(
      leagues,
      configs,
      counts,
      rules,
      reply(
        '/league/{leagueId}/team_rules',
        'put',
        400,
        apiError('The team rules are locked once the league is activated.'),
      ),
      reply('/selection_config/bulkUpdate', 'post', 200, { message: 'Saved.' }),
    );
    const { user, dialog } = await open('Office League');
    await within(dialog).findByRole('region', { name: 'Team rules' });
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Save & Continue' }));
    const error = await within(dialog).findByRole('alert');
    expect(error).toHaveTextContent('The team rules are locked once the league is activated.');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(requests.some((r) => r.path.includes('selection_config/bulkUpdate'))).toBe(false);
    // Still step 1, the counts still editable.
    expect(within(dialog).getByText('Configure Number of Players', { selector: 'li' })).toHaveAttribute(
      'aria-current',
      'step',
    );
    expect(count(dialog, 'Batsman')).toBeInTheDocument();
  });

  it('stays on step 1 when the counts fail after the rules were saved', async () => {
    const { requests } = mockApi(
      leagues,
      configs,
      counts,
      rules,
      saveRules,
      reply('/selection_config/bulkUpdate', 'post', 400, apiError('Max 1 Wicketkeeper are allowed.')),
    );
    const { user, dialog } = await open('Office League');
    await within(dialog).findByRole('region', { name: 'Team rules' });
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Save & Continue' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Max 1 Wicketkeeper are allowed.');
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1);
    expect(count(dialog, 'Batsman')).toBeInTheDocument();
    expect(within(dialog).queryByRole('spinbutton', { name: 'Points for Runs' })).not.toBeInTheDocument();
  });

  it('turns the rules on for a league created before them (every rule off)', async () => {
    const { requests } = mockApi(
      leagues,
      configs,
      counts,
      reply(
        '/league/{leagueId}/team_rules',
        'get',
        200,
        makeTeamRules({
          BudgetCredits: null,
          CaptainMultiplier: null,
          ViceCaptainMultiplier: null,
          MaxPerSide: null,
          Backups: 0,
        }),
      ),
      saveRules,
      reply('/selection_config/bulkUpdate', 'post', 200, { message: 'Saved.' }),
    );
    const { user, dialog } = await open('Office League');
    const roles = await within(dialog).findByRole('checkbox', { name: 'Captain and vice-captain' });
    expect(roles).not.toBeChecked();
    expect(within(dialog).queryByRole('spinbutton', { name: "Captain's multiplier" })).not.toBeInTheDocument();
    await user.click(roles);
    // Turned on, the multipliers start at the defaults (2 and 1.5).
    expect(field(dialog, "Captain's multiplier")).toHaveValue(2);
    expect(field(dialog, "Vice-captain's multiplier")).toHaveValue(1.5);
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Save & Continue' }));
    await within(dialog).findByText('Player Selection configuration saved successfully!');
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      BudgetCredits: null,
      CaptainMultiplier: 2,
      ViceCaptainMultiplier: 1.5,
      MaxPerSide: null,
      Backups: 0,
    });
  });

  it('waits for the rules before the admin can save step 1', async () => {
    mockApi(leagues, configs, counts, serverFailure('/league/{leagueId}/team_rules', 'get', 500, 'x'));
    const { dialog } = await open('Office League');
    expect(await within(dialog).findByText('Failed to fetch team rules. Please try again.')).toBeInTheDocument();
    await within(dialog).findByRole('spinbutton', { name: 'Count of Batsman' });
    expect(screen.getByRole('button', { name: 'Save & Continue' })).toBeDisabled();
  });
});
