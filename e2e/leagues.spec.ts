import { type Browser, type Page, expect, test } from '@playwright/test';
import { choose, newSignedInUser, snapshot } from './support';

/**
 * Issue 4, the league screens end to end: two people in two browser contexts. A starts a private
 * Player Selection league, configures and activates it; B asks to join by code; A approves; B sees
 * the league and its Approved members; A hands the admin role to B. A public league is found by
 * search and joined at once. Validation messages of each screen along the way.
 */

const stamp = Date.now().toString(36);

async function registerAndSignIn(browser: Browser, first: string): Promise<Page> {
  return (await newSignedInUser(browser, { first, last: 'Tester' })).page;
}

/** The banner message (success or error) — exact text. */
function banner(page: Page, text: string) {
  return page.getByText(text, { exact: true }).first();
}

async function startLeague(
  page: Page,
  options: { name: string; description: string; isPrivate: boolean; type: string; gamerName: string },
) {
  await page.goto('/home/start-league');
  await page.getByLabel(/^League Name/).fill(options.name);
  await page.getByLabel('League Description').fill(options.description);
  if (options.isPrivate) await page.getByRole('checkbox', { name: 'Is Private League' }).check();
  await choose(page, 'League Type', options.type);
  await choose(page, 'Select Series');
  await page.getByLabel(/^Gamer Name/).fill(options.gamerName);
  await page.getByRole('button', { name: 'Create League' }).click();
  await expect(banner(page, 'League created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/home\/view-my-leagues$/);
}

async function activate(page: Page, league: string) {
  await page.goto('/home/view-my-leagues');
  await page.getByRole('button', { name: `Activate ${league}` }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(/no changes are allowed/i);
  await dialog.getByRole('button', { name: 'Activate' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: `Activate ${league}` })).toHaveCount(0);
}

test.describe('leagues', () => {
  test('start, configure, activate, join, approve, members and admin transfer; public search and join', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const privateName = `Office League ${stamp}`;
    const publicName = `Open Cup ${stamp}`;
    const a = await registerAndSignIn(browser, 'Alice');
    const b = await registerAndSignIn(browser, 'Bruno');

    // Home
    await expect(a.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await expect(a.getByRole('heading', { name: 'Daily Challenges' })).toBeVisible();
    await snapshot(a, 'leagues-home');

    // Start League: validation, then a private Player Selection league.
    await a.goto('/home/start-league');
    await a.getByRole('button', { name: 'Create League' }).click();
    await expect(a.getByText('Please fix the errors in the form.')).toBeVisible();
    for (const message of [
      '* League Name is required',
      '* League Type is required',
      '* Series is required',
      '* Display Name is required',
    ]) {
      await expect(a.getByText(message, { exact: true })).toBeVisible();
    }
    await snapshot(a, 'leagues-start-errors');
    // Public leagues offer only Match Prediction.
    await a.getByRole('combobox', { name: 'League Type' }).click();
    await expect(a.getByRole('option', { name: 'Player Selection' })).toHaveCount(0);
    await a.keyboard.press('Escape');
    await startLeague(a, {
      name: privateName,
      description: 'Best XI each match. Winner buys lunch.',
      isPrivate: true,
      type: 'Player Selection',
      gamerName: 'AliceXI',
    });
    const row = a.getByRole('row', { name: new RegExp(privateName) });
    await expect(row).toBeVisible();
    const code = (await row.getByRole('cell').first().textContent())?.trim() ?? '';
    expect(code).toMatch(/^[A-Z0-9]{4,}$/);
    await snapshot(a, 'leagues-my-leagues');

    // Configure: step 1 counts with validation, confirmation, step 2 points.
    await a.getByRole('button', { name: `Configure ${privateName}` }).click();
    const dialog = a.getByRole('dialog', { name: 'League Configuration - Player Selection' });
    await expect(dialog).toBeVisible();
    const count = (position: string) => dialog.getByRole('spinbutton', { name: `Count of ${position}` });
    await count('Wicketkeeper').fill('2');
    await a.getByRole('button', { name: 'Save & Continue' }).click();
    await expect(dialog.getByText('Max 1 Wicketkeeper are allowed.')).toBeVisible();
    for (const position of ['Batsman', 'Bowler', 'Allrounder', 'Wicketkeeper']) await count(position).fill('0');
    await a.getByRole('button', { name: 'Save & Continue' }).click();
    await expect(dialog.getByText('At least one player is required.')).toBeVisible();
    await count('Batsman').fill('5');
    await count('Bowler').fill('5');
    await count('Allrounder').fill('1');
    await count('Wicketkeeper').fill('1');
    await a.getByRole('button', { name: 'Save & Continue' }).click();
    await expect(dialog.getByText('Total players cannot exceed 11.')).toBeVisible();
    await count('Batsman').fill('4');
    await count('Bowler').fill('4');
    await count('Allrounder').fill('2');
    await count('Wicketkeeper').fill('1');
    await snapshot(a, 'leagues-configure-step1');
    await a.getByRole('button', { name: 'Save & Continue' }).click();
    const confirm = a.getByRole('alertdialog');
    await expect(confirm).toContainText(
      'Once you proceed, the selection configuration cannot be changed. Do you want to continue?',
    );
    await snapshot(a, 'leagues-configure-confirm');
    await confirm.getByRole('button', { name: 'Save & Continue' }).click();
    await expect(dialog.getByText('Player Selection configuration saved successfully!')).toBeVisible();
    const firstPoints = dialog.getByRole('spinbutton', { name: /^Points for / }).first();
    await firstPoints.fill('');
    await a.getByRole('button', { name: 'Save Configuration' }).click();
    await expect(dialog.getByText('Points are required.')).toBeVisible();
    await firstPoints.fill('1.5');
    await a.getByRole('button', { name: 'Save Configuration' }).click();
    await expect(dialog.getByText('Points must be a whole number.')).toBeVisible();
    await firstPoints.fill('9999');
    await a.getByRole('button', { name: 'Save Configuration' }).click();
    await expect(dialog.getByText(/^Points for ".+" must be between 0 and \d+ inclusive\.$/)).toBeVisible();
    await expect(firstPoints).toHaveAccessibleDescription(/^Range \(0 - \d+\)/);
    await firstPoints.fill('1');
    await a.getByRole('button', { name: 'Save Configuration' }).click();
    await expect(dialog.getByText('Features and Points configuration saved successfully!')).toBeVisible();
    await snapshot(a, 'leagues-configure-step2');
    // Back shows step 1's counts locked (the team rules below them stay editable until activation).
    await a.getByRole('button', { name: 'Back' }).click();
    await expect(dialog.getByRole('spinbutton', { name: /^Count of / })).toHaveCount(0);
    await a.getByRole('button', { name: 'Close' }).click();

    // Edit popup.
    await a.getByRole('button', { name: `Edit ${privateName}` }).click();
    const edit = a.getByRole('dialog', { name: 'Edit Fantasy League' });
    await expect(edit.getByLabel('League Description')).toHaveValue('Best XI each match. Winner buys lunch.');
    await edit.getByRole('checkbox', { name: "Show Other Users' Picks" }).check();
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit.getByText('League details updated successfully!')).toBeVisible();
    await snapshot(a, 'leagues-edit');
    await a.getByRole('button', { name: 'Close' }).click();

    await activate(a, privateName);

    // B: join validation, then join by code (Pending).
    await b.goto('/home/join-league');
    await expect(b.getByRole('button', { name: 'Private League', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await b.getByRole('button', { name: 'Join Private League' }).click();
    await expect(b.getByText('Please fix the errors in the form.')).toBeVisible();
    await expect(b.getByText('* League Code is required', { exact: true })).toBeVisible();
    await expect(b.getByText('* Display Name is required', { exact: true })).toBeVisible();
    await snapshot(b, 'leagues-join-private-errors');
    await b.getByLabel(/^League Code/).fill(code);
    await b.getByLabel(/^Gamer Name/).fill('BrunoB');
    await b.getByRole('button', { name: 'Join Private League' }).click();
    await expect(banner(b, 'Your request to join the league is sent for Approval to the League Admin !')).toBeVisible();

    // A approves B.
    await a.goto('/home/view-league-members');
    await choose(a, 'Select League', privateName);
    const bRow = a.getByRole('row', { name: /BrunoB/ });
    await expect(bRow).toContainText('Pending');
    await snapshot(a, 'leagues-members-admin');
    await bRow.getByRole('button', { name: 'Approve BrunoB' }).click();
    await expect(banner(a, 'Member successfully approved.')).toBeVisible();
    await expect(bRow).toContainText('Approved');

    // B sees the league and only Approved members, without admin columns.
    await b.goto('/home/view-my-leagues');
    await expect(b.getByRole('row', { name: new RegExp(privateName) })).toBeVisible();
    await b.getByRole('button', { name: `Configure ${privateName}` }).click();
    await expect(b.getByRole('button', { name: 'Save & Continue' })).toHaveCount(0);
    await b.getByRole('button', { name: 'Close' }).click();
    await b.goto('/home/view-league-members');
    await choose(b, 'Select League', privateName);
    await expect(b.getByRole('row', { name: /AliceXI/ })).toBeVisible();
    await expect(b.getByRole('row', { name: /BrunoB/ })).toContainText('You are here');
    await expect(b.getByRole('columnheader', { name: 'Make Admin' })).toHaveCount(0);
    await expect(b.getByRole('columnheader', { name: 'Email' })).toHaveCount(0);
    await snapshot(b, 'leagues-members-member');

    // A makes B admin and loses the admin controls.
    await a.reload();
    await choose(a, 'Select League', privateName);
    await a.getByRole('button', { name: 'Make BrunoB admin' }).click();
    const transfer = a.getByRole('alertdialog', { name: 'Confirm Admin Transfer' });
    await transfer.getByRole('button', { name: 'Make Admin' }).click();
    await expect(banner(a, 'Admin changed successfully.')).toBeVisible();
    // The list has reloaded (B is the admin now) and A has no admin columns left.
    await expect(a.getByRole('row', { name: /BrunoB/ })).toContainText('Admin');
    await expect(a.getByRole('columnheader', { name: 'Make Admin' })).toHaveCount(0);
    await expect(a.getByRole('columnheader', { name: 'Email' })).toHaveCount(0);
    // A now only views the league's details.
    await a.goto('/home/view-my-leagues');
    await a.getByRole('button', { name: `View ${privateName}` }).click();
    const view = a.getByRole('dialog', { name: 'View Fantasy League' });
    await expect(view).toBeVisible();
    await expect(view.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);
    await a.getByRole('button', { name: 'Close' }).click();

    // C: an empty My Leagues, the join errors the server explains, a rejection by the new admin.
    const c = await registerAndSignIn(browser, 'Chen');
    await c.goto('/home/view-my-leagues');
    await expect(c.getByText('No leagues found.')).toBeVisible();
    await c.goto('/home/join-league');
    await c.getByLabel(/^League Code/).fill('NOSUCH1');
    await c.getByLabel(/^Gamer Name/).fill('ChenC');
    await c.getByRole('button', { name: 'Join Private League' }).click();
    await expect(banner(c, 'No league found with this code.')).toBeVisible();
    await c.getByLabel(/^League Code/).fill(code);
    await c.getByLabel(/^Gamer Name/).fill('brunob');
    await c.getByRole('button', { name: 'Join Private League' }).click();
    await expect(
      banner(c, 'This display name is already used in this league. Please choose another one.'),
    ).toBeVisible();
    await c.getByLabel(/^Gamer Name/).fill('ChenC');
    await c.getByRole('button', { name: 'Join Private League' }).click();
    await expect(banner(c, 'Your request to join the league is sent for Approval to the League Admin !')).toBeVisible();
    await c.getByLabel(/^League Code/).fill(code);
    await c.getByLabel(/^Gamer Name/).fill('ChenTwice');
    await c.getByRole('button', { name: 'Join Private League' }).click();
    await expect(
      banner(c, 'You have already requested to join this league. Please wait for the admin to approve it.'),
    ).toBeVisible();
    await c.goto('/home/view-my-leagues');
    await expect(c.getByRole('row', { name: new RegExp(privateName) })).toContainText('Awaiting approval');

    // A, no longer admin, does not see the Pending request; B, the admin, does and rejects it.
    await a.goto('/home/view-league-members');
    await choose(a, 'Select League', privateName);
    await expect(a.getByRole('row', { name: /BrunoB/ })).toBeVisible();
    await expect(a.getByRole('row', { name: /ChenC/ })).toHaveCount(0);
    await b.goto('/home/view-league-members');
    await choose(b, 'Select League', privateName);
    const cRow = b.getByRole('row', { name: /ChenC/ });
    await expect(cRow).toContainText('Pending');
    await cRow.getByRole('button', { name: 'Reject ChenC' }).click();
    const rejection = b.getByRole('alertdialog', { name: 'Confirm Rejection' });
    await expect(rejection).toBeVisible();
    await snapshot(b, 'leagues-members-reject');
    await rejection.getByRole('button', { name: 'Reject' }).click();
    await expect(banner(b, 'Member successfully rejected.')).toBeVisible();
    await expect(cRow).toContainText('Rejected');
    await c.goto('/home/join-league');
    await c.getByLabel(/^League Code/).fill(code);
    await c.getByLabel(/^Gamer Name/).fill('ChenAgain');
    await c.getByRole('button', { name: 'Join Private League' }).click();
    await expect(
      banner(c, 'Your request to join this league was rejected. You cannot request to join it again.'),
    ).toBeVisible();

    // C starts a Draft league and deletes it after the confirmation.
    await startLeague(c, {
      name: `Scratch ${stamp}`,
      description: '',
      isPrivate: true,
      type: 'Match Prediction',
      gamerName: 'ChenC',
    });
    await c.getByRole('button', { name: `Delete Scratch ${stamp}` }).click();
    const deletion = c.getByRole('alertdialog', { name: 'Delete league?' });
    await expect(deletion).toContainText('This cannot be undone.');
    await deletion.getByRole('button', { name: 'Delete' }).click();
    await expect(c.getByRole('row', { name: new RegExp(`Scratch ${stamp}`) })).toHaveCount(0);
    await expect(c.getByText('No leagues found.')).toBeVisible();

    // Home: the Daily Challenges table links to the public join screen.
    await c.goto('/home');
    const dailyJoin = c.getByRole('table', { name: /Daily Challenges/ }).getByRole('link', { name: /Join/ });
    await expect(dailyJoin.first()).toHaveAttribute('href', '/home/join-league?isPublicLeague=true');

    // A public league, found by search and joined at once.
    await startLeague(a, {
      name: publicName,
      description: 'Anyone can play.',
      isPrivate: false,
      type: 'Match Prediction',
      gamerName: 'AliceOpen',
    });
    await expect(a.getByRole('row', { name: new RegExp(publicName) })).toContainText('Public');
    await activate(a, publicName);

    await b.goto('/home/join-league?isPublicLeague=true');
    await expect(b.getByRole('button', { name: 'Public League', exact: true })).toHaveAttribute('aria-pressed', 'true');
    const search = b.getByLabel('Search Public Leagues');
    await expect(search).not.toHaveValue('');
    // One or two characters do nothing; an empty box lists every public league.
    await search.fill('');
    await expect(b.getByRole('row', { name: new RegExp(publicName) })).toBeVisible();
    const requests: string[] = [];
    b.on('request', (r) => r.url().includes('/league/publicLeagues/') && requests.push(r.url()));
    await search.fill('Op');
    await b.waitForTimeout(800);
    expect(requests).toEqual([]);
    // The Gamer Name tooltip, on focus: the first row's (the Daily Challenges come first, soonest first;
    // a lower row would scroll the page on focus, and a scroll closes the tooltip).
    await b
      .getByRole('textbox', { name: /^Gamer Name \(display name\) for / })
      .first()
      .focus();
    await expect(b.getByRole('tooltip')).toContainText(
      'This is what your name will look like to other participants in this league.',
    );
    await search.fill(publicName);
    const publicRow = b.getByRole('row', { name: new RegExp(publicName) });
    await expect(publicRow).toBeVisible();
    await expect(publicRow).toContainText('Anyone can play.');
    await publicRow.getByRole('textbox', { name: `Gamer Name (display name) for ${publicName}` }).fill(' ab ');
    await publicRow.getByRole('button', { name: `Join ${publicName}` }).click();
    await expect(
      banner(b, 'Please enter a valid display name (at least 3 characters) before joining the league.'),
    ).toBeVisible();
    await snapshot(b, 'leagues-join-public');
    await publicRow.getByRole('textbox', { name: `Gamer Name (display name) for ${publicName}` }).fill('BrunoOpen');
    await publicRow.getByRole('button', { name: `Join ${publicName}` }).click();
    await expect(banner(b, 'You have successfully joined the league!')).toBeVisible();
    await expect(publicRow).toHaveCount(0);
    await b.goto('/home/view-my-leagues');
    await expect(b.getByRole('row', { name: new RegExp(publicName) })).toContainText('Public');

    // The toggle drives the URL.
    await b.goto('/home/join-league?isPublicLeague=true');
    await b.getByRole('button', { name: 'Private League', exact: true }).click();
    await expect(b).toHaveURL(/isPublicLeague=false/);
    await expect(b.getByRole('button', { name: 'Join Private League' })).toBeVisible();
  });
});
