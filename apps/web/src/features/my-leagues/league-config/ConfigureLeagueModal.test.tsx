import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi, reply, serverFailure } from '../../../test/api';
import { renderApp, testUser } from '../../../test/render';
import { leagueConfigs, makeLeague, selectionConfigs } from '../../../shared/leagues/testData';

const ps = makeLeague();
const mp = makeLeague({ LeagueID: 2, LeagueName: 'Predictors', LeagueTypeName: 'Match Prediction' });
const notMine = makeLeague({ LeagueID: 3, LeagueName: 'Cousins Cup', AdminUserID: 99 });

const leagues = reply('/league/userLeagues/{userId}', 'get', 200, { data: [ps, mp, notMine] });
const configs = reply('/league_configuration/getConfigurationsForLeague/{leagueId}', 'get', 200, leagueConfigs);
const counts = reply('/selection_config/getSelectionConfigsForLeague/{leagueId}', 'get', 200, selectionConfigs);

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

    // Back to step 1: locked now.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(within(dialog).queryByRole('spinbutton')).not.toBeInTheDocument();
    expect(within(dialog).getByText(/can no longer be changed/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('spinbutton', { name: 'Points for Runs' })).toBeInTheDocument();
  }, 30_000);

  it('opens saved (locked) counts read-only: Next goes straight to the features', async () => {
    const saved = selectionConfigs.map((row) => ({ ...row, IsLocked: true }));
    const { requests } = mockApi(
      leagues,
      configs,
      reply('/selection_config/getSelectionConfigsForLeague/{leagueId}', 'get', 200, saved),
    );
    const { user, dialog } = await open('Office League');
    expect(await within(dialog).findByText(/can no longer be changed/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('spinbutton', { name: 'Count of Batsman' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(await within(dialog).findByRole('spinbutton', { name: 'Points for Runs' })).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('reports a failed step-1 save in the popup and closes the confirmation', async () => {
    mockApi(leagues, configs, counts, serverFailure('/selection_config/bulkUpdate', 'post', 500, 'No'));
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
    mockApi(leagues, configs, counts);
    const { user, dialog } = await open('Cousins Cup');
    await within(dialog).findByText('Batsman');
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
  ])('reports failed %s in the popup', async (_, message, failing) => {
    mockApi(
      leagues,
      { method: 'GET', pattern: failing, reply: () => ({ status: 500, body: apiError('x') }) },
      configs,
      counts,
    );
    const { dialog } = await open('Office League');
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
  });
});
