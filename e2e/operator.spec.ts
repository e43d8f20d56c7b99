import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Page, expect, test } from '@playwright/test';
import { E2E_PG_PORT } from '../playwright.config';
import { PG_OUTBOX, api, choose, cli, mailsTo, newSignedInUser, type SignedIn, snapshot } from './support';

/**
 * Issue 18: a season run from the operator console, by someone who is not at a shell. On the
 * PostgreSQL-backed server (its CLI grants the first operator while the app runs):
 *
 * the operator creates IPL 2024, uploads its schedule (two real fixtures, a day ahead) and squads (a CSV
 * made from the real Cricsheet files), previews and applies each, and activates the season; two members
 * play a Match Prediction league (one of them two leagues); the operator moves Match 1 to start now
 * (the preview says `moved`), uploads its real Cricsheet file once it has started, and later corrects its
 * player of the match. The members see their points, then the corrected points, on the Leaderboard, and
 * receive exactly one result email each for the result (one email for both of Mia's leagues), and exactly
 * one more, marked as a correction, for the corrected result. The import history and the audit log show
 * every step and who did it. A member who is not an operator is turned away from /console.
 */
test.use({ baseURL: `http://127.0.0.1:${E2E_PG_PORT}` });
test.describe.configure({ mode: 'serial' });

const ROOT = join(import.meta.dirname, '..');
const WORK = join(ROOT, 'test-results', 'e2e-operator');
const CRICSHEET = join(process.env.CRICSHEET_DIR ?? join(ROOT, '..', 'shared', 'cricsheet'), 'ipl-2024');
const SEASON = 'IPL 2024';
/** Match 1 of IPL 2024: Royal Challengers Bengaluru v Chennai Super Kings; CSK won by 6 wickets, Mustafizur Rahman player of the match. */
const MATCH_1 = '1422119';
/** Match 2: Delhi Capitals v Punjab Kings (scheduled, not played here). */
const MATCH_2 = '1422120';
const REAL_POM = 'Mustafizur Rahman';
/** Match 2 stays two days ahead (the same time in every schedule the operator uploads). */
const MATCH_2_START = Date.now() + 2 * 86_400_000;
const CORRECTED_POM = 'V Kohli';

interface CricsheetInfo {
  dates: string[];
  teams: string[];
  venue: string;
  city?: string;
  event: { match_number: number };
  players: Record<string, string[]>;
  registry: { people: Record<string, string> };
}
const info = (id: string) =>
  (JSON.parse(readFileSync(join(CRICSHEET, `${id}.json`), 'utf8')) as { info: CricsheetInfo }).info;

/** The schedule file an operator would upload: both fixtures, Match 1 starting at `match1Start`. */
function scheduleFile(match1Start: number): string {
  const fixtures = [MATCH_1, MATCH_2].map((id, i) => {
    const m = info(id);
    return {
      matchNumber: m.event.match_number,
      startTime: new Date(i === 0 ? match1Start : MATCH_2_START).toISOString(),
      home: m.teams[0],
      away: m.teams[1],
      venue: m.venue,
      ...(m.city ? { city: m.city } : {}),
    };
  });
  const file = join(WORK, `schedule-${Date.now()}.json`);
  writeFileSync(file, JSON.stringify({ season: SEASON, competition: 'Indian Premier League', year: 2024, fixtures }));
  return file;
}

/** The squads of the four teams as CSV (docs/data.md): the players of the real files, in batting order. */
function squadsFile(): string {
  const rows = ['season,team,player,cricsheet_id,position'];
  for (const id of [MATCH_1, MATCH_2]) {
    const m = info(id);
    for (const team of m.teams) {
      m.players[team]!.forEach((player, i) => {
        const position = i < 6 ? 'Batsman' : i < 8 ? 'Allrounder' : 'Bowler';
        rows.push([SEASON, team, player, m.registry.people[player], position].join(','));
      });
    }
  }
  const file = join(WORK, 'squads.csv');
  writeFileSync(file, `${rows.join('\n')}\n`);
  return file;
}

let olive: SignedIn;
let mia: SignedIn;
let noah: SignedIn;
const leagues: { id: number; name: string }[] = [];
let match1Id = 0;

/** The operator's screen: the import report's lines by key and status. */
async function expectLine(page: Page, key: string | RegExp, status: string) {
  await expect(page.getByRole('row').filter({ hasText: key }).filter({ hasText: status }).first()).toBeVisible();
}

