import { type Page, expect, test } from '@playwright/test';
import { api, choose, layoutShiftOnLoad, LIVE_OUTBOX, newSignedInUser, snapshot } from './support';

/**
 * The newcomer's cycle on match day, against the server that plays the demo season live at a test
 * pace (playwright.config.ts, project `live`: DEMO_PACE=1/1.5, a T20 in a minute, one every 90 s):
 * register, verify (outbox link), join a demo Daily Challenge (its demo members are there already),
 * pick for the next fixture, watch it go live and points arrive in the open Match Centre and
 * Leaderboard without reloading, then see the final standings.
 */

interface Summary {
  FixtureID: number;
  FixtureName: string;
  StartTime: string;
}

const dayLabel = (iso: string) => {
  const d = new Date(iso);
  const weekday = d.toLocaleDateString('en-GB', { weekday: 'short', timeZone: 'UTC' });
  const dayMonth = d.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return `Daily Challenge — ${weekday} ${dayMonth}`;
};

/** Picks the first real option of a feature (the first option of the list is "none"). */
async function pickOne(page: Page, feature: RegExp) {
  await page.getByRole('combobox', { name: feature }).click();
  await page.getByRole('option').nth(1).click();
  await expect(page.getByRole('combobox', { name: feature })).not.toContainText('Select…');
}

