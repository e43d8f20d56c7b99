import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { type Browser, type Download, type Locator, type Page, expect, test } from '@playwright/test';
import { E2E_PG_PORT } from '../playwright.config';
import { PG_OUTBOX, api, choose, cli, newSignedInUser, playDemoFixturesNow, snapshot } from './support';

/**
 * Issue 6, the Leaderboard screen end to end, on the PostgreSQL-backed server (the CLI can reach its
 * database while it runs). The demo season is loaded with the CLI; three members pick for its next
 * three fixtures in a Match Prediction and a Player Selection league; the operator then moves those
 * fixtures to start a few seconds later and "plays" them with the demo simulator, which scores them.
 */

test.use({ baseURL: `http://127.0.0.1:${E2E_PG_PORT}` });
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const ROOT = join(import.meta.dirname, '..');
const WORK = join(ROOT, 'test-results', 'e2e-standings');
/** The CSV and XLSX readers come from the web app's dependencies (read-excel-file is a dev one there). */
const webRequire = createRequire(join(ROOT, 'apps', 'web', 'package.json'));
const Papa = webRequire('papaparse') as { parse: (text: string) => { data: string[][] } };
const { readSheet } = webRequire('read-excel-file/node') as {
  readSheet: (path: string) => Promise<(string | number | boolean | null)[][]>;
};

interface Member {
  page: Page;
  userId: number;
  name: string;
}