/** Uploads a schedule or squads file, previews it and checks what it would do, then applies it. */
async function previewAndApply(page: Page, kind: 'Schedule' | 'Squads', file: string, preview: [string, string][]) {
  await page.goto('/console/schedule');
  await expect(page.getByRole('heading', { level: 1, name: 'Schedule & squads' })).toBeVisible();
  await page.getByRole('radio', { name: new RegExp(`^${kind}`, 'i') }).check();
  await page.getByLabel('File (JSON or CSV)').setInputFiles(file);
  await page.getByRole('button', { name: 'Preview' }).click();
  for (const [key, status] of preview) await expectLine(page, key, status);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(/applied/i).first()).toBeVisible();
}

async function leaderboard(who: SignedIn, leagueId: number) {
  const rows = (await api(who.page, 'GET', `/view/leaderboard/${leagueId}`)) as {
    UserID: number;
    TotalPoints: number;
  }[];
  return (userId: number) => rows.find((r) => r.UserID === userId)?.TotalPoints ?? 0;
}

const resultMails = (email: string) =>
  mailsTo(email, PG_OUTBOX).filter((m) => /^(Corrected result|Result): /.test(m.subject));

/** Makes the member's Match Prediction picks for Match 1: the winner and the player of the match. */
async function pickMatch1(who: SignedIn, leagueId: number, winner: string, pom: string) {
  const rows = (await api(who.page, 'POST', '/league_selection/user/', {
    UserID: who.userId,
    LeagueID: leagueId,
    FixtureID: match1Id,
  })) as { LeagueFeatureID: number; FeatureName: string }[];
  const teams = (await api(who.page, 'GET', `/team/getTeamsByFixtureID/${match1Id}`)) as { ID: number; Name: string }[];
  const players = (await api(who.page, 'GET', `/player/getPlayersByFixtureID/${match1Id}`)) as {
    PlayerID: number;
    PlayerFullName: string;
  }[];
  const base = { UserID: who.userId, LeagueID: leagueId, FixtureID: match1Id, IsActive: true };
  const Selection = [
    {
      ...base,
      LeagueFeatureID: rows.find((r) => r.FeatureName === 'Match Winner')!.LeagueFeatureID,
      TeamID: teams.find((t) => t.Name === winner)!.ID,
    },
    {
      ...base,
      LeagueFeatureID: rows.find((r) => r.FeatureName === 'Man of the Match')!.LeagueFeatureID,
      PlayerID: players.find((p) => p.PlayerFullName === pom)!.PlayerID,
    },
  ];
  await api(who.page, 'PUT', '/league_selection/bulk_update', { CopyToOtherLeagues: false, Selection });
}

test.beforeAll(async ({ browser }) => {
  mkdirSync(WORK, { recursive: true });
  olive = await newSignedInUser(browser, { first: 'Olive', last: 'Operator', outbox: PG_OUTBOX });
  expect(cli('operator', 'grant', olive.email)).toMatch(/operator/i);
  mia = await newSignedInUser(browser, { first: 'Mia', last: 'Member', outbox: PG_OUTBOX });
  noah = await newSignedInUser(browser, { first: 'Noah', last: 'Member', outbox: PG_OUTBOX });
});

test('a member who is not an operator is turned away from the console', async () => {
  await mia.page.goto('/home');
  await expect(mia.page.getByRole('link', { name: 'Operator console' })).toHaveCount(0);
  await mia.page.goto('/console');
  await expect(mia.page.getByText('This is for site operators only.')).toBeVisible();
  await mia.page.getByRole('main').getByRole('link', { name: 'Back to the app' }).click();
  await expect(mia.page).toHaveURL(/\/home$/);
});

