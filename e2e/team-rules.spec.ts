import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Page, expect, test } from '@playwright/test';
import { E2E_PG_PORT } from '../playwright.config';
import { type DemoFixture, PG_OUTBOX, api, cli, newSignedInUser, playDemoFixturesNow, snapshot } from './support';

/**
 * Issue 27 end to end, on a phone: a Player Selection league with the team rules on (credits, a
 * captain 2× and a vice-captain 1.5×, a cap per side, backups). The member picks a full team on a
 * 390 px screen within the budget, names a captain and a vice-captain with one tap each, adds two
 * backups and reorders them, saves; the fixture is played; the Leaderboard's score details show the
 * captain's points multiplied, and the member's total is the multiplied sum.
 */

test.use({ baseURL: `http://127.0.0.1:${E2E_PG_PORT}` });
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const ROOT = join(import.meta.dirname, '..');
const WORK = join(ROOT, 'test-results', 'e2e-team-rules');
const PHONE = { width: 390, height: 844 };
const NAME = `Rules XI ${Date.now().toString(36)}`;

interface Member {
  page: Page;
  userId: number;
}
interface Fixture extends DemoFixture {
  FixtureID: number;
  StartTime: string;
  HasStarted: boolean;
}

let admin: Member;
let phone: Member;
let league: { id: number; code: string };
let fixture: Fixture;
let demoSeason = '';

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  mkdirSync(WORK, { recursive: true });
  demoSeason = /^(.+?) \(season \d+\)/m.exec(cli('demo-season'))?.[1] ?? '';
  expect(demoSeason).toMatch(/^Demo Premier League \d{4}$/);
  admin = await newSignedInUser(browser, { first: 'Rita', last: 'Rules', outbox: PG_OUTBOX });
  phone = await newSignedInUser(browser, {
    first: 'Pavan',
    last: 'Phone',
    outbox: PG_OUTBOX,
    context: { viewport: PHONE, hasTouch: true, isMobile: true },
  });
  const series = (await api(admin.page, 'GET', '/stage/active_stages_namelist')) as {
    SeasonID: number;
    SeasonName: string;
    StageID: number | null;
  }[];
  const season = series.find((s) => s.SeasonName === demoSeason)!;
  const created = (await api(admin.page, 'POST', '/league/', {
    Name: NAME,
    Description: 'Team rules, end to end',
    LeagueTypeID: 2,
    IsPrivate: true,
    ShowOthersPicks: true,
    SeasonID: season.SeasonID,
    ...(season.StageID ? { StageID: season.StageID } : {}),
    AdminUserID: admin.userId,
    AdminDisplayName: 'Rita R',
  })) as { LeagueID: number; LeagueCode: string };
  league = { id: created.LeagueID, code: created.LeagueCode };
  // A team of six: two batsmen, two bowlers, a wicketkeeper, an allrounder.
  const counts: Record<string, number> = { Batsman: 2, Bowler: 2, Wicketkeeper: 1, Allrounder: 1 };
  const configs = (await api(admin.page, 'GET', `/selection_config/getSelectionConfigsForLeague/${league.id}`)) as {
    ID: number;
    PositionTypeName: string;
  }[];
  await api(admin.page, 'POST', '/selection_config/bulkUpdate', {
    LeagueSelectionConfig: configs.map((c) => ({
      SelectionConfigID: c.ID,
      Count: counts[c.PositionTypeName] ?? 0,
      IsActive: true,
    })),
  });
  await api(admin.page, 'PUT', `/league/${league.id}/team_rules`, {
    BudgetCredits: 100,
    CaptainMultiplier: 2,
    ViceCaptainMultiplier: 1.5,
    MaxPerSide: 7,
    Backups: 2,
  });
  await api(admin.page, 'POST', '/league/activate', { UserID: admin.userId, LeagueID: league.id });
  await api(phone.page, 'POST', '/league_member/joinLeague', {
    UserID: phone.userId,
    LeagueCode: league.code,
    DisplayName: 'Pavan P',
  });
  const members = (await api(admin.page, 'GET', `/league_member/${league.id}/members`)) as {
    data: { MemberID: number; UserID: number }[];
  };
  await api(admin.page, 'POST', '/league_member/update_member_status', {
    LeagueMemberID: members.data.find((m) => m.UserID === phone.userId)!.MemberID,
    LeagueID: league.id,
    Status: 'Approved',
    AdminUserID: admin.userId,
  });
  fixture = ((await api(admin.page, 'GET', `/league_fixture/getAllFixturesForLeague/${league.id}`)) as Fixture[])
    .filter((f) => !f.HasStarted)
    .sort((x, y) => Date.parse(x.StartTime) - Date.parse(y.StartTime))[0]!;
});

