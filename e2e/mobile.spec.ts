import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type Page, expect, test } from '@playwright/test';
import { E2E_PG_PORT, E2E_PORT } from '../playwright.config';
import {
  OUTBOX,
  PG_OUTBOX,
  api,
  choose,
  cli,
  fillRegister,
  linkFromEmail,
  newSignedInUser,
  uniqueEmail,
  playDemoFixturesNow,
  layoutShiftOnLoad,
} from './support';

/**
 * Issue 16, "Mobile first": every screen of the spec, in its loaded state, at 360×740 and 390×844
 * (phones) and 1280×800 (desktop). On each: the page does not scroll sideways, every button and link
 * of the main content (and of an open dialog) lies inside the viewport, and no part of the main content
 * is cut off by an ancestor that hides or scrolls its overflow sideways (a table that scrolls sideways
 * counts: its right-hand columns are out of sight). A full-page screenshot of each screen at 390 and
 * 1280 px goes to test-results/mobile-screens/ to be looked at.
 *
 * The league screens run on the PostgreSQL-backed server, whose database the CLI reaches while it runs:
 * three members pick for two demo fixtures, which the operator then plays, so the Leaderboard, its
 * score details and All Selections have real data. Home (the Daily Challenges the server creates on
 * start-up) and Join a League's public list run on the main server, with a second account.
 */

test.use({ baseURL: `http://127.0.0.1:${E2E_PG_PORT}` });
test.describe.configure({ mode: 'serial', timeout: 90_000 });

const MAIN = `http://127.0.0.1:${E2E_PORT}`;
const ROOT = join(import.meta.dirname, '..');
const WORK = join(ROOT, 'test-results', 'e2e-mobile');
const SHOTS = join(ROOT, 'test-results', 'mobile-screens');

const PHONE_360 = { width: 360, height: 740 };
const PHONE_390 = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const VIEWPORTS = [PHONE_360, PHONE_390, DESKTOP];

/**
 * What is wrong with the layout at the current viewport, in words (empty when nothing is). Runs in the
 * page: the sideways scroll of the document, the controls of <main> and of open dialogs outside the
 * viewport, and every element of those whose overflow is hidden or scrolls sideways while its content is
 * wider than its box (a clipped or sideways-scrolling table, a cut-off name).
 */
function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const doc = document.scrollingElement ?? document.documentElement;
    const viewport = document.documentElement.clientWidth;
    if (doc.scrollWidth > viewport) {
      problems.push(`the page scrolls sideways: ${doc.scrollWidth} px of content in ${viewport} px`);
    }
    const describe = (el: Element) => {
      const label = el.getAttribute('aria-label') ?? el.textContent?.replace(/\s+/g, ' ').trim().slice(0, 50) ?? '';
      const section = el.closest('section, [role="dialog"], [role="alertdialog"], table, form');
      const where = section?.querySelector('h1, h2, h3, caption, legend')?.textContent?.trim().slice(0, 40);
      return `<${el.tagName.toLowerCase()}${el.getAttribute('role') ? ` role=${el.getAttribute('role')}` : ''}> "${label}"${where ? ` (in "${where}")` : ''}`;
    };
    const shown = (el: Element) => {
      const box = el.getBoundingClientRect();
      if (box.width < 2 || box.height < 2) return false;
      // Inside a visually hidden box (a screen reader's alternative, such as a chart's table).
      for (let up = el.parentElement; up; up = up.parentElement) {
        if (getComputedStyle(up).display === 'contents') continue;
        const outer = up.getBoundingClientRect();
        if (outer.width < 2 || outer.height < 2) return false;
      }
      if (el.closest('[aria-hidden="true"], [hidden], [inert]')) return false;
      const style = getComputedStyle(el);
      return style.visibility !== 'hidden' && style.display !== 'none';
    };
    const roots = [
      ...document.querySelectorAll('main'),
      ...document.querySelectorAll('[role="dialog"], [role="alertdialog"]'),
    ];
    const controls = new Set<Element>();
    const containers = new Set<Element>();
    for (const root of roots) {
      for (const el of root.querySelectorAll(
        'a[href], button, [role="button"], [role="link"], [role="combobox"], [role="checkbox"], [role="radio"], [role="switch"], [role="tab"], input:not([type="hidden"]), select, textarea',
      )) {
        controls.add(el);
      }
      for (const el of [root, ...root.querySelectorAll('*')]) containers.add(el);
    }
    for (const el of controls) {
      if (!shown(el)) continue;
      const box = el.getBoundingClientRect();
      if (box.left < -1 || box.right > viewport + 1) {
        problems.push(
          `${describe(el)} lies outside the viewport: ${Math.round(box.left)}..${Math.round(box.right)} px`,
        );
      }
    }
    for (const el of containers) {
      if (el.matches('input, textarea, select, svg, svg *, canvas, iframe, object, embed, img')) continue;
      const overflow = getComputedStyle(el).overflowX;
      if (overflow === 'visible' || !shown(el)) continue;
      if (el.scrollWidth > el.clientWidth + 1) {
        problems.push(
          `${describe(el)} cuts off its content sideways (overflow-x ${overflow}): ${el.scrollWidth} px in ${el.clientWidth} px`,
        );
      }
    }
    return problems;
  });
}