test('the operator creates the season, uploads its schedule and squads, previews and applies them, activates it', async () => {
  const { page } = olive;
  await page.goto('/home');
  await page.getByRole('link', { name: 'Operator console' }).click();
  await expect(page).toHaveURL(/\/console\/seasons$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Seasons' })).toBeVisible();

  if ((await page.getByRole('row').filter({ hasText: SEASON }).count()) === 0) {
    await page.getByRole('button', { name: 'New season' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill(SEASON);
    await dialog.getByLabel('Competition').fill('Indian Premier League');
    await dialog.getByLabel('Year').fill('2024');
    await dialog.getByRole('button', { name: /create/i }).click();
  }
  await expect(page.getByRole('row').filter({ hasText: SEASON })).toBeVisible();
  await snapshot(page, 'console-seasons');

  await previewAndApply(page, 'Schedule', scheduleFile(Date.now() + 86_400_000), [
    ['Match 1', 'new'],
    ['Match 2', 'new'],
  ]);
  await previewAndApply(page, 'Squads', squadsFile(), [
    [REAL_POM, 'new'],
    [CORRECTED_POM, 'new'],
  ]);

  await page.goto('/console/seasons');
  await page.getByRole('button', { name: `Activate ${SEASON}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByRole('button', { name: `Deactivate ${SEASON}` })).toBeVisible();

  // The members can now start leagues for it.
  const series = (await api(mia.page, 'GET', '/stage/active_stages_namelist')) as {
    SeasonID: number;
    SeasonName: string;
    StageID: number | null;
  }[];
  const season = series.find((s) => s.SeasonName === SEASON && s.StageID === null);
  expect(season, 'the activated season is in the series list').toBeTruthy();
  for (const name of [`Office IPL ${Date.now().toString(36)}`, `Family IPL ${Date.now().toString(36)}`]) {
    const created = (await api(mia.page, 'POST', '/league/', {
      Name: name,
      Description: `${name} — e2e operator`,
      LeagueTypeID: 1,
      IsPrivate: true,
      ShowOthersPicks: true,
      SeasonID: season!.SeasonID,
      AdminUserID: mia.userId,
      AdminDisplayName: 'Mia M',
    })) as { LeagueID: number; LeagueCode: string };
    await api(mia.page, 'POST', '/league/activate', { UserID: mia.userId, LeagueID: created.LeagueID });
    leagues.push({ id: created.LeagueID, name });
    if (leagues.length === 1) {
      await api(noah.page, 'POST', '/league_member/joinLeague', {
        UserID: noah.userId,
        LeagueCode: created.LeagueCode,
        DisplayName: 'Noah N',
      });
      const members = (await api(mia.page, 'GET', `/league_member/${created.LeagueID}/members`)) as {
        data: { MemberID: number; UserID: number }[];
      };
      await api(mia.page, 'POST', '/league_member/update_member_status', {
        LeagueMemberID: members.data.find((m) => m.UserID === noah.userId)!.MemberID,
        LeagueID: created.LeagueID,
        Status: 'Approved',
        AdminUserID: mia.userId,
      });
    }
  }
  const fixtures = (await api(mia.page, 'GET', `/league_fixture/getAllFixturesForLeague/${leagues[0]!.id}`)) as {
    FixtureID: number;
    FixtureName: string;
  }[];
  match1Id = fixtures.find((f) => f.FixtureName === 'Match 1')!.FixtureID;
  // Mia backs the real result in both leagues; Noah the other side and Virat Kohli.
  for (const l of leagues) await pickMatch1(mia, l.id, 'Chennai Super Kings', REAL_POM);
  await pickMatch1(noah, leagues[0]!.id, 'Royal Challengers Bengaluru', CORRECTED_POM);
});

test('Match 1 is moved to start now, played, and its Cricsheet file uploaded: the members see their points and get one email each', async () => {
  const { page } = olive;
  const start = Date.now() + 4_000;
  await previewAndApply(page, 'Schedule', scheduleFile(start), [
    ['Match 1', 'moved'],
    ['Match 2', 'unchanged'],
  ]);
  await page.waitForTimeout(Math.max(0, start - Date.now() + 1_000));

  await page.goto('/console/results');
  await expect(page.getByRole('heading', { level: 1, name: 'Results' })).toBeVisible();
  await page.getByLabel('Match files (.json) or a zip').setInputFiles(join(CRICSHEET, `${MATCH_1}.json`));
  await page.getByRole('button', { name: 'Upload and import' }).click();
  await expectLine(page, `${MATCH_1}.json`, 'imported');
  await snapshot(page, 'console-results-report');
  await choose(page, 'Season', SEASON);
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: 'Match 1' })
      .filter({ hasText: /won by 6 wickets/ }),
  ).toBeVisible();

  const board = await leaderboard(mia, leagues[0]!.id);
  const miaPoints = board(mia.userId);
  const noahPoints = board(noah.userId);
  expect(miaPoints, 'Mia backed the winner and the player of the match').toBeGreaterThan(noahPoints);

  // Mia sees it on her Leaderboard.
  await mia.page.goto(`/home/view-leaderboard`);
  await choose(mia.page, /^Select (a )?League/, leagues[0]!.name);
  await expect(
    mia.page
      .getByRole('row')
      .filter({ hasText: 'Mia M' })
      .filter({ hasText: String(miaPoints) })
      // The standings row; the progression chart's visually hidden table repeats the member's row.
      .first(),
  ).toBeVisible();

  // One result email each: Mia's lists both her leagues.
  await expect.poll(() => resultMails(mia.email).length, { timeout: 30_000 }).toBe(1);
  await expect.poll(() => resultMails(noah.email).length, { timeout: 30_000 }).toBe(1);
  const [miaMail] = resultMails(mia.email);
  expect(miaMail!.subject).toMatch(/^Result: /);
  for (const l of leagues) expect(miaMail!.body).toContain(l.name);
  expect(miaMail!.body).toContain(`/home/view-leaderboard?league=`);
  expect(resultMails(noah.email)[0]!.body).not.toContain(leagues[1]!.name);
});

test('the operator corrects the player of the match: points move, one correction email each, history and audit show it', async () => {
  const { page } = olive;
  const before = await leaderboard(mia, leagues[0]!.id);
  await page.goto('/console/results');
  await choose(page, 'Season', SEASON);
  await page.getByRole('button', { name: 'Correct result: Match 1' }).click();
  const dialog = page.getByRole('dialog', { name: /Correct the result: Match 1/ });
  // The form starts from the stored result: CSK by 6 wickets, Mustafizur Rahman.
  await expect(dialog.getByRole('checkbox', { name: REAL_POM })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: 'Wickets' })).toBeChecked();
  await expect(dialog.getByLabel('Margin')).toHaveValue('6');
  await dialog.getByRole('checkbox', { name: REAL_POM }).uncheck();
  await dialog.getByRole('checkbox', { name: CORRECTED_POM }).check();
  await snapshot(page, 'console-correct-result');
  await dialog.getByRole('button', { name: 'Save result' }).click();
  await expect(dialog).toHaveCount(0);
  await expectLine(page, 'Match 1', 'updated');

  const after = await leaderboard(mia, leagues[0]!.id);
  expect(after(mia.userId), 'Mia loses the player-of-the-match points').toBeLessThan(before(mia.userId));
  expect(after(noah.userId), 'Noah gains them').toBeGreaterThan(before(noah.userId));
  await noah.page.goto('/home/view-leaderboard');
  await choose(noah.page, /^Select (a )?League/, leagues[0]!.name);
  await expect(
    // The standings row (the progression chart's table version is in the page too, visually hidden;
    // the member's own row is repeated, pinned, below the standings): the first visible one.
    noah.page
      .getByRole('row')
      .filter({ visible: true })
      .filter({ hasText: 'Noah N' })
      .filter({ hasText: String(after(noah.userId)) })
      .first(),
  ).toBeVisible();

  await expect.poll(() => resultMails(mia.email).length, { timeout: 30_000 }).toBe(2);
  await expect.poll(() => resultMails(noah.email).length, { timeout: 30_000 }).toBe(2);
  for (const who of [mia, noah]) expect(resultMails(who.email)[1]!.subject).toMatch(/^Corrected result: /);

  // The history: every run, with who started it.
  await page.goto('/console/imports');
  await expect(page.getByRole('heading', { level: 1, name: 'Import history' })).toBeVisible();
  for (const kind of [/schedule/i, /squads/i, /cricsheet/i, /result/i]) {
    await expect(
      page.getByRole('row').filter({ hasText: kind }).filter({ hasText: 'Olive Operator' }).first(),
    ).toBeVisible();
  }
  await snapshot(page, 'console-import-history');
  await page.goto('/console/audit');
  for (const action of ['fixture.result', 'results.upload', 'schedule.apply', 'squads.apply', 'season.activate']) {
    await expect(page.getByRole('row').filter({ hasText: action }).first()).toBeVisible();
  }
  await snapshot(page, 'console-audit');
  // Later runs of the email job send nothing more.
  await page.waitForTimeout(3_000);
  expect(resultMails(mia.email)).toHaveLength(2);
  expect(resultMails(noah.email)).toHaveLength(2);
});