/** Marks the document: the mark survives only if the page is never reloaded. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __noReload: boolean }).__noReload = true;
  });
}
async function expectNotReloaded(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
}

test('a newcomer joins a demo Daily Challenge, picks, and watches the match and the table live', async ({
  browser,
}) => {
  test.setTimeout(420_000);
  const { page } = await newSignedInUser(browser, { first: 'Lena', last: 'Live', outbox: LIVE_OUTBOX });

  // Home: something is live now or about to start.
  // Headed "Live now" over a match being played, "Next match" over one about to start.
  await expect(page.getByRole('heading', { name: /^(Live now|Next match)$/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Match Centre|Make your picks/ }).first()).toBeVisible();
  await snapshot(page, 'live-home');

  // The next fixture that leaves time to join and pick (at least 40 s away).
  let target: Summary | undefined;
  await expect
    .poll(
      async () => {
        const list = (await api(page, 'GET', '/live/fixtures')) as { Next: Summary[] };
        target = list.Next.find((f) => Date.parse(f.StartTime) - Date.now() > 40_000);
        return Boolean(target);
      },
      { timeout: 120_000, message: 'a fixture starting in more than 40 s' },
    )
    .toBe(true);
  const fixture = target!;
  const challenge = dayLabel(fixture.StartTime);
  const gamer = `Lena${Date.now().toString(36).slice(-5)}`;

  // Join the day's Daily Challenge: demo members are already in it.
  await page.goto('/home/join-league?isPublicLeague=true');
  await page.getByLabel('Search Public Leagues').fill(challenge);
  const row = page.getByRole('row', { name: new RegExp(challenge) }).first();
  await expect(row).toBeVisible();
  await row.getByRole('textbox', { name: /Gamer Name \(display name\) for/ }).fill(gamer);
  await row.getByRole('button', { name: /^Join / }).click();
  await expect(page.getByRole('row', { name: new RegExp(challenge) })).toHaveCount(0);

  // Pick for the fixture: My Selections shows the countdown to its lock and each fixture's state.
  await page.goto('/home/my-predictions');
  await choose(page, 'Select a League', new RegExp(challenge));
  await choose(page, /fixture/i, new RegExp(`^${fixture.FixtureName} - `));
  await expect(page.getByTestId('lock-countdown').first()).toContainText('Picks lock in');
  await expect(page.locator('[data-fixture-state="upcoming"]').first()).toBeVisible();
  for (const feature of [/Match Winner/, /Most Runs/, /Most Wickets/]) await pickOne(page, feature);
  await page.getByRole('button', { name: 'Save Selections' }).click();
  await expect(page.getByText('Match Prediction selections saved successfully.').first()).toBeVisible();
  await snapshot(page, 'live-my-selections');

  // The Match Centre, open before the first ball.
  await page.goto(`/home/match-centre/${fixture.FixtureID}`);
  await expect(page.getByRole('heading', { name: 'Match Centre', level: 1 })).toBeVisible();
  await expect(page.getByText(/Starts in|Starting now/)).toBeVisible();
  await markDocument(page);

  // The Leaderboard of the Daily Challenge in a second tab.
  const board = await page.context().newPage();
  await board.goto('/home/view-leaderboard');
  await choose(board, /league/i, new RegExp(challenge));
  await expect(
    board.getByRole('table', { name: /^Leaderboard of / }).getByRole('row', { name: new RegExp(gamer) }),
  ).toBeVisible();
  await expect(
    board
      .getByRole('table', { name: /^Leaderboard of / })
      .getByRole('row', { name: /\(demo\)/ })
      .first(),
  ).toBeVisible();
  await markDocument(board);

  // Live: the score and points arrive without a reload.
  await expect(page.locator('[data-state="live"]').first()).toBeVisible({ timeout: 150_000 });
  await expect(page.getByTestId('innings-1')).toBeVisible({ timeout: 30_000 });
  const first = await page.getByTestId('innings-1').textContent();
  // (the match lasts about a minute at this pace: what needs it in progress comes first)
  await expect(board.getByText('Provisional · live')).toBeVisible({ timeout: 30_000 });
  // Opened mid-match, the Leaderboard shows the provisional standings at once: from the snapshot
  // (GET /live/standings), with no event at all (this tab's stream and polling are cut off).
  const late = await page.context().newPage();
  await late.route(/\/api\/live\/(stream|events)/, (route) => route.abort());
  const snapshotRead = late.waitForResponse((r) => /\/api\/live\/standings\/\d+$/.test(r.url()) && r.ok());
  await late.goto('/home/view-leaderboard');
  await choose(late, /league/i, new RegExp(challenge));
  expect(((await (await snapshotRead).json()) as { Live: boolean }).Live).toBe(true);
  await expect(late.getByText('Provisional · live')).toBeVisible({ timeout: 10_000 });
  await expect(late.getByTestId('live-points').first()).toBeVisible();
  await late.close();
  await expect(page.getByRole('list', { name: 'Top fantasy points' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('list', { name: /Members of/ })).toContainText(gamer);
  await expect(page.getByRole('list', { name: /Members of/ })).toContainText('(demo)');
  await expect.poll(() => page.getByTestId('innings-1').textContent(), { timeout: 30_000 }).not.toBe(first);
  // Opened mid-match on a phone, the Match Centre draws without moving what is on screen: its cards
  // have their place while it loads (cumulative layout shift at most 0.1, Lighthouse's "good").
  await page.setViewportSize({ width: 390, height: 844 });
  const opened = await layoutShiftOnLoad(page, `/home/match-centre/${fixture.FixtureID}`, async (p) => {
    await expect(p.getByTestId('innings-1')).toBeVisible();
    await expect(p.getByRole('list', { name: /Members of/ })).toBeVisible();
  });
  expect(opened.cls, opened.shifts.join('\n')).toBeLessThanOrEqual(0.1);
  await page.setViewportSize({ width: 1280, height: 720 });
  await snapshot(page, 'live-match-centre');
  await expectNotReloaded(page);

  // The table moves: provisional standings over the stream.
  await expect(board.getByText('Provisional · live')).toBeVisible({ timeout: 60_000 });
  await expect(board.getByTestId('live-points').first()).toBeVisible();
  await snapshot(board, 'live-leaderboard-provisional');
  await expectNotReloaded(board);

  // The end: final figures replace the provisional ones.
  await expect(page.locator('[data-state="completed"]').first()).toBeVisible({ timeout: 150_000 });
  await expect(board.getByText('Provisional · live')).toHaveCount(0, { timeout: 30_000 });
  await expect(
    board.getByRole('table', { name: /^Leaderboard of / }).getByRole('row', { name: new RegExp(gamer) }),
  ).toBeVisible();
  await expectNotReloaded(page);
  await expectNotReloaded(board);
  await snapshot(board, 'live-leaderboard-final');
  await snapshot(page, 'live-match-centre-final');
});