/**
 * What the screens got wrong, by screen and size. The screens share one set of data (serial tests),
 * so a layout problem does not stop the others: each is recorded here and the last test fails with
 * the whole list.
 */
const findings: string[] = [];

function record(where: string, problems: string[]) {
  for (const problem of problems) findings.push(`${where}: ${problem}`);
}

/**
 * Checks the current screen at the three sizes, saving full-page screenshots at 390 and 1280 px.
 * Leaves the page at the phone size it started with.
 */
async function checkScreen(page: Page, name: string) {
  const original = page.viewportSize() ?? PHONE_390;
  for (const size of VIEWPORTS) {
    await page.setViewportSize(size);
    // Layout settles after a resize (media queries, the responsive tables' measurements).
    await page.waitForTimeout(250);
    if (size.width !== 360) {
      await page.screenshot({ path: join(SHOTS, `${name}-${size.width}.png`), fullPage: true });
    }
    record(`${name} at ${size.width}×${size.height}`, await layoutProblems(page));
  }
  await page.setViewportSize(original);
  await page.waitForTimeout(100);
}

interface Fixture {
  FixtureID: number;
  FixtureName: string;
  StartTime: string;
  LocalTeamName: string;
  VisitorTeamName: string;
  LocalTeamCode: string;
  VisitorTeamCode: string;
  HasStarted: boolean;
}
interface Member {
  page: Page;
  userId: number;
  email: string;
  name: string;
  display: string;
}
interface League {
  id: number;
  code: string;
  name: string;
}

let demoSeason = '';

async function member(browser: Browser, first: string, last: string, display: string): Promise<Member> {
  const { page, userId, email } = await newSignedInUser(browser, {
    first,
    last,
    outbox: PG_OUTBOX,
    context: { viewport: PHONE_390, acceptDownloads: true },
  });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  return { page, userId, email, name: first, display };
}

async function createLeague(owner: Member, name: string, type: 'MP' | 'PS', activate: boolean): Promise<League> {
  const series = (await api(owner.page, 'GET', '/stage/active_stages_namelist')) as {
    SeasonID: number;
    SeasonName: string;
    StageID: number | null;
  }[];
  const season =
    series.find((s) => s.SeasonName === demoSeason && s.StageID === null) ??
    series.find((s) => s.SeasonName === demoSeason);
  expect(season, 'the demo season is listed').toBeTruthy();
  const created = (await api(owner.page, 'POST', '/league/', {
    Name: name,
    Description: `${name}: a league of friends who argue about cricket every evening, with long descriptions.`,
    LeagueTypeID: type === 'MP' ? 1 : 2,
    IsPrivate: true,
    ShowOthersPicks: true,
    SeasonID: season!.SeasonID,
    ...(season!.StageID ? { StageID: season!.StageID } : {}),
    AdminUserID: owner.userId,
    AdminDisplayName: owner.display,
  })) as { LeagueID: number; LeagueCode: string };
  // The spec's game, every team rule off (a new league starts with them on: e2e/team-rules.spec.ts plays them).
  if (type === 'PS') {
    await api(owner.page, 'PUT', `/league/${created.LeagueID}/team_rules`, {
      BudgetCredits: null,
      CaptainMultiplier: null,
      ViceCaptainMultiplier: null,
      MaxPerSide: null,
      Backups: 0,
    });
  }
  if (type === 'PS' && activate) {
    const counts: Record<string, number> = { Batsman: 2, Bowler: 2, Wicketkeeper: 1, Allrounder: 1 };
    const configs = (await api(
      owner.page,
      'GET',
      `/selection_config/getSelectionConfigsForLeague/${created.LeagueID}`,
    )) as { ID: number; PositionTypeName: string }[];
    await api(owner.page, 'POST', '/selection_config/bulkUpdate', {
      LeagueSelectionConfig: configs.map((c) => ({
        SelectionConfigID: c.ID,
        Count: counts[c.PositionTypeName] ?? 0,
        IsActive: true,
      })),
    });
  }
  if (activate) {
    await api(owner.page, 'POST', '/league/activate', { UserID: owner.userId, LeagueID: created.LeagueID });
  }
  return { id: created.LeagueID, code: created.LeagueCode, name };
}