async function registerAndSignIn(browser: Browser, first: string): Promise<Member> {
  const { page, userId } = await newSignedInUser(browser, {
    first,
    last: 'Standings',
    outbox: PG_OUTBOX,
    context: { acceptDownloads: true },
  });
  return { page, userId, name: first };
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
interface PlayerOption {
  PlayerID: number;
  PositionID: number;
}
interface FeatureRow {
  LeagueFeatureID: number;
  FeatureTypeName: 'team' | 'player' | 'bonus';
  AllowedPositionIDs?: number[];
  BonusOptions: { ID: number }[];
}
interface SlotRow {
  PositionID: number;
  PositionOrder: number;
}
interface LeaderboardRow {
  UserID: number;
  UserDisplayName: string;
  UserFullName: string;
  TotalPoints: number;
  PointsGained: number;
  IsMe: boolean;
}

let demoSeason = '';

async function startLeague(owner: Member, name: string, type: 'MP' | 'PS'): Promise<{ id: number; code: string }> {
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
    Description: `${name} — e2e standings`,
    LeagueTypeID: type === 'MP' ? 1 : 2,
    IsPrivate: true,
    ShowOthersPicks: true,
    SeasonID: season!.SeasonID,
    ...(season!.StageID ? { StageID: season!.StageID } : {}),
    AdminUserID: owner.userId,
    AdminDisplayName: `${owner.name} A`,
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
  if (type === 'PS') {
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
  await api(owner.page, 'POST', '/league/activate', { UserID: owner.userId, LeagueID: created.LeagueID });
  return { id: created.LeagueID, code: created.LeagueCode };
}

async function joinAndApprove(owner: Member, member: Member, league: { id: number; code: string }) {
  await api(member.page, 'POST', '/league_member/joinLeague', {
    UserID: member.userId,
    LeagueCode: league.code,
    DisplayName: `${member.name} ${member.name === 'Bilal' ? 'B' : 'C'}`,
  });
  const members = (await api(owner.page, 'GET', `/league_member/${league.id}/members`)) as {
    data: { MemberID: number; UserID: number }[];
  };
  await api(owner.page, 'POST', '/league_member/update_member_status', {
    LeagueMemberID: members.data.find((m) => m.UserID === member.userId)!.MemberID,
    LeagueID: league.id,
    Status: 'Approved',
    AdminUserID: owner.userId,
  });
}

/** Each member picks differently: the home side, the away side, other players. */
async function pickMatchPrediction(member: Member, index: number, leagueId: number, fixture: Fixture) {
  const rows = (await api(member.page, 'POST', '/league_selection/user/', {
    UserID: member.userId,
    LeagueID: leagueId,
    FixtureID: fixture.FixtureID,
  })) as FeatureRow[];
  const teams = (await api(member.page, 'GET', `/team/getTeamsByFixtureID/${fixture.FixtureID}`)) as {
    ID: number;
    Name: string;
  }[];
  const players = (await api(
    member.page,
    'GET',
    `/player/getPlayersByFixtureID/${fixture.FixtureID}`,
  )) as PlayerOption[];
  const home = teams.find((t) => t.Name === fixture.LocalTeamName) ?? teams[0]!;
  const away = teams.find((t) => t !== home)!;
  const Selection = rows.map((row) => {
    const base = {
      UserID: member.userId,
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
  await api(member.page, 'PUT', '/league_selection/bulk_update', { CopyToOtherLeagues: false, Selection });
}

async function pickPlayers(member: Member, index: number, leagueId: number, fixture: Fixture) {
  const query = `FixtureID=${fixture.FixtureID}&LeagueID=${leagueId}&UserID=${member.userId}`;
  const slots = (await api(member.page, 'GET', `/player_selection/fixture/?${query}`)) as SlotRow[];
  const players = (await api(
    member.page,
    'GET',
    `/player/getPlayersByFixtureID/${fixture.FixtureID}`,
  )) as PlayerOption[];
  const Selection = slots.map((slot) => {
    const of = players.filter((p) => p.PositionID === slot.PositionID);
    return {
      UserID: member.userId,
      LeagueID: leagueId,
      FixtureID: fixture.FixtureID,
      PositionTypeID: slot.PositionID,
      PositionOrder: slot.PositionOrder,
      PlayerID: of[(index * 2 + slot.PositionOrder - 1) % of.length]!.PlayerID,
      IsActive: true,
    };
  });
  await api(member.page, 'PUT', '/player_selection/bulk_update', { CopyToOtherLeagues: false, Selection });
}

async function download(page: Page, button: Locator, name: string): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect((file as Download).suggestedFilename()).toBe(name);
  const path = join(WORK, `${Date.now()}-${name}`);
  await file.saveAs(path);
  return path;
}

const readCsv = (path: string) =>
  Papa.parse(readFileSync(path, 'utf8').replace(/^\ufeff/, '')).data.filter((row) => row.some((cell) => cell !== ''));

/** XLSX cells as the CSV shows them (numbers as text, empty as ''). */
const asText = (rows: (string | number | boolean | null)[][]) =>
  rows.map((row) => row.map((cell) => (cell === null ? '' : String(cell))));

let a: Member;
let b: Member;
let c: Member;
let mpLeague: { id: number; code: string };
let psLeague: { id: number; code: string };
const MP_NAME = `Standings MP ${Date.now().toString(36)}`;
const PS_NAME = `Standings PS ${Date.now().toString(36)}`;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(300_000);
  mkdirSync(WORK, { recursive: true });
  demoSeason = /^(.+?) \(season \d+\)/m.exec(cli('demo-season'))?.[1] ?? '';
  expect(demoSeason).toMatch(/^Demo Premier League \d{4}$/);
  a = await registerAndSignIn(browser, 'Asha');
  // Screenshots of open dialogs: no entry animation half-way (the phone layout restarts it on resize).
  await a.page.emulateMedia({ reducedMotion: 'reduce' });
  b = await registerAndSignIn(browser, 'Bilal');
  c = await registerAndSignIn(browser, 'Chen');
  mpLeague = await startLeague(a, MP_NAME, 'MP');
  psLeague = await startLeague(a, PS_NAME, 'PS');
  for (const league of [mpLeague, psLeague]) {
    await joinAndApprove(a, b, league);
    await joinAndApprove(a, c, league);
  }
  const fixtures = ((await api(a.page, 'GET', `/league_fixture/getAllFixturesForLeague/${mpLeague.id}`)) as Fixture[])
    .filter((f) => !f.HasStarted)
    .sort((x, y) => Date.parse(x.StartTime) - Date.parse(y.StartTime))
    .slice(0, 3);
  expect(fixtures).toHaveLength(3);
  for (const [i, member] of [a, b, c].entries()) {
    for (const fixture of fixtures) {
      await pickMatchPrediction(member, i, mpLeague.id, fixture);
      await pickPlayers(member, i, psLeague.id, fixture);
    }
  }
  const lastStart = playDemoFixturesNow(demoSeason, fixtures, WORK);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, lastStart - Date.now()) + 1_000));
  expect(cli('demo-season')).toMatch(/[1-9]\d* played now/);
  const rows = (await api(a.page, 'GET', `/view/player_selection_leaderboard/${psLeague.id}`)) as LeaderboardRow[];
  expect(
    rows.some((r) => r.TotalPoints > 0),
    'the played fixtures are scored',
  ).toBe(true);
});

