import { type Browser, type BrowserContext, type Page, expect, test } from '@playwright/test';
import { api, choose, registerVerifyAndSignIn } from './support';

/**
 * Issue 9, web security in Chromium against the built app:
 * - the app works under its Content-Security-Policy: no CSP violation (event or console) on any main
 *   screen, public or signed in, dialogs and the API reference included;
 * - league names, descriptions, gamer (display) names and people's names containing markup are shown
 *   as text: no script runs (no dialog), no element is created from them, the text reads literally.
 */

const stamp = Date.now().toString(36);

const XSS = {
  firstA: `<img src=x onerror=alert('first-a')>`,
  firstB: `<script>alert('first-b')</script>`,
  league: `<img src=x onerror=alert('league')> ${stamp}`,
  description: `<b>bold</b><script>alert('description')</script>`,
  gamerA: `<svg onload=alert('gamer-a')>`,
  gamerB: `"><img src=x onerror=alert('gamer-b')>`,
  publicLeague: `<iframe src=javascript:alert('pub')> Cup ${stamp}`,
  publicDescription: `<a href="javascript:alert('desc')">click</a>`,
};

/** Markup that must never become elements. */
const INJECTED = 'img[src="x"], iframe[src^="javascript"], a[href^="javascript"], [onerror], [onload], svg[onload]';

interface Watch {
  dialogs: string[];
  csp: string[];
}

/** A context whose pages report CSP violations (event and console) and any dialog (dismissed). */
async function watchedContext(browser: Browser): Promise<{ context: BrowserContext; watch: Watch }> {
  const context = await browser.newContext();
  const watch: Watch = { dialogs: [], csp: [] };
  await context.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  context.on('page', (page) => attach(page, watch));
  return { context, watch };
}