async function joinLeague(owner: Member, who: Member, league: League, approve: boolean) {
  await api(who.page, 'POST', '/league_member/joinLeague', {
    UserID: who.userId,
    LeagueCode: league.code,
    DisplayName: who.display,
  });
  if (!approve) return;
  const members = (await api(owner.page, 'GET', `/league_member/${league.id}/members`)) as {
    data: { MemberID: number; UserID: number }[];
  };
  await api(owner.page, 'POST', '/league_member/update_member_status', {
    LeagueMemberID: members.data.find((m) => m.UserID === who.userId)!.MemberID,
    LeagueID: league.id,
    Status: 'Approved',
    AdminUserID: owner.userId,
  });
}

async function pickMatchPrediction(who: Member, index: number, leagueId: number, fixture: Fixture) {
  const rows = (await api(who.page, 'POST', '/league_selection/user/', {
    UserID: who.userId,
    LeagueID: leagueId,
    FixtureID: fixture.FixtureID,
  })) as {
    LeagueFeatureID: number;
    FeatureTypeName: 'team' | 'player' | 'bonus';
    AllowedPositionIDs?: number[];
    BonusOptions: { ID: number }[];
  }[];
  const teams = (await api(who.page, 'GET', `/team/getTeamsByFixtureID/${fixture.FixtureID}`)) as {
    ID: number;
    Name: string;
  }[];
  const players = (await api(who.page, 'GET', `/player/getPlayersByFixtureID/${fixture.FixtureID}`)) as {
    PlayerID: number;
    PositionID: number;
  }[];
  const home = teams.find((t) => t.Name === fixture.LocalTeamName) ?? teams[0]!;
  const away = teams.find((t) => t !== home)!;
  const Selection = rows.map((row) => {
    const base = {
      UserID: who.userId,
      LeagueID: leagueId,
      FixtureID: fixture.FixtureID,
      LeagueFeatureID: row.LeagueFeatureID,
      IsActive: true,
    };
    if (row.FeatureTypeName === 'team') return { ...base, TeamID: index === 1 ? away.ID : home.ID };
    if (row.FeatureTypeName === 'bonus') {
      return { ...base, BonusOptionID: row.BonusOptions[index % row.BonusOptions.length]!.ID };
    }
    const allowed = row.AllowedPositionIDs?.length
      ? players.filter((p) => row.AllowedPositionIDs!.includes(p.PositionID))
      : players;
    return { ...base, PlayerID: allowed[(index * 3) % allowed.length]!.PlayerID };
  });
  await api(who.page, 'PUT', '/league_selection/bulk_update', { CopyToOtherLeagues: false, Selection });
}

async function pickPlayers(who: Member, index: number, leagueId: number, fixture: Fixture) {
  const query = `FixtureID=${fixture.FixtureID}&LeagueID=${leagueId}&UserID=${who.userId}`;
  const slots = (await api(who.page, 'GET', `/player_selection/fixture/?${query}`)) as {
    PositionID: number;
    PositionOrder: number;
  }[];
  const players = (await api(who.page, 'GET', `/player/getPlayersByFixtureID/${fixture.FixtureID}`)) as {
    PlayerID: number;
    PositionID: number;
  }[];
  const Selection = slots.map((slot) => {
    const of = players.filter((p) => p.PositionID === slot.PositionID);
    return {
      UserID: who.userId,
      LeagueID: leagueId,
      FixtureID: fixture.FixtureID,
      PositionTypeID: slot.PositionID,
      PositionOrder: slot.PositionOrder,
      PlayerID: of[(index * 2 + slot.PositionOrder - 1) % of.length]!.PlayerID,
      IsActive: true,
    };
  });
  await api(who.page, 'PUT', '/player_selection/bulk_update', { CopyToOtherLeagues: false, Selection });
}

/** The league dropdown: 'Select League', or 'Select a League' on My Selections. */
const LEAGUE_PICKER = /^Select (a )?League/;
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

// A long name on purpose: names must wrap, not push the layout sideways or be cut off.
const LONG = 'Bartholomew Featherstonehaugh';
const stamp = Date.now().toString(36);
const MP = `Office Predictors ${stamp}`;
const PS = `Weekend Selectors ${stamp}`;
const DRAFT = `Draft Selection League ${stamp}`;

let a: Member;
let b: Member;
let c: Member;
let mp: League;
let ps: League;
let played: Fixture[] = [];