test('leaderboard: standings, sorting, contests, and both choices remembered across a reload', async () => {
  const { page } = a;
  const rows = (await api(page, 'GET', `/view/leaderboard/${mpLeague.id}`)) as LeaderboardRow[];
  expect(rows).toHaveLength(3);
  await page.goto('/home/view-leaderboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Leaderboard' })).toBeVisible();
  await choose(page, 'Select League', MP_NAME);
  const table = page.getByRole('table', { name: `Leaderboard of ${MP_NAME}` });
  await expect(table.getByRole('row')).toHaveCount(4);
  const points = table.getByRole('columnheader', { name: 'Points' });
  const gain = table.getByRole('columnheader', { name: 'Gain' });
  await expect(points).toHaveAttribute('aria-sort', 'descending');

  // My row: the marker, my full name (private league), my points as a link to the details.
  const me = rows.find((r) => r.IsMe)!;
  const myRow = table.getByRole('row').filter({ hasText: 'You are here' });
  await expect(myRow).toHaveCount(1);
  await expect(myRow).toContainText('Asha A');
  await expect(myRow).toContainText('Asha Standings');
  await expect(myRow.getByRole('button', { name: /score details of Asha A/ })).toHaveText(String(me.TotalPoints));
  await expect(table.getByText(/\((Gold|Silver|Bronze) medal\)/).first()).toBeAttached();

  // Columns: Rank, Change, Member, Points, Gain.
  const column = async (n: number) =>
    (await table.locator(`tbody tr > :nth-child(${n})`).allInnerTexts()).map((t) => Number(t.trim()));
  const pointsColumn = () => column(4);
  const byPoints = [...rows].sort((x, y) => y.TotalPoints - x.TotalPoints).map((r) => r.TotalPoints);
  expect(await pointsColumn()).toEqual(byPoints);
  await points.getByRole('button').click();
  await expect(points).toHaveAttribute('aria-sort', 'ascending');
  expect(await pointsColumn()).toEqual([...byPoints].reverse());
  await gain.getByRole('button').click();
  await expect(gain).toHaveAttribute('aria-sort', 'descending');
  const gains = await column(5);
  expect(gains).toEqual([...gains].sort((x, y) => y - x));
  await gain.getByRole('button').click();
  await expect(gain).toHaveAttribute('aria-sort', 'ascending');
  await points.getByRole('button').click();
  await expect(points).toHaveAttribute('aria-sort', 'descending');
  expect(await pointsColumn()).toEqual(byPoints);

  // The progression chart: a named image with my line, and its table alternative.
  const chart = page.getByRole('img', { name: /^Points progression/ });
  await expect(chart).toBeVisible();
  await expect(chart.locator('[data-me] polyline')).toHaveCount(1);
  await expect(page.getByRole('table', { name: 'Cumulative points after each scored fixture' })).toBeAttached();
  await snapshot(page, 'leaderboard');

  await page.getByRole('button', { name: 'Show as table' }).click();
  await expect(page.getByRole('table', { name: 'Cumulative points after each scored fixture' })).toBeVisible();
  await expect(chart).toBeHidden();
  await page.getByRole('button', { name: 'Show as table' }).click();

  // Contests, then a reload: the league and the switch are both restored.
  await page.getByText('Contests', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Contests' })).toBeChecked();
  // The first region is the widget's card (its table may be a scroll region of the same name).
  const winners = page.getByRole('region', { name: 'Fixture winners' }).first();
  await expect(winners).toBeVisible();
  await expect(winners.getByRole('columnheader')).toHaveText(['Fixture', 'Top scorer', 'Points']);
  await expect(page.getByRole('heading', { level: 2, name: 'Most correct picks' })).toBeVisible();
  await snapshot(page, 'leaderboard-contests');
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Select League' })).toContainText(MP_NAME);
  await expect(page.getByRole('radio', { name: 'Contests' })).toBeChecked();
  await expect(winners).toBeVisible();
  await page.getByText('Leaderboard', { exact: true }).last().click();
  await expect(page.getByRole('radio', { name: 'Leaderboard' })).toBeChecked();
  await expect(table).toBeVisible();
});