/** Opens the picker of `target` (a slot's "Choose …", or "Add a backup") and takes the first player it allows. */
async function takeFirst(page: Page, opener: string, dialogName: string) {
  await page.getByRole('button', { name: opener, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.locator('[data-testid="picker-option"]:not([aria-disabled="true"])').first().click();
  await expect(dialog).toBeHidden();
}

test('a full team within the budget, a captain and a vice-captain, two backups reordered, on a phone', async () => {
  const { page } = phone;
  await page.goto(`/home/my-predictions?league=${league.id}`);
  await expect(page.getByRole('button', { name: 'Save Selections' })).toBeVisible();
  // The credits bar: nothing spent yet.
  await expect(page.getByText(/0 \/ 100 credits/)).toBeVisible();
  for (const slot of ['Wicketkeeper', 'Batsman 1', 'Batsman 2', 'Allrounder', 'Bowler 1', 'Bowler 2'])
    await takeFirst(page, `Choose ${slot}`, `Choose ${slot}`);
  await expect(page.getByText(/credits left/)).toBeVisible();

  // One tap each: the first picked player captains, the second is vice-captain.
  const captain = page.getByRole('button', { name: /^Make .+ captain, C$/ }).first();
  const captainName = /^Make (.+) captain, C$/.exec((await captain.getAttribute('aria-label'))!)![1]!;
  await captain.click();
  await expect(captain).toHaveAttribute('aria-pressed', 'true');
  const vice = page.getByRole('button', { name: /^Make .+ vice-captain, VC$/ }).nth(1);
  await vice.click();
  await expect(vice).toHaveAttribute('aria-pressed', 'true');

  // Two backups, then the second moved up.
  await takeFirst(page, 'Add a backup', 'Add a backup');
  await takeFirst(page, 'Add a backup', 'Add a backup');
  const backups = page.getByRole('list', { name: 'Backups in priority order' }).getByRole('listitem');
  await expect(backups).toHaveCount(2);
  const second = (await backups.nth(1).getAttribute('aria-label'))!.replace(/^Backup 2: /, '');
  await page.getByRole('button', { name: `Move ${second} up` }).click();
  await expect(backups.first()).toHaveAttribute('aria-label', `Backup 1: ${second}`);

  // Every control inside the phone's width.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'no sideways scroll at 390 px').toBeLessThanOrEqual(0);
  await snapshot(page, 'team-rules-sheet');

  await page.getByRole('button', { name: 'Save Selections' }).click();
  await expect(page.getByText('Player Selection selections saved successfully.').first()).toBeVisible();
  const team = (await api(
    page,
    'GET',
    `/player_selection/team/?FixtureID=${fixture.FixtureID}&LeagueID=${league.id}`,
  )) as {
    CaptainPlayerID: number | null;
    ViceCaptainPlayerID: number | null;
    Backups: number[];
  };
  expect(team.CaptainPlayerID).not.toBeNull();
  expect(team.ViceCaptainPlayerID).not.toBeNull();
  expect(team.Backups).toHaveLength(2);
  const players = (await api(page, 'GET', `/player/getPlayersByFixtureID/${fixture.FixtureID}`)) as {
    PlayerID: number;
    PlayerFullName: string;
  }[];
  expect(players.find((p) => p.PlayerID === team.CaptainPlayerID)?.PlayerFullName).toBe(captainName);
  expect(players.find((p) => p.PlayerID === team.Backups[0])?.PlayerFullName).toBe(second);
});

test('once played, the Leaderboard counts the captain twice and the vice-captain one and a half times', async () => {
  const lastStart = playDemoFixturesNow(demoSeason, [fixture], WORK);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, lastStart - Date.now()) + 1_000));
  expect(cli('demo-season')).toMatch(/[1-9]\d* played now/);
  const { page } = phone;
  const rows = (await api(page, 'POST', '/view/pastPlayerSelections', {
    LeagueID: league.id,
    UserID: phone.userId,
  })) as {
    Points: number;
    BasePoints: number;
    Multiplier: number;
    Role: 'C' | 'VC' | null;
    PlayerName: string;
  }[];
  expect(rows).toHaveLength(6);
  const half = (x: number) => Math.sign(x) * Math.floor(Math.abs(x) + 0.5);
  for (const r of rows) {
    expect(r.Multiplier).toBe(r.Role === 'C' ? 2 : r.Role === 'VC' ? 1.5 : 1);
    expect(r.Points).toBe(half(r.BasePoints * r.Multiplier));
  }
  const total = rows.reduce((s, r) => s + r.Points, 0);
  const leaderboard = (await api(page, 'GET', `/view/player_selection_leaderboard/${league.id}`)) as {
    UserID: number;
    TotalPoints: number;
  }[];
  expect(leaderboard.find((r) => r.UserID === phone.userId)?.TotalPoints).toBe(total);

  await page.goto(`/home/view-leaderboard?league=${league.id}`);
  const table = page.getByRole('table', { name: `Leaderboard of ${NAME}` });
  await expect(table.getByRole('row').filter({ hasText: 'Pavan P' }).first()).toContainText(String(total));
  await table
    .getByRole('button', { name: /score details of Pavan P/ })
    .first()
    .click();
  const details = page.getByRole('dialog').first();
  const captain = rows.find((r) => r.Role === 'C')!;
  await expect(
    details.getByText(`${captain.BasePoints} × 2 = ${captain.Points}`, { exact: false }).first(),
  ).toBeVisible();
  await snapshot(page, 'team-rules-score-details');
});