test.beforeAll(async ({ browser }) => {
  test.setTimeout(300_000);
  mkdirSync(WORK, { recursive: true });
  mkdirSync(SHOTS, { recursive: true });
  demoSeason = /^(.+?) \(season \d+\)/m.exec(cli('demo-season'))?.[1] ?? '';
  expect(demoSeason).toMatch(/^Demo Premier League \d{4}$/);
  a = await member(browser, 'Asha', 'Raman', 'Asha the Admin');
  b = await member(browser, 'Bartholomew', 'Featherstonehaugh-Worthington', LONG);
  c = await member(browser, 'Chen', 'Li', 'Chen Waiting');
  mp = await createLeague(a, MP, 'MP', true);
  ps = await createLeague(a, PS, 'PS', true);
  await createLeague(a, DRAFT, 'PS', false);
  await joinLeague(a, b, mp, true);
  await joinLeague(a, b, ps, true);
  await joinLeague(a, c, ps, true);
  // C waits for approval in the Match Prediction league: Approve and Reject show on League Members.
  await joinLeague(a, c, mp, false);
  const fixtures = ((await api(a.page, 'GET', `/league_fixture/getAllFixturesForLeague/${mp.id}`)) as Fixture[])
    .filter((f) => !f.HasStarted)
    .sort((x, y) => Date.parse(x.StartTime) - Date.parse(y.StartTime));
  expect(fixtures.length).toBeGreaterThanOrEqual(3);
  played = fixtures.slice(0, 2);
  for (const [i, who] of [a, b].entries()) {
    // The two fixtures about to be played, and the next one (My Selections shows saved picks).
    for (const fixture of fixtures.slice(0, 3)) {
      await pickMatchPrediction(who, i, mp.id, fixture);
      await pickPlayers(who, i, ps.id, fixture);
    }
  }
  for (const fixture of fixtures.slice(0, 2)) await pickPlayers(c, 2, ps.id, fixture);
  const lastStart = playDemoFixturesNow(demoSeason, played, WORK);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, lastStart - Date.now()) + 1_000));
  expect(cli('demo-season')).toMatch(/[1-9]\d* played now/);
});

test.afterAll(async () => {
  for (const who of [a, b, c]) await who?.page.context().close();
});

test('public screens: landing, log in, forgot password, sign up, verify, reset, contact, terms, unsubscribe', async ({
  page,
}) => {
  await page.setViewportSize(PHONE_390);
  await page.emulateMedia({ reducedMotion: 'reduce' });

  await page.goto('/landing');
  await expect(heading(page, 'Welcome to Fantasy Cricket')).toBeVisible();
  await checkScreen(page, 'landing');

  await page.goto('/login');
  await expect(heading(page, 'Log In')).toBeVisible();
  await checkScreen(page, 'login');

  // Forgot password: the banner answers without covering the header or the button just used.
  await page.getByLabel(/^email/i).fill(a.page ? 'nobody.mobile@example.com' : '');
  const forgot = page.getByRole('button', { name: 'Forgot password?' });
  await forgot.click();
  const banner = page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: /./ }).first();
  await expect(banner).toBeVisible();
  // Measured where it comes to rest: it slides in from 12 px higher.
  await banner.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
  const bannerBox = (await banner.boundingBox())!;
  const headerBox = (await page.getByRole('banner').boundingBox())!;
  const forgotBox = (await forgot.boundingBox())!;
  const overlaps = (x: typeof bannerBox, y: typeof bannerBox) =>
    x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
  if (overlaps(bannerBox, headerBox)) record('login at 390×844', ['the notification banner covers the header']);
  if (overlaps(bannerBox, forgotBox)) {
    record('login at 390×844', ["the notification banner covers 'Forgot password?', the button just used"]);
  }
  await checkScreen(page, 'login-forgot-password');

  await page.goto('/register');
  await expect(heading(page, 'Sign Up')).toBeVisible();
  await fillRegister(page, uniqueEmail('mobile.visitor'), 'Maximiliana', 'Oppenheimer-Castellanos');
  await checkScreen(page, 'register');
  await page.getByRole('button', { name: /sign up|register|create account/i }).click();
  await expect(page.getByText('Registration Successful !!')).toBeVisible();
  await checkScreen(page, 'register-success');

  await page.goto('/verify-email');
  await expect(page.getByText('Invalid verification link.')).toBeVisible();
  await checkScreen(page, 'verify-email-invalid');

  await page.goto('/reset-password?token=not-a-real-token');
  await expect(heading(page, 'Reset Password')).toBeVisible();
  await checkScreen(page, 'reset-password');

  await page.goto('/contact');
  await expect(heading(page, 'Contact Us')).toBeVisible();
  await checkScreen(page, 'contact');

  await page.goto('/terms');
  await expect(page.getByRole('dialog')).toBeVisible();
  await checkScreen(page, 'terms');

  await page.goto('/unsubscribe');
  await expect(page.getByRole('main')).toContainText(/unsubscribe/i);
  await checkScreen(page, 'unsubscribe');
});