test('Match Prediction score details: subtotals, total, Scores.csv and Scores.xlsx', async () => {
  const { page } = a;
  // B's details, opened from A's screen (the league shows others' picks).
  const rows = (await api(page, 'GET', `/view/leaderboard/${mpLeague.id}`)) as LeaderboardRow[];
  const bilal = rows.find((r) => r.UserID === b.userId)!;
  const picks = (await api(page, 'POST', '/view/pastSelections', { LeagueID: mpLeague.id, UserID: b.userId })) as {
    Points: number;
  }[];
  await page.goto('/home/view-leaderboard');
  const table = page.getByRole('table', { name: `Leaderboard of ${MP_NAME}` });
  await table.getByRole('button', { name: /score details of Bilal B/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Score details: Bilal B' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/^Subtotal: /)).toHaveCount(3);
  await expect(dialog.locator('tbody tr')).toHaveCount(picks.length);
  await expect(dialog.locator('tbody tr[data-tone="success"]')).toHaveCount(picks.filter((p) => p.Points > 0).length);
  await expect(dialog.getByText(String(bilal.TotalPoints), { exact: true }).first()).toBeVisible();
  await snapshot(page, 'score-details');

  const csv = readCsv(await download(page, dialog.getByRole('button', { name: /Export CSV/ }), 'Scores.csv'));
  expect(csv[0]).toEqual(['Fixture', 'Feature', 'Selection', 'Winner', 'Points']);
  expect(csv).toHaveLength(picks.length + 2);
  expect(csv.at(-1)).toEqual(['Total', '', '', '', String(bilal.TotalPoints)]);
  const sum = csv.slice(1, -1).reduce((total, row) => total + Number(row[4]), 0);
  expect(sum).toBe(bilal.TotalPoints);
  const xlsx = await readSheet(
    await download(page, dialog.getByRole('button', { name: /Export Excel/ }), 'Scores.xlsx'),
  );
  expect(asText(xlsx)).toEqual(csv);
  expect(typeof xlsx[1]![4]).toBe('number');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('Player Selection score details open a player’s breakdown: ScoreDetails.csv and ScoreDetails.xlsx', async () => {
  const { page } = a;
  const rows = (await api(page, 'GET', `/view/player_selection_leaderboard/${psLeague.id}`)) as LeaderboardRow[];
  const me = rows.find((r) => r.IsMe)!;
  await page.goto('/home/view-leaderboard');
  await choose(page, 'Select League', PS_NAME);
  const table = page.getByRole('table', { name: `Leaderboard of ${PS_NAME}` });
  await table.getByRole('button', { name: /score details of Asha A/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Score details: Asha A' });
  await expect(dialog.getByText(/^Subtotal: /)).toHaveCount(3);
  await expect(dialog.locator('tbody tr')).toHaveCount(18);
  const csv = readCsv(await download(page, dialog.getByRole('button', { name: /Export CSV/ }), 'Scores.csv'));
  expect(csv[0]).toEqual(['Fixture', 'Position', 'Selection', 'Points']);
  expect(csv.at(-1)).toEqual(['Total', '', '', String(me.TotalPoints)]);
  const xlsx = await readSheet(
    await download(page, dialog.getByRole('button', { name: /Export Excel/ }), 'Scores.xlsx'),
  );
  expect(asText(xlsx)).toEqual(csv);

  // A picked player who scored: the per-stat breakdown adds up to the pick's points.
  const scoring = dialog.getByRole('button', { name: /^[1-9]\d* points: score details of / }).first();
  const label = (await scoring.getAttribute('aria-label'))!;
  const [, pickPoints, player] = /^(\d+) points: score details of (.+)$/.exec(label)!;
  await scoring.click();
  const breakdown = page.getByRole('dialog', { name: `Player score details: ${player}` });
  await expect(breakdown).toBeVisible();
  await expect(breakdown.locator('tbody tr').first()).toContainText(player!);
  await snapshot(page, 'player-score-details');
  const details = readCsv(
    await download(page, breakdown.getByRole('button', { name: /Export CSV/ }), 'ScoreDetails.csv'),
  );
  expect(details[0]).toEqual(['Player', 'Feature', 'Count', 'Points']);
  expect(details.at(-1)).toEqual(['Total', '', '', pickPoints]);
  expect(details.slice(1, -1).every((row) => row[0] === player)).toBe(true);
  const detailsXlsx = await readSheet(
    await download(page, breakdown.getByRole('button', { name: /Export Excel/ }), 'ScoreDetails.xlsx'),
  );
  expect(asText(detailsXlsx)).toEqual(details);
  await page.keyboard.press('Escape');
  await expect(breakdown).toBeHidden();
  await expect(dialog).toBeVisible();
});