function attach(page: Page, watch: Watch) {
  page.on('dialog', (dialog) => {
    watch.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('console', (msg) => {
    if (/Content[- ]Security[- ]Policy|Refused to (load|execute|apply|frame|connect)/i.test(msg.text())) {
      watch.csp.push(`console: ${msg.text()}`);
    }
  });
}

/** Moves the CSP violation events the current document recorded into `watch` (before it is left). */
async function flush(page: Page, watch: Watch) {
  if (page.url() === 'about:blank') return;
  const events = await page.evaluate(() => {
    const w = window as unknown as { __csp?: string[] };
    const list = w.__csp ?? [];
    w.__csp = [];
    return list;
  });
  for (const v of events) watch.csp.push(`${new URL(page.url()).pathname}: ${v}`);
}

/** Opens a path (after collecting what the previous screen recorded) and waits for it to settle. */
async function visit(page: Page, watch: Watch, path: string) {
  await flush(page, watch);
  await page.goto(path);
  await page.waitForLoadState('load');
  // Lazy screens load their chunk and data after 'load' (the API reference never goes network-idle).
  await page.waitForTimeout(750);
}

function register(page: Page, first: string): Promise<string> {
  return registerVerifyAndSignIn(page, { first, last: 'Tester', tag: 'xss' });
}

test.describe('web security', () => {
  test('markup in names and descriptions shows as text; no screen breaks the CSP', async ({ browser }) => {
    test.setTimeout(360_000);
    const a = await watchedContext(browser);
    const b = await watchedContext(browser);
    const pa = await a.context.newPage();
    const pb = await b.context.newPage();

    // Public screens, before anyone signs in.
    for (const path of [
      '/landing',
      '/login',
      '/register',
      '/contact',
      '/terms',
      '/verify-email?token=not-a-token',
      '/reset-password?token=not-a-token',
      '/unsubscribe?token=not-a-token',
      '/api/docs/',
    ]) {
      await visit(pa, a.watch, path);
    }

    // Two people whose first names are markup.
    await register(pa, XSS.firstA);
    await register(pb, XSS.firstB);

    // A starts a private league through the form: name, description and gamer name are markup.
    await pa.goto('/home/start-league');
    await pa.getByLabel(/^League Name/).fill(XSS.league);
    await pa.getByLabel('League Description').fill(XSS.description);
    await pa.getByRole('checkbox', { name: 'Is Private League' }).check();
    await choose(pa, 'League Type', 'Match Prediction');
    await choose(pa, 'Select Series');
    await pa.getByLabel(/^Gamer Name/).fill(XSS.gamerA);
    await pa.getByRole('button', { name: 'Create League' }).click();
    await expect(pa.getByText('League created successfully!', { exact: true }).first()).toBeVisible();
    await expect(pa).toHaveURL(/\/home\/view-my-leagues$/);
    const row = pa.getByRole('row', { name: new RegExp(stamp) });
    await expect(row.getByText(XSS.league, { exact: true })).toBeVisible();
    const code = ((await row.getByRole('cell').first().textContent()) ?? '').trim();
    expect(code).toMatch(/^[A-Z0-9]{4,}$/);

    // B asks to join under a markup gamer name; A sees the request, names and all, as text.
    const me = (await api(pb, 'GET', '/session')) as { user_id: number };
    await api(pb, 'POST', '/league_member/joinLeague', {
      UserID: me.user_id,
      LeagueCode: code,
      DisplayName: XSS.gamerB,
    });
    await visit(pa, a.watch, '/home/view-league-members');
    await expect(pa.getByText(XSS.gamerA, { exact: true }).first()).toBeVisible();
    await expect(pa.getByText(XSS.gamerB, { exact: true }).first()).toBeVisible();
    await expect(pa.getByText(`${XSS.firstB} Tester`, { exact: true }).first()).toBeVisible();
    await expect(pa.getByText(`${XSS.firstA} Tester`, { exact: true }).first()).toBeVisible();
    // The approve dialog quotes the gamer name.
    await pa.getByRole('button', { name: `Approve ${XSS.gamerB}` }).click();
    await expect(pa.getByText(XSS.gamerB, { exact: true }).first()).toBeVisible();

    // A public league with a markup name and description, found by B in the public search.
    const series = (await api(pa, 'GET', '/stage/active_stages_namelist')) as { SeasonID: number }[];
    const mine = (await api(pa, 'GET', '/session')) as { user_id: number };
    await api(pa, 'POST', '/league/', {
      Name: XSS.publicLeague,
      Description: XSS.publicDescription,
      LeagueTypeID: 1,
      IsPrivate: false,
      ShowOthersPicks: false,
      SeasonID: series[0]!.SeasonID,
      AdminUserID: mine.user_id,
      AdminDisplayName: `${XSS.gamerA}2`,
    });
    await visit(pb, b.watch, '/home/join-league?isPublicLeague=true');
    await pb.getByLabel('Search Public Leagues').fill(`Cup ${stamp}`);
    await expect(pb.getByText(XSS.publicLeague, { exact: true }).first()).toBeVisible();
    await expect(pb.getByText(XSS.publicDescription, { exact: true }).first()).toBeVisible();

    // Every signed-in screen, for both, under the CSP; markup never turned into elements.
    const screens = [
      '/home',
      '/home/start-league',
      '/home/view-my-leagues',
      '/home/view-league-members',
      '/home/join-league',
      '/home/my-predictions',
      '/home/all-predictions',
      '/home/view-leaderboard',
      '/home/view-profile',
      '/home/view-faqs',
    ];
    for (const [page, watch] of [
      [pa, a.watch],
      [pb, b.watch],
    ] as const) {
      for (const path of screens) {
        await visit(page, watch, path);
        await expect(page.locator(INJECTED), path).toHaveCount(0);
      }
    }
    // The edit popup (a Radix dialog) holds the description as the field's value.
    await visit(pa, a.watch, '/home/view-my-leagues');
    await pa.getByRole('button', { name: `Edit ${XSS.league}` }).click();
    const dialog = pa.getByRole('dialog');
    await expect(dialog.getByText(XSS.league, { exact: false }).first()).toBeVisible();
    await expect(dialog.getByLabel(/description/i)).toHaveValue(XSS.description);
    await expect(pa.locator(INJECTED)).toHaveCount(0);
    await pa.keyboard.press('Escape');
    await flush(pa, a.watch);
    await flush(pb, b.watch);

    expect(a.watch.dialogs.concat(b.watch.dialogs), 'no script from user data ran').toEqual([]);
    expect(a.watch.csp.concat(b.watch.csp), 'no Content-Security-Policy violation').toEqual([]);
    await a.context.close();
    await b.context.close();
  });
});
