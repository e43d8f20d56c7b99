import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Locator, type Page, expect, test } from '@playwright/test';
import { choose, newSignedInUser } from './support';

/**
 * "The first hour of a new player" (scoring and saving): on a 390×844 phone a league admin configures a
 * private Player Selection league. After scrolling to the last feature and pressing Save Configuration,
 * the success message is inside the viewport without scrolling back; a penalty (Duck) is shown as
 * deducted and a feature's description opens on a tap. Then the league's points table opens from
 * My Selections and from the Leaderboard. Screenshots of those screens at 360, 390 and 1280 px go to
 * test-results/scoring-screens/ to be looked at.
 */

const ROOT = join(import.meta.dirname, '..');
const SHOTS = process.env.SCORING_SHOTS_DIR ?? join(ROOT, 'test-results', 'scoring-screens');
const PHONE = { width: 390, height: 844 };
const stamp = Date.now().toString(36);

/** Whether the element lies inside the viewport and inside the visible part of each scrolling box around it. */
function inView(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    if (box.height < 1 || box.top < 0 || box.bottom > window.innerHeight) return false;
    if (box.left < 0 || box.right > window.innerWidth) return false;
    for (let up = el.parentElement; up; up = up.parentElement) {
      if (!/(auto|scroll|hidden)/.test(getComputedStyle(up).overflowY)) continue;
      const outer = up.getBoundingClientRect();
      if (box.top < outer.top - 1 || box.bottom > outer.bottom + 1) return false;
    }
    return true;
  });
}

async function shot(page: Page, name: string, widths: readonly number[] = [360, 390, 1280]) {
  mkdirSync(SHOTS, { recursive: true });
  const original = page.viewportSize() ?? PHONE;
  for (const width of widths) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : width === 360 ? 740 : 844 });
    await page.waitForTimeout(200);
    await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`) });
  }
  await page.setViewportSize(original);
}

test('scoring on a phone: saved in view, penalties deducted, descriptions on tap, the points table', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const league = `Scoring XI ${stamp}`;
  const { page } = await newSignedInUser(browser, {
    first: 'Priya',
    last: 'Phone',
    context: { viewport: PHONE, hasTouch: true },
  });

  await page.goto('/home/start-league');
  await page.getByLabel(/^League Name/).fill(league);
  await page.getByRole('checkbox', { name: 'Is Private League' }).check();
  await choose(page, 'League Type', 'Player Selection');
  await choose(page, 'Select Series');
  await page.getByLabel(/^Gamer Name/).fill('PriyaXI');
  await page.getByRole('button', { name: 'Create League' }).click();
  await expect(page).toHaveURL(/\/home\/view-my-leagues$/);

  // Configure: step 1 as it comes, then the 30 stats of step 2.
  await page.getByRole('button', { name: `Configure ${league}` }).click();
  const dialog = page.getByRole('dialog', { name: 'League Configuration - Player Selection' });
  await page.getByRole('button', { name: 'Save & Continue' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Save & Continue' }).click();
  await expect(dialog.getByText('Player Selection configuration saved successfully!')).toBeVisible();

  // A penalty says it is deducted; the admin still types how much (0..MaxPoints).
  const duck = dialog.getByRole('spinbutton', { name: 'Points deducted for Duck' });
  await expect(duck).toHaveValue('2');
  await expect(duck).toHaveAccessibleDescription(/^Deducted/);

  // The description of a feature opens on a tap.
  await dialog.getByRole('button', { name: 'Duck', exact: true }).tap();
  await expect(page.getByRole('dialog', { name: 'About Duck' })).toContainText('Dismissed for 0');
  await shot(page, 'configure-duck-description', [390]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'About Duck' })).toHaveCount(0);

  // Scroll to the last feature, change it and save from the footer: the message is where the player looks.
  const last = dialog.getByRole('spinbutton', { name: /Strike Rate Below 50$/ });
  await last.scrollIntoViewIfNeeded();
  await last.fill('5');
  const saved = dialog.getByText('Features and Points configuration saved successfully!');
  await expect(saved).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Save Configuration' }).click();
  await expect(saved).toBeVisible();
  await expect.poll(() => inView(saved)).toBe(true);
  await shot(page, 'configure-saved', [390]);
  await page.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: `Activate ${league}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByRole('button', { name: `Activate ${league}` })).toHaveCount(0);

  // My Selections: the points table, signed as it counts, the team the league picks.
  await page.goto('/home/my-predictions');
  await choose(page, 'Select a League', league);
  await expect(page.getByTestId('team-sheet')).toBeVisible();
  await shot(page, 'my-selections-entry', [390]);
  await page.getByRole('button', { name: 'How scoring works' }).click();
  const table = page.getByRole('dialog', { name: `How scoring works: ${league}` });
  const deducted = table.getByRole('region', { name: 'Points deducted' });
  await expect(deducted.getByTestId('scoring-line').filter({ hasText: 'Duck' })).toContainText('\u22122');
  await expect(deducted.getByTestId('scoring-line').filter({ hasText: 'Strike Rate Below 50' })).toContainText(
    '\u22125',
  );
  await expect(table.getByRole('region', { name: 'Points earned' })).toContainText('Wicket');
  await expect(table).toContainText('1 Wicketkeeper');
  // Readable on a phone: nothing wider than the dialog.
  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 844 });
    expect(await table.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  }
  await page.setViewportSize(PHONE);
  await shot(page, 'my-selections-points-table');
  await deducted.scrollIntoViewIfNeeded();
  await shot(page, 'my-selections-points-deducted', [360, 390]);
  await page.keyboard.press('Escape');

  // The Leaderboard has the same entry point.
  await page.goto('/home/view-leaderboard');
  await choose(page, 'Select League', league);
  await expect(page.getByRole('button', { name: 'How scoring works' })).toBeVisible();
  await shot(page, 'leaderboard-entry');
  await page.getByRole('button', { name: 'How scoring works' }).click();
  await expect(page.getByRole('dialog', { name: `How scoring works: ${league}` })).toContainText('Duck');
});
