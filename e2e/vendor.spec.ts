import { type Page, expect, test } from '@playwright/test';
import { type EsServer, startEsServer } from '../apps/api/test/vendors/entitysport/server';
import { addMatch, cricsheetFiles, emptyWorld, type WorldMatch } from '../apps/api/test/vendors/entitysport/world';
import { E2E_PG_PORT, E2E_VENDOR_PORT } from '../playwright.config';
import { PG_OUTBOX, api, choose, cli, newSignedInUser, type SignedIn, snapshot } from './support';

/**
 * A real series by itself: on the PostgreSQL-backed server (whose ENTITYSPORT_BASE_URL is this suite's
 * local Entity Sport server, answering as the vendor documents, with IPL 2024 Match 3 — KKR beat SRH
 * by 4 runs, Andre Russell 64 not out — and one later match). The operator connects Entity Sport in
 * the console with its keys, previews and applies the competition, and shortens the live interval.
 * Two members of a Match Prediction league pick (Mia the winners and Russell, Noah the losers and
 * Klaasen) and see the playing XIs on My Selections. The vendor moves the match to now; the sync moves
 * the fixture, follows the match live — points on the Leaderboard while it is played — and writes the
 * result when the vendor marks it finished: final standings, without a shell.
 */
test.use({ baseURL: `http://127.0.0.1:${E2E_PG_PORT}` });
test.describe.configure({ mode: 'serial', timeout: 300_000 });

const YEAR = String(new Date().getUTCFullYear());
const TITLE = `E2E Vendor League ${Date.now().toString(36)}`;
const SEASON = `${TITLE} ${YEAR}`;
const MATCH = 1422121;

let es: EsServer;
let match: WorldMatch;
let olive: SignedIn;
let mia: SignedIn;
let noah: SignedIn;
let league = { id: 0, name: '', code: '' };
let seasonId = 0;
let fixtureId = 0;

const nowSeconds = () => Math.floor(Date.now() / 1000);

function reveal(n: number) {
  match.revealed = Math.min(n, match.balls.length);
  match.version += 1;
}

async function points(who: SignedIn) {
  const rows = (await api(who.page, 'GET', `/view/leaderboard/${league.id}`)) as {
    UserID: number;
    TotalPoints: number;
  }[];
  return (userId: number) => rows.find((r) => r.UserID === userId)?.TotalPoints ?? 0;
}

/** A member's Match Prediction picks: the winner and Most Runs. */
async function pick(who: SignedIn, winner: string, mostRuns: string) {
  const rows = (await api(who.page, 'POST', '/league_selection/user/', {
    UserID: who.userId,
    LeagueID: league.id,
    FixtureID: fixtureId,
  })) as { LeagueFeatureID: number; FeatureName: string }[];
  const teams = (await api(who.page, 'GET', `/team/getTeamsByFixtureID/${fixtureId}`)) as {
    ID: number;
    Name: string;
  }[];
  const players = (await api(who.page, 'GET', `/player/getPlayersByFixtureID/${fixtureId}`)) as {
    PlayerID: number;
    PlayerFullName: string;
  }[];
  const base = { UserID: who.userId, LeagueID: league.id, FixtureID: fixtureId, IsActive: true };
  const feature = (name: string) => rows.find((r) => r.FeatureName === name)!.LeagueFeatureID;
  await api(who.page, 'PUT', '/league_selection/bulk_update', {
    CopyToOtherLeagues: false,
    Selection: [
      { ...base, LeagueFeatureID: feature('Match Winner'), TeamID: teams.find((t) => t.Name === winner)!.ID },
      {
        ...base,
        LeagueFeatureID: feature('Most Runs'),
        PlayerID: players.find((p) => p.PlayerFullName === mostRuns)!.PlayerID,
      },
    ],
  });
}

async function openLeaderboard(page: Page) {
  await page.goto(`/home/view-leaderboard?league=${league.id}`);
  await expect(page.getByRole('table', { name: /^Leaderboard of / })).toBeVisible();
}