test('home with Daily Challenges, and Join a League (public list) on the main server', async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE_390, baseURL: MAIN });
  const page = await context.newPage();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const email = uniqueEmail('mobile.home');
  await page.goto('/register');
  await fillRegister(page, email, 'Priyanka', 'Venkataraghavan');
  await page.getByRole('button', { name: /sign up|register|create account/i }).click();
  await expect(page.getByText('Registration Successful !!')).toBeVisible();
  await page.goto(await linkFromEmail(email, '/verify-email', 0, OUTBOX));
  await expect(page.getByText('Your email has been verified successfully!')).toBeVisible();
  await page.goto('/login');
  await page.getByLabel(/^email/i).fill(email);
  await page.getByLabel(/^password/i).fill('Sup3rSecret!');
  await page.getByRole('button', { name: /^(log ?in|sign ?in)$/i }).click();
  await expect(page).toHaveURL(/\/home$/);

  await expect(page.getByRole('heading', { name: 'Daily Challenges' })).toBeVisible();
  await expect(page.getByRole('link', { name: /join/i }).first()).toBeVisible();
  await checkScreen(page, 'home');

  await page.goto('/home/join-league?isPublicLeague=true');
  await expect(page.getByRole('button', { name: /^Join / }).first()).toBeVisible();
  await checkScreen(page, 'join-league-public');
  await context.close();
});

