import { expect, test } from '@playwright/test';
import { choose, fillRegister, linkFromEmail, newSignedInUser, signIn, snapshot, uniqueEmail } from './support';

/**
 * Issue 16, invite links: the admin of a private league copies the invite link from My Leagues; a
 * person who is not signed in opens it, lands on /landing (spec section 2), signs up, verifies, logs
 * in and arrives on Join a League with the code filled in; the request still waits for the admin.
 */
const stamp = Date.now().toString(36);

test('the admin copies an invite link; a newcomer opens it, logs in, finds the code filled in and asks to join', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const league = `Invite Cup ${stamp}`;
  const admin = await newSignedInUser(browser, {
    first: 'Ines',
    last: 'Admin',
    context: { permissions: ['clipboard-read', 'clipboard-write'] },
  });
  const a = admin.page;

  // A private Match Prediction league, activated.
  await a.goto('/home/start-league');
  await a.getByLabel(/^League Name/).fill(league);
  await a.getByLabel('League Description').fill('Invite only.');
  await a.getByRole('checkbox', { name: 'Is Private League' }).check();
  await choose(a, 'League Type', 'Match Prediction');
  await choose(a, 'Select Series');
  await a.getByLabel(/^Gamer Name/).fill('InesA');
  await a.getByRole('button', { name: 'Create League' }).click();
  await expect(a).toHaveURL(/\/home\/view-my-leagues$/);
  await a.getByRole('button', { name: `Activate ${league}` }).click();
  await a.getByRole('alertdialog').getByRole('button', { name: 'Activate' }).click();
  await expect(a.getByRole('button', { name: `Activate ${league}` })).toHaveCount(0);

  // Invite: the link is Join a League with the code; Copy puts it on the clipboard.
  const row = a.getByRole('row', { name: new RegExp(league) });
  const code = ((await row.getByRole('cell').first().textContent()) ?? '').trim();
  expect(code).toMatch(/^[A-Z0-9]{4,}$/);
  await row.getByRole('button', { name: `Invite to ${league}` }).click();
  const dialog = a.getByRole('dialog', { name: `Invite to ${league}` });
  const link = await dialog.getByLabel('Invite link').inputValue();
  expect(new URL(link).pathname).toBe('/home/join-league');
  expect(new URL(link).searchParams.get('code')).toBe(code);
  await snapshot(a, 'invite-dialog');
  await dialog.getByRole('button', { name: 'Copy link' }).click();
  await expect(a.getByText(/^Invite link copied\./).first()).toBeVisible();
  expect(await a.evaluate(() => navigator.clipboard.readText())).toBe(link);

  // A newcomer opens the link signed out: /landing mentions the invite.
  const context = await browser.newContext();
  const b = await context.newPage();
  await b.goto(link);
  await expect(b).toHaveURL(/\/landing$/);
  await expect(b.getByText(/You have an invite to a private league/)).toBeVisible();
  await snapshot(b, 'invite-landing');
  // Sign up, verify, log in: the invite opens with its code.
  const email = uniqueEmail('nico');
  await b.getByRole('link', { name: 'Sign Up' }).click();
  await fillRegister(b, email, 'Nico', 'Newcomer');
  await b.getByRole('button', { name: /sign up|register|create account/i }).click();
  await expect(b.getByText('Registration Successful !!')).toBeVisible();
  await b.goto(await linkFromEmail(email, '/verify-email'));
  await expect(b.getByText('Your email has been verified successfully!')).toBeVisible();
  await signIn(b, email);
  await expect(b).toHaveURL(/\/home\/join-league\?isPublicLeague=false&code=/);
  await expect(b.getByLabel(/^League Code/)).toHaveValue(code);
  await expect(b.getByText(/You were invited: the league code is filled in/)).toBeVisible();
  await snapshot(b, 'invite-join-prefilled');
  await b.getByLabel(/^Gamer Name/).fill('NicoN');
  await b.getByRole('button', { name: 'Join Private League' }).click();
  await expect(
    b.getByText('Your request to join the league is sent for Approval to the League Admin !', { exact: true }),
  ).toBeVisible();

  // Still pending approval: the newcomer's My Leagues says so, and the admin sees a Pending member.
  await b.goto('/home/view-my-leagues');
  await expect(b.getByRole('row', { name: new RegExp(league) })).toContainText('Awaiting approval');
  await a.goto('/home/view-league-members');
  await choose(a, 'Select League', league);
  await expect(a.getByRole('row', { name: /NicoN/ })).toContainText('Pending');
  await context.close();
});