test.beforeAll(async ({ browser }) => {
  const world = emptyWorld();
  world.title = TITLE;
  world.season = YEAR;
  const files = cricsheetFiles(4).filter((f) => f.mid === MATCH || f.mid === MATCH + 1);
  for (const f of files) addMatch(world, f.mid, f.json);
  match = world.matches.get(MATCH)!;
  // Tomorrow, before a ball: picks are open and the playing XIs are not due yet.
  match.start = nowSeconds() + 86_400;
  match.revealed = 0;
  const later = world.matches.get(MATCH + 1)!;
  later.start = nowSeconds() + 10 * 86_400;
  later.revealed = 0;
  es = await startEsServer(world, E2E_VENDOR_PORT);

  olive = await newSignedInUser(browser, { first: 'Olive', last: 'Vendor', outbox: PG_OUTBOX });
  expect(cli('operator', 'grant', olive.email)).toMatch(/operator/i);
  mia = await newSignedInUser(browser, { first: 'Mia', last: 'Member', outbox: PG_OUTBOX });
  noah = await newSignedInUser(browser, { first: 'Noah', last: 'Member', outbox: PG_OUTBOX });
});

test.afterAll(async () => {
  await es?.close();
});

test('an operator connects Entity Sport in the console and applies its competition', async () => {
  const { page } = olive;
  await page.goto('/console');
  await page
    .getByRole('navigation', { name: 'Console navigation' })
    .getByRole('link', { name: 'Data vendors' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Data vendors' })).toBeVisible();
  const card = page.getByRole('region', { name: 'Entity Sport' });
  await expect(card.getByText('Not connected')).toBeVisible();
  await snapshot(page, 'console-vendors-empty');

  await card.getByLabel(/^Access key/).fill(es.accessKey);
  await card.getByLabel(/^Secret key/).fill(es.secretKey);
  await card.getByRole('button', { name: 'Connect' }).click();
  await expect(card.getByText('Connected', { exact: true })).toBeVisible();
  await expect(card.getByLabel(/^Secret key/)).toHaveValue('');

  await choose(page, 'Competition', new RegExp(`${TITLE} ${YEAR}`));
  await card.getByRole('button', { name: 'Preview' }).click();
  await expect(card.getByRole('region', { name: 'Schedule' })).toBeVisible();
  await expect(card.getByText(/nothing has been written yet/)).toBeVisible();
  await snapshot(page, 'console-vendors-preview');
  await card.getByRole('button', { name: 'Apply' }).click();
  await expect(card.getByText('Syncing')).toBeVisible({ timeout: 30_000 });

  // A match is polled every 2 seconds, its XIs looked for from an hour before.
  const live = card.getByLabel(/^Live match every/);
  await live.fill('2');
  await card.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Sync settings saved.' })).toBeVisible();
  await snapshot(page, 'console-vendors-connected');

  // The season is activated; nothing of the keys is ever answered.
  const seasons = (await api(page, 'GET', '/operator/seasons')) as { SeasonID: number; Name: string }[];
  seasonId = seasons.find((s) => s.Name === SEASON)!.SeasonID;
  await api(page, 'POST', `/operator/seasons/${seasonId}/activation`, { Active: true });
  const status = JSON.stringify(await api(page, 'GET', '/operator/vendors'));
  expect(status).not.toContain(es.secretKey);
  expect(status).not.toContain(es.accessKey);
});

test('members pick; the playing XIs show on My Selections', async () => {
  const name = `Vendor league ${Date.now().toString(36)}`;
  const created = (await api(mia.page, 'POST', '/league/', {
    Name: name,
    Description: `${name} — e2e vendor`,
    LeagueTypeID: 1,
    IsPrivate: true,
    ShowOthersPicks: true,
    SeasonID: seasonId,
    AdminUserID: mia.userId,
    AdminDisplayName: 'Mia M',
  })) as { LeagueID: number; LeagueCode: string };
  await api(mia.page, 'POST', '/league/activate', { UserID: mia.userId, LeagueID: created.LeagueID });
  league = { id: created.LeagueID, name, code: created.LeagueCode };
  await api(noah.page, 'POST', '/league_member/joinLeague', {
    UserID: noah.userId,
    LeagueCode: created.LeagueCode,
    DisplayName: 'Noah N',
  });
  const members = (await api(mia.page, 'GET', `/league_member/${league.id}/members`)) as {
    data: { MemberID: number; UserID: number }[];
  };
  await api(mia.page, 'POST', '/league_member/update_member_status', {
    LeagueMemberID: members.data.find((m) => m.UserID === noah.userId)!.MemberID,
    LeagueID: league.id,
    Status: 'Approved',
    AdminUserID: mia.userId,
  });
  const fixtures = (await api(mia.page, 'GET', `/league_fixture/getAllFixturesForLeague/${league.id}`)) as {
    FixtureID: number;
    FixtureName: string;
  }[];
  fixtureId = fixtures.find((f) => f.FixtureName === 'Match 3')!.FixtureID;
  const [KKR, SRH] = match.match.info.teams;
  await pick(mia, KKR!, 'AD Russell');
  await pick(noah, SRH!, 'H Klaasen');

  // The vendor puts the match forty minutes away: the next schedule read moves it, and the XIs are due.
  match.start = nowSeconds() + 40 * 60;
  match.version += 1;
  await olive.page.goto('/console/vendors');
  await olive.page.getByRole('button', { name: 'Sync now' }).click();
  await expect(olive.page.getByRole('status').filter({ hasText: /Synced/ })).toBeVisible({ timeout: 30_000 });

  await mia.page.goto(`/home/my-predictions?league=${league.id}`);
  const fixtureCard = mia.page.getByTestId('fixture-card');
  await expect(fixtureCard.getByText(/Playing XIs announced/)).toBeVisible({ timeout: 30_000 });
  await fixtureCard.getByText(/Playing XIs announced/).click();
  await expect(fixtureCard.getByRole('region', { name: `${KKR} playing XI` })).toContainText('AD Russell');
  await snapshot(mia.page, 'vendor-my-selections-lineup');
});

test('the match goes live by itself: points on the Leaderboard, then the final standings', async () => {
  // The toss, and the vendor's start now: the sync moves the fixture and follows it.
  reveal(1);
  match.start = nowSeconds() + 2;
  match.version += 1;
  await olive.page.getByRole('button', { name: 'Sync now' }).click();
  await expect(
    olive.page
      .getByRole('status')
      .filter({ hasText: /Synced/ })
      .last(),
  ).toBeVisible({ timeout: 30_000 });

  // The first innings so far.
  reveal(90);
  const board = mia.page;
  await openLeaderboard(board);
  await expect(board.getByText('Provisional · live')).toBeVisible({ timeout: 90_000 });
  await expect(board.getByTestId('live-points').first()).toBeVisible({ timeout: 60_000 });
  await snapshot(board, 'vendor-leaderboard-live');

  // The rest of the match: the vendor marks it finished and the result is written and scored.
  reveal(match.balls.length);
  await expect
    .poll(
      async () => {
        const p = await points(mia);
        return p(mia.userId);
      },
      { timeout: 120_000, intervals: [2_000] },
    )
    .toBeGreaterThan(0);
  const final = await points(mia);
  expect(final(mia.userId)).toBeGreaterThan(final(noah.userId));
  await openLeaderboard(board);
  await expect(board.getByText('Provisional · live')).toHaveCount(0, { timeout: 30_000 });
  await expect(
    board
      .getByRole('row')
      .filter({ hasText: 'Mia M' })
      .filter({ hasText: String(final(mia.userId)) })
      // The standings row; the progression chart's visually hidden table repeats the member's row.
      .first(),
  ).toBeVisible();
  await snapshot(board, 'vendor-leaderboard-final');

  // The run is in the history, by the sync.
  await olive.page.goto('/console/imports');
  await expect(olive.page.getByRole('row').filter({ hasText: 'Data vendor sync' }).first()).toBeVisible();
});

test('on a phone nothing of the Data vendors screen is off-screen', async () => {
  const { page } = olive;
  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/console/vendors');
    await expect(page.getByRole('heading', { level: 1, name: 'Data vendors' })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
});