test('Start a League, My Leagues, Configure League steps and Edit League', async () => {
  const { page } = a;
  await page.goto('/home/start-league');
  await expect(heading(page, 'Start a League')).toBeVisible();
  await page.getByLabel(/^League Name/).fill('A league with a rather long name for a phone');
  await page.getByRole('checkbox', { name: 'Is Private League' }).check();
  await choose(page, 'League Type', 'Player Selection');
  await choose(page, 'Select Series');
  await checkScreen(page, 'start-league');

  await page.goto('/home/view-my-leagues');
  await expect(page.getByRole('button', { name: `Activate ${DRAFT}` })).toBeVisible();
  await checkScreen(page, 'my-leagues');

  await page.getByRole('button', { name: `Configure ${DRAFT}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Configure Number of Players').first()).toBeVisible();
  await expect(dialog.getByRole('row').nth(2)).toBeVisible();
  await checkScreen(page, 'configure-league-step-1');
  await dialog.getByRole('button', { name: /Save & Continue|Next/ }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('cannot be changed');
  await checkScreen(page, 'configure-league-confirm');
  await confirm.getByRole('button', { name: /Save & Continue|Next/ }).click();
  await expect(dialog.getByText('Configure Features and Points').first()).toBeVisible();
  await expect(dialog.getByRole('spinbutton').first()).toBeVisible();
  await checkScreen(page, 'configure-league-step-2');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: `Edit ${MP}` }).click();
  await expect(page.getByRole('dialog')).toContainText('Edit Fantasy League');
  await checkScreen(page, 'edit-league');
  await page.keyboard.press('Escape');
});

test('Join a League (private) and League Members; Make Admin is not clipped at 1280×800', async () => {
  const { page } = a;
  await page.goto('/home/join-league?isPublicLeague=false');
  await expect(page.getByLabel('League Code')).toBeVisible();
  await checkScreen(page, 'join-league-private');

  await page.goto('/home/view-league-members');
  await choose(page, LEAGUE_PICKER, MP);
  await expect(page.getByRole('button', { name: 'Approve Chen Waiting' }).first()).toBeAttached();
  await checkScreen(page, 'league-members');

  await page.setViewportSize(DESKTOP);
  const makeAdmin = page.getByRole('columnheader', { name: 'Make Admin' });
  await expect(makeAdmin).toBeInViewport({ ratio: 1 });
  const button = page.getByRole('button', { name: `Make ${LONG} admin` });
  await expect(button).toBeInViewport({ ratio: 1 });
  const clipped = await button.evaluate((el) => {
    const box = el.getBoundingClientRect();
    for (let p = el.parentElement; p; p = p.parentElement) {
      if (getComputedStyle(p).overflowX === 'visible') continue;
      const area = p.getBoundingClientRect();
      if (box.right > area.left + p.clientLeft + p.clientWidth + 1 || box.left < area.left - 1) return true;
    }
    return false;
  });
  expect(clipped, 'the Make Admin button is cut off by a scrolling table at 1280×800').toBe(false);
  await page.setViewportSize(PHONE_390);
});

test('My Selections of both league types, and All Selections', async () => {
  const { page } = b;
  await page.goto('/home/my-predictions');
  await choose(page, LEAGUE_PICKER, MP);
  await expect(page.getByRole('button', { name: 'Save Selections' })).toBeVisible();
  await checkScreen(page, 'my-selections-mp');

  await choose(page, LEAGUE_PICKER, PS);
  await expect(page.getByRole('button', { name: 'Save Selections' })).toBeVisible();
  await checkScreen(page, 'my-selections-ps');

  await page.goto('/home/all-predictions');
  await choose(page, LEAGUE_PICKER, MP);
  await expect(page.getByRole('table').first()).toBeVisible();
  await expect(page.getByRole('main')).toContainText(LONG);
  await checkScreen(page, 'all-selections-mp');
  await choose(page, LEAGUE_PICKER, PS);
  await expect(page.getByRole('main')).toContainText(LONG);
  await checkScreen(page, 'all-selections-ps');
});

test('Leaderboard, Contests, score details and the player score details', async () => {
  const { page } = b;
  await page.goto('/home/view-leaderboard');
  await choose(page, LEAGUE_PICKER, MP);
  const table = page.getByRole('table', { name: `Leaderboard of ${MP}` });
  await expect(table.getByRole('row')).toHaveCount(3);
  await checkScreen(page, 'leaderboard-mp');

  await table.getByRole('button', { name: new RegExp(`score details of ${LONG}`) }).click();
  const details = page.getByRole('dialog');
  await expect(details.getByRole('button', { name: /csv/i })).toBeVisible();
  await checkScreen(page, 'score-details-mp');
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();

  await choose(page, LEAGUE_PICKER, PS);
  const psTable = page.getByRole('table', { name: `Leaderboard of ${PS}` });
  await expect(psTable.getByRole('row')).toHaveCount(4);
  await checkScreen(page, 'leaderboard-ps');
  await psTable.getByRole('button', { name: new RegExp(`score details of ${LONG}`) }).click();
  await expect(details.getByRole('button', { name: /csv/i })).toBeVisible();
  await checkScreen(page, 'score-details-ps');
  await details
    .getByRole('button', { name: /points: score details of/ })
    .first()
    .click();
  const player = page.getByRole('dialog').last();
  await expect(player.getByRole('button', { name: /csv/i })).toBeVisible();
  await checkScreen(page, 'player-score-details');
  // The export buttons keep their labels on one line each.
  for (const exportButton of await player.getByRole('button', { name: /csv|excel/i }).all()) {
    const lines = await exportButton.evaluate((el) => {
      const tops: number[] = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) {
          if (rect.width > 0 && !tops.some((top) => Math.abs(top - rect.top) < 6)) tops.push(rect.top);
        }
      }
      return tops.length;
    });
    if (lines !== 1) {
      record('player-score-details at 390×844', [`'${await exportButton.textContent()}' wraps onto ${lines} lines`]);
    }
  }
  // Escape closes the top dialog only; the score details beneath close with their Close button (a second
  // Escape raced the first dialog's focus return on a loaded machine and was sometimes lost).
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The switch's radio is drawn by its label.
  await page
    .locator('label')
    .filter({ hasText: /^Contests$/ })
    .click();
  await expect(page.getByRole('radio', { name: 'Contests' })).toBeChecked();
  await expect(page.getByRole('main').getByRole('table').first()).toBeVisible();
  await checkScreen(page, 'contests-ps');
});

test('Profile, FAQ and the Match Centre', async () => {
  const { page } = b;
  await page.goto('/home/view-profile');
  await expect(page.getByRole('button', { name: 'Save Profile' })).toBeVisible();
  await checkScreen(page, 'profile');

  await page.goto('/home/view-faqs');
  await expect(heading(page, 'Frequently Asked Questions')).toBeVisible();
  await page.getByRole('button').filter({ hasText: /\?$/ }).first().click();
  await checkScreen(page, 'faq');

  await page.goto(`/home/match-centre/${played[1]!.FixtureID}`);
  await expect(heading(page, 'Match Centre')).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Batting');
  // Both innings stay after the match: a tab each.
  await expect(page.getByRole('tablist', { name: 'Innings of the scorecard' }).getByRole('tab')).toHaveCount(2);
  await checkScreen(page, 'match-centre');
});

test('nothing moves under a thumb while the signed-in screens load (cumulative layout shift at most 0.1 on a phone)', async () => {
  const { page } = b;
  await page.setViewportSize(PHONE_390);
  const screens: [string, string, (p: Page) => Promise<void>][] = [
    [
      'Match Centre',
      `/home/match-centre/${played[1]!.FixtureID}?league=${mp.id}`,
      async (p) => {
        await expect(p.getByRole('tablist', { name: 'Innings of the scorecard' })).toBeVisible();
        await expect(p.getByRole('list', { name: `Members of ${MP}` })).toBeVisible();
      },
    ],
    [
      'Leaderboard',
      `/home/view-leaderboard?league=${mp.id}`,
      async (p) => {
        await expect(p.getByRole('table', { name: `Leaderboard of ${MP}` })).toBeVisible();
        await expect(p.getByRole('heading', { name: 'Points progression' })).toBeVisible();
      },
    ],
    ['My Profile', '/home/view-profile', (p) => expect(p.getByRole('textbox', { name: 'Email' })).not.toHaveValue('')],
    [
      'My Leagues',
      '/home/view-my-leagues',
      (p) => expect(p.getByRole('table', { name: 'Your leagues' })).toBeVisible(),
    ],
    [
      'League Members',
      '/home/view-league-members',
      (p) => expect(p.getByRole('combobox', { name: LEAGUE_PICKER })).toBeVisible(),
    ],
    ['FAQ', '/home/view-faqs', (p) => expect(p.getByRole('button').filter({ hasText: /\?$/ }).first()).toBeVisible()],
    [
      'My Selections (Match Prediction)',
      `/home/my-predictions?league=${mp.id}`,
      (p) => expect(p.getByRole('button', { name: 'Save Selections' })).toBeVisible(),
    ],
    [
      'My Selections (Player Selection)',
      `/home/my-predictions?league=${ps.id}`,
      (p) => expect(p.getByRole('button', { name: 'Save Selections' })).toBeVisible(),
    ],
    [
      // The league is chosen by a tap: shifts within half a second of it are the person's own (not counted).
      'All Selections',
      '/home/all-predictions',
      async (p) => {
        await choose(p, LEAGUE_PICKER, MP);
        await expect(p.getByRole('main')).toContainText(LONG);
      },
    ],
    [
      'Contests',
      `/home/view-leaderboard?league=${ps.id}`,
      async (p) => {
        await p
          .locator('label')
          .filter({ hasText: /^Contests$/ })
          .click();
        await expect(p.getByRole('main').getByRole('table').first()).toBeVisible();
      },
    ],
    [
      'Join a League',
      '/home/join-league?isPublicLeague=false',
      (p) => expect(p.getByLabel('League Code')).toBeVisible(),
    ],
    [
      'Join a public League',
      '/home/join-league?isPublicLeague=true',
      (p) => expect(p.getByRole('table', { name: 'Public leagues' })).toBeVisible(),
    ],
    ['Start a League', '/home/start-league', (p) => expect(p.getByLabel(/^League Name/)).toBeVisible()],
  ];
  for (const [name, path, ready] of screens) {
    const { cls, shifts } = await layoutShiftOnLoad(page, path, ready);
    if (cls > 0.1)
      record(`${name} at 390×844`, [`cumulative layout shift ${cls.toFixed(3)} on load: ${shifts.join('; ')}`]);
  }
});

test('the hamburger on every /home path: a drawer on phones, collapses the sidebar on wide screens', async () => {
  const { page } = a;
  await page.setViewportSize(PHONE_390);
  for (const path of ['/home', '/home/view-profile', '/home/view-leaderboard']) {
    await page.goto(path);
    const menu = page.getByRole('banner').getByRole('button', { name: /menu/i });
    await expect(menu).toBeVisible();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await menu.click();
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'My Leagues' })).toBeInViewport();
    await page.keyboard.press('Escape');
    await expect(nav.getByRole('link', { name: 'My Leagues' })).not.toBeInViewport();
  }
  await page.setViewportSize(DESKTOP);
  await page.goto('/home/view-profile');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  const menu = page.getByRole('banner').getByRole('button', { name: /menu/i });
  await expect(menu).toBeVisible();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: 'My Leagues' })).toBeInViewport();
  const mainBefore = (await page.getByRole('main').boundingBox())!;
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', { name: 'My Leagues' })).not.toBeInViewport();
  // The content takes the room the sidebar had.
  expect((await page.getByRole('main').boundingBox())!.x).toBeLessThan(mainBefore.x);
  // The choice is kept across a reload.
  await page.reload();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: 'My Leagues' })).toBeInViewport();

  // On a long page the sidebar's background reaches the footer.
  await page.setViewportSize({ width: DESKTOP.width, height: 500 });
  await page.goto('/home/view-faqs');
  await expect(heading(page, 'Frequently Asked Questions')).toBeVisible();
  const sidebarBox = (await nav.boundingBox())!;
  const footerBox = (await page.getByRole('contentinfo').boundingBox())!;
  const mainBox = (await page.getByRole('main').boundingBox())!;
  expect(mainBox.height, 'the FAQ page is longer than the window').toBeGreaterThan(500);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const navBottom = await nav.evaluate((el) => {
    const area = el.parentElement!;
    return { area: area.getBoundingClientRect().bottom, bg: getComputedStyle(area).backgroundColor };
  });
  const footerTop = await page.getByRole('contentinfo').evaluate((el) => el.getBoundingClientRect().top);
  expect(Math.abs(navBottom.area - footerTop), 'the sidebar column ends at the footer').toBeLessThanOrEqual(1);
  expect(navBottom.bg, 'the sidebar column has the sidebar background').not.toBe('rgba(0, 0, 0, 0)');
  expect(sidebarBox.width).toBeGreaterThan(0);
  expect(footerBox.width).toBeGreaterThan(0);
  await page.setViewportSize(PHONE_390);
});

test('the operator console: seasons, schedule preview, results with the correction form, history, health, operators, audit', async () => {
  const { page } = a;
  cli('operator', 'grant', a.email);
  await page.goto('/console/seasons');
  await expect(heading(page, 'Seasons')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Seasons' })).toContainText(demoSeason);
  await checkScreen(page, 'console-seasons');

  // A schedule that moves the demo season's third fixture, previewed (not applied).
  const fixtures = (await api(a.page, 'GET', `/league_fixture/getAllFixturesForLeague/${mp.id}`)) as Fixture[];
  const next = fixtures
    .filter((f) => !f.HasStarted)
    .sort((x, y) => Date.parse(x.StartTime) - Date.parse(y.StartTime))[0]!;
  const file = join(WORK, 'console-schedule.csv');
  writeFileSync(
    file,
    `season,match_number,start_time,home,away\n${demoSeason},${/(\d+)$/.exec(next.FixtureName)![1]},${new Date(Date.parse(next.StartTime) + 3_600_000).toISOString()},${next.LocalTeamName},${next.VisitorTeamName}\n`,
  );
  await page.goto('/console/schedule');
  await page.getByLabel('File (JSON or CSV)').setInputFiles(file);
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'moved' }).first()).toBeVisible();
  await checkScreen(page, 'console-schedule-preview');

  await page.goto('/console/results');
  await expect(heading(page, 'Results')).toBeVisible();
  await choose(page, 'Season', demoSeason);
  await expect(page.getByRole('button', { name: `Correct result: ${played[0]!.FixtureName}` })).toBeVisible();
  await checkScreen(page, 'console-results');
  await page.getByRole('button', { name: `Correct result: ${played[0]!.FixtureName}` }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('checkbox').first()).toBeVisible();
  await checkScreen(page, 'console-correct-result');
  await page.keyboard.press('Escape');

  await page.goto('/console/imports');
  await expect(heading(page, 'Import history')).toBeVisible();
  await checkScreen(page, 'console-import-history');
  await page
    .getByRole('link', { name: /^Run \d+/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: /^Import run \d+/ })).toBeVisible();
  await checkScreen(page, 'console-import-run');

  await page.goto('/console/health');
  await expect(heading(page, 'Data health')).toBeVisible();
  await checkScreen(page, 'console-health');
  await page.goto('/console/operators');
  await expect(page.getByRole('table', { name: 'Operators' })).toContainText(a.email);
  await checkScreen(page, 'console-operators');
  await page.goto('/console/audit');
  await expect(heading(page, 'Audit log')).toBeVisible();
  await checkScreen(page, 'console-audit');
  // Player prices (issue 27): the next fixture opens by itself, with both squads' prices.
  await page.goto('/console/prices');
  await expect(heading(page, 'Player prices')).toBeVisible();
  await expect(page.getByRole('table', { name: /^Player prices of / })).toBeVisible();
  await checkScreen(page, 'console-prices');

  // Nothing moves under a thumb while the console's screens load either (CLS at most 0.1 at 390 px).
  await page.setViewportSize(PHONE_390);
  const screens: [string, string, (p: Page) => Promise<void>][] = [
    ['Seasons', '/console/seasons', (p) => expect(p.getByRole('table', { name: 'Seasons' })).toBeVisible()],
    [
      'Import history',
      '/console/imports',
      (p) => expect(p.getByRole('link', { name: /^Run \d+/ }).first()).toBeVisible(),
    ],
    ['Data health', '/console/health', (p) => expect(heading(p, 'Data health')).toBeVisible()],
    ['Operators', '/console/operators', (p) => expect(p.getByRole('table', { name: 'Operators' })).toBeVisible()],
    ['Audit log', '/console/audit', (p) => expect(p.getByRole('table').first()).toBeVisible()],
    [
      'Player prices',
      '/console/prices',
      (p) => expect(p.getByRole('table', { name: /^Player prices of / })).toBeVisible(),
    ],
  ];
  for (const [name, path, ready] of screens) {
    const { cls, shifts } = await layoutShiftOnLoad(page, path, ready);
    if (cls > 0.1)
      record(`console ${name} at 390×844`, [`cumulative layout shift ${cls.toFixed(3)} on load: ${shifts.join('; ')}`]);
  }
});

test('every screen fits 360, 390 and 1280 px', () => {
  expect(findings).toEqual([]);
});
