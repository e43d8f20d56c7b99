import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type Page, expect, test } from '@playwright/test';
import { E2E_PG_PORT } from '../playwright.config';
import {
  type Mail,
  PG_OUTBOX,
  type SignedIn,
  api,
  choose,
  cli,
  mailsTo,
  newSignedInUser,
  pickPlayer,
  snapshot,
} from './support';

/**
 * Issue 5, picks end to end, on the PostgreSQL-backed server: the suite loads its own season with the
 * CLI (squads and a schedule), and later moves Match 1's start time to a few seconds from now — the way
 * an operator re-imports a schedule — to watch picks lock, auto-picks fill a missed fixture, and other
 * members' picks appear. Reminder emails and their unsubscribe link come from the same server.
 */

test.use({ baseURL: `http://127.0.0.1:${E2E_PG_PORT}` });
test.describe.configure({ mode: 'serial' });

const SEASON = 'E2E Cup 2026';
const ROOT = join(import.meta.dirname, '..');
const WORK = join(ROOT, 'test-results', 'e2e-picks');
const TEAMS = [
  { name: 'Alpha Lions', code: 'ALP' },
  { name: 'Bravo Hawks', code: 'BRH' },
  { name: 'Comet Rhinos', code: 'CMR' },
] as const;
const SQUAD_SHAPE = [
  ['Batsman', 5],
  ['Wicketkeeper', 2],
  ['Allrounder', 4],
  ['Bowler', 5],
] as const;

const iso = (ms: number) => new Date(ms).toISOString();
const DAY = 86_400_000;

/** Writes and imports the schedule; Match 1 starts at `match1Start`, Match 2 at `match2Start`. */
const SUITE_START = Date.now();
let match1At = SUITE_START + DAY;
function importSchedule(match1Start: number, match2Start = SUITE_START + 2 * DAY): void {
  match1At = match1Start;
  const now = SUITE_START;
  const file = join(WORK, `schedule-${Date.now()}.json`);
  writeFileSync(
    file,
    JSON.stringify({
      season: SEASON,
      competition: 'E2E Cup',
      year: 2026,
      fixtures: [
        {
          matchNumber: 1,
          startTime: iso(match1Start),
          home: 'Alpha Lions',
          away: 'Bravo Hawks',
          homeCode: 'ALP',
          awayCode: 'BRH',
        },
        {
          matchNumber: 2,
          startTime: iso(match2Start),
          home: 'Bravo Hawks',
          away: 'Comet Rhinos',
          homeCode: 'BRH',
          awayCode: 'CMR',
        },
        {
          matchNumber: 3,
          startTime: iso(now + 6 * DAY),
          home: 'Comet Rhinos',
          away: 'Alpha Lions',
          homeCode: 'CMR',
          awayCode: 'ALP',
        },
      ],
    }),
  );
  expect(cli('import', 'schedule', file)).toMatch(/0 failed/);
}

function importSquads(): void {
  const file = join(WORK, 'squads.json');
  writeFileSync(
    file,
    JSON.stringify({
      season: SEASON,
      competition: 'E2E Cup',
      year: 2026,
      teams: TEAMS.map((t) => ({
        name: t.name,
        code: t.code,
        players: SQUAD_SHAPE.flatMap(([position, n]) =>
          Array.from({ length: n }, (_, i) => ({
            name: `${t.code} ${position} ${i + 1}`,
            cricsheetId: `e2e-${t.code}-${position}-${i + 1}`.toLowerCase(),
            position,
          })),
        ),
      })),
    }),
  );
  cli('import', 'squads', file);
}

type Player = SignedIn;

function registerAndSignIn(browser: Browser, first: string): Promise<Player> {
  return newSignedInUser(browser, { first, last: 'Picker', outbox: PG_OUTBOX });
}

interface LeagueSpec {
  name: string;
  type: 'MP' | 'PS';
  showOthersPicks?: boolean;
  counts?: Partial<Record<'Batsman' | 'Bowler' | 'Wicketkeeper' | 'Allrounder', number>>;
}

/** Starts a private league on the suite's season, sets its player counts and activates it. */
async function activeLeague(owner: Player, spec: LeagueSpec): Promise<{ id: number; code: string }> {
  const series = (await api(owner.page, 'GET', '/stage/active_stages_namelist')) as {
    SeasonID: number;
    SeasonName: string;
    StageID: number | null;
  }[];
  const season = series.find((s) => s.SeasonName === SEASON && s.StageID === null);
  expect(season, 'the suite season is listed').toBeTruthy();
  const created = (await api(owner.page, 'POST', '/league/', {
    Name: spec.name,
    Description: `${spec.name} — e2e`,
    LeagueTypeID: spec.type === 'MP' ? 1 : 2,
    IsPrivate: true,
    ShowOthersPicks: spec.showOthersPicks ?? false,
    SeasonID: season!.SeasonID,
    AdminUserID: owner.userId,
    AdminDisplayName: `${spec.name} boss`,
  })) as { LeagueID: number; LeagueCode: string };
  // The spec's game, every team rule off (a new league starts with them on: e2e/team-rules.spec.ts plays them).
  if (spec.type === 'PS') {
    await api(owner.page, 'PUT', `/league/${created.LeagueID}/team_rules`, {
      BudgetCredits: null,
      CaptainMultiplier: null,
      ViceCaptainMultiplier: null,
      MaxPerSide: null,
      Backups: 0,
    });
  }
  if (spec.counts) {
    const configs = (await api(
      owner.page,
      'GET',
      `/selection_config/getSelectionConfigsForLeague/${created.LeagueID}`,
    )) as { ID: number; PositionTypeName: keyof NonNullable<LeagueSpec['counts']> }[];
    await api(owner.page, 'POST', '/selection_config/bulkUpdate', {
      LeagueSelectionConfig: configs.map((c) => ({
        SelectionConfigID: c.ID,
        Count: spec.counts![c.PositionTypeName] ?? 0,
        IsActive: true,
      })),
    });
  }
  await api(owner.page, 'POST', '/league/activate', { UserID: owner.userId, LeagueID: created.LeagueID });
  return { id: created.LeagueID, code: created.LeagueCode };
}

function banner(page: Page, text: string | RegExp) {
  return page.getByText(text).first();
}

let a: Player;
let b: Player;
let mpLeague: { id: number; code: string };

test.beforeAll(async ({ browser }) => {
  mkdirSync(WORK, { recursive: true });
  importSquads();
  importSchedule(SUITE_START + DAY);
  a = await registerAndSignIn(browser, 'Anya');
  b = await registerAndSignIn(browser, 'Bilal');
  mpLeague = await activeLeague(a, {
    name: `MP Friends ${Date.now().toString(36)}`,
    type: 'MP',
    showOthersPicks: true,
  });
  await activeLeague(a, {
    name: 'PS Main',
    type: 'PS',
    counts: { Batsman: 2, Wicketkeeper: 1, Allrounder: 1, Bowler: 2 },
  });
  await activeLeague(a, { name: 'PS Small', type: 'PS', counts: { Batsman: 1, Wicketkeeper: 1, Bowler: 1 } });
  // B joins the Match Prediction league and A approves.
  await api(b.page, 'POST', '/league_member/joinLeague', {
    UserID: b.userId,
    LeagueCode: mpLeague.code,
    DisplayName: 'Bilal B',
  });
  const members = (await api(a.page, 'GET', `/league_member/${mpLeague.id}/members`)) as {
    data: { MemberID: number; UserID: number }[];
  };
  const bMember = members.data.find((m) => m.UserID === b.userId)!;
  await api(a.page, 'POST', '/league_member/update_member_status', {
    LeagueMemberID: bMember.MemberID,
    LeagueID: mpLeague.id,
    Status: 'Approved',
    AdminUserID: a.userId,
  });
});

test('Match Prediction picks: options, touched-only save, success', async () => {
  const { page } = a;
  await page.goto('/home/my-predictions');
  await choose(page, 'Select a League', /MP Friends/);
  const fixture = page.getByRole('combobox', { name: /fixture/i });
  await expect(fixture).toContainText(/Match 1 - BRH @ ALP - \d\d\/\d\d \d{1,2} (AM|PM) ET/);
  await expect(page.getByText('Copy below picks to my other MP leagues')).toBeVisible();

  // Nothing touched: no call, the spec's message.
  await page.getByRole('button', { name: 'Save Selections' }).click();
  await expect(banner(page, 'No modified selections to save.')).toBeVisible();

  await choose(page, /Match Winner/, 'Alpha Lions');
  // Most Runs offers batsmen, keepers and allrounders only.
  await page.getByRole('combobox', { name: /Most Runs/ }).click();
  await expect(page.getByRole('option', { name: /ALP Bowler 1/ })).toHaveCount(0);
  await page.getByRole('option', { name: /ALP Batsman 1/ }).click();
  await choose(page, /Most Wickets/, /BRH Bowler 2/);
  await snapshot(page, 'my-selections-mp');
  await page.getByRole('button', { name: 'Save Selections' }).click();
  await expect(banner(page, 'Match Prediction selections saved successfully.')).toBeVisible();
  // Reloaded from the server: the picks are there.
  await page.reload();
  await choose(page, 'Select a League', /MP Friends/);
  await expect(page.getByRole('combobox', { name: /Match Winner/ })).toContainText('Alpha Lions');
});

test('Player Selection picks: duplicate message, copy to the other PS league within its counts', async () => {
  const { page } = a;
  await page.goto('/home/my-predictions');
  await choose(page, 'Select a League', 'PS Main');
  await expect(page.getByText('Copy below picks to my other PS leagues')).toBeVisible();
  await expect(page.getByRole('region', { name: /^Fixture: Match 1/ })).toContainText(/BRH.*@.*ALP/);
  await pickPlayer(page, 'Batsman 1', 'ALP Batsman 1');
  // The same player for Batsman 2: marked in the picker, refused with the spec's message.
  const dialog = await pickPlayer(page, 'Batsman 2', 'ALP Batsman 1', { refused: true });
  await expect(dialog.getByTestId('picker-option').filter({ hasText: 'ALP Batsman 1' })).toContainText(
    'Already picked: Batsman 1',
  );
  await expect(
    banner(page, /^Duplicate selections detected for: Batsman: \d+ Please select unique players for each position\.$/),
  ).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Season points' }).click();
  await snapshot(page, 'my-selections-ps-picker');
  await dialog.getByRole('searchbox', { name: 'Search players' }).fill('BRH Batsman 3');
  await dialog.getByTestId('picker-option').filter({ hasText: 'BRH Batsman 3' }).click();
  await expect(dialog).toBeHidden();

  await pickPlayer(page, 'Wicketkeeper', 'ALP Wicketkeeper 1');
  await pickPlayer(page, 'Allrounder', 'BRH Allrounder 2');
  await pickPlayer(page, 'Bowler 1', 'BRH Bowler 1');
  await pickPlayer(page, 'Bowler 2', 'ALP Bowler 4');
  await page.getByRole('checkbox', { name: 'Copy below picks to my other PS leagues' }).check();
  await snapshot(page, 'my-selections-ps');
  await page.getByRole('button', { name: 'Save Selections' }).click();
  await expect(banner(page, 'Player Selection selections saved successfully.')).toBeVisible();

  // PS Small has one Batsman, one Wicketkeeper, one Bowler and no Allrounder: the copy fills what fits.
  await page.goto('/home/my-predictions');
  await choose(page, 'Select a League', 'PS Small');
  const slot = (name: string | RegExp) => page.getByRole('listitem', { name, exact: typeof name === 'string' });
  await expect(slot('Batsman')).toContainText('ALP Batsman 1');
  await expect(slot('Wicketkeeper')).toContainText('ALP Wicketkeeper 1');
  await expect(slot('Bowler')).toContainText('BRH Bowler 1');
  await expect(slot(/Allrounder/)).toHaveCount(0);
  await expect(slot(/Batsman 2/)).toHaveCount(0);
});

test('before the start only your own picks show; B turns auto-pick on and misses Match 1', async () => {
  // B sees nothing of A's picks before the start.
  await b.page.goto('/home/all-predictions');
  await choose(b.page, /league/i, /MP Friends/);
  await expect(b.page.getByText('No selection details available.')).toBeVisible();
  await expect(b.page.getByTestId('hidden-picks-note')).toContainText(
    "Other members' picks are hidden until this fixture starts",
  );
  // Alpha Lions is on the fixture card (a team of Match 1), never as a pick.
  await expect(b.page.getByRole('table').getByText('Alpha Lions')).toHaveCount(0);
  await snapshot(b.page, 'all-selections-hidden');

  await b.page.goto('/home/view-profile');
  await b.page.getByRole('checkbox', { name: /Enable Auto-Picks by AI/i }).check();
  await b.page.getByRole('button', { name: /save|update/i }).click();
  await expect(banner(b.page, 'Profile updated successfully.')).toBeVisible();
});

test('Match 1 starts: saving is refused, picks lock, auto-picks fill the gap, everyone’s picks appear', async () => {
  const { page } = a;
  await page.goto('/home/my-predictions');
  await choose(page, 'Select a League', /MP Friends/);
  await expect(page.getByRole('combobox', { name: /fixture/i })).toContainText('Match 1');
  const fixtures = (await api(page, 'GET', `/league_fixture/getAllFixturesForLeague/${mpLeague.id}`)) as {
    FixtureID: number;
    FixtureName: string;
  }[];
  const fixtureId = fixtures.find((f) => f.FixtureName === 'Match 1')!.FixtureID;

  // The operator moves Match 1 to start in a few seconds; A's screen still shows it open.
  importSchedule(Date.now() + 4_000);
  await page.waitForTimeout(5_000);
  await choose(page, /Match Winner/, 'Bravo Hawks');
  await page.getByRole('button', { name: 'Save Selections' }).click();
  await expect(
    banner(page, 'Cannot save selection for the following fixtures as the matches have already started: Match 1'),
  ).toBeVisible();
  // The rows of the started fixture are locked: the saved picks read-only.
  await expect(page.getByText('Locked: the match has started').first()).toBeVisible();
  await expect(page.getByRole('combobox', { name: /Match Winner/ })).toHaveCount(0);

  // The server refuses too: a direct call gets the same message and changes nothing.
  const rows = (await api(page, 'POST', '/league_selection/user/', {
    UserID: a.userId,
    LeagueID: mpLeague.id,
    FixtureID: fixtureId,
  })) as { LeagueFeatureID: number; FeatureName: string; TeamID: number | null }[];
  const winner = rows.find((r) => r.FeatureName === 'Match Winner')!;
  const teams = (await api(page, 'GET', `/team/getTeamsByFixtureID/${fixtureId}`)) as { ID: number; Name: string }[];
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const refused = await page.request.put('/api/league_selection/bulk_update', {
    headers: { 'X-XSRF-TOKEN': xsrf },
    data: {
      CopyToOtherLeagues: false,
      Selection: [
        {
          UserID: a.userId,
          LeagueID: mpLeague.id,
          FixtureID: fixtureId,
          LeagueFeatureID: winner.LeagueFeatureID,
          IsActive: true,
          TeamID: teams.find((t) => t.Name === 'Bravo Hawks')!.ID,
        },
      ],
    },
  });
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
    'Cannot save selection for the following fixtures as the matches have already started: Match 1',
  );
  const after = (await api(page, 'POST', '/league_selection/user/', {
    UserID: a.userId,
    LeagueID: mpLeague.id,
    FixtureID: fixtureId,
  })) as { FeatureName: string; TeamID: number | null }[];
  expect(after.find((r) => r.FeatureName === 'Match Winner')!.TeamID).toBe(winner.TeamID);

  // A fresh visit no longer offers Match 1.
  await page.goto('/home/my-predictions');
  await choose(page, 'Select a League', /MP Friends/);
  await expect(page.getByRole('combobox', { name: /fixture/i })).toContainText('Match 2');

  // All Selections defaults to the latest started fixture; B's missing picks were filled by the model.
  await page.goto('/home/all-predictions');
  await choose(page, /league/i, /MP Friends/);
  await expect(page.getByRole('combobox', { name: /fixture/i })).toContainText('Match 1');
  // The picks are grouped by member: B's block, headed by the name, a row per pick.
  const bRows = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name: /Bilal B/ }) })
    .getByRole('row');
  await expect(bRows.nth(1)).toBeVisible({ timeout: 20_000 });
  await expect(bRows.filter({ hasText: /auto-pick/i }).first()).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Alpha Lions' }).first()).toBeVisible();
  // Private league: full names behind the gamer name.
  await snapshot(page, 'all-selections');

  // B sees A's picks now too, and the filter narrows the grid.
  await b.page.goto('/home/all-predictions');
  await choose(b.page, /league/i, /MP Friends/);
  await expect(b.page.getByRole('row').filter({ hasText: 'Alpha Lions' }).first()).toBeVisible();
  await b.page.getByRole('searchbox', { name: 'Filter selections' }).fill('Most Wickets');
  await expect(b.page.getByRole('row').filter({ hasText: 'Match Winner' })).toHaveCount(0);
  await expect(b.page.getByRole('row').filter({ hasText: 'Most Wickets' }).first()).toBeVisible();
  await b.page.goto('/home/my-predictions');
  await snapshot(b.page, 'my-selections-after-start');
});

test('a reminder email arrives and its unsubscribe link turns reminders off', async () => {
  // A still has no picks for Match 2 in PS Small. A member is reminded of a fixture when it enters the
  // reminder window (72 hours, suite setting) after they joined: the operator moves Match 2 to just
  // inside the window (a second inside: its reminder time is after every membership of the suite), and
  // the pick jobs (every second here) send the reminder.
  importSchedule(match1At, Date.now() + 72 * 3_600_000 - 1_000);
  // The reminder itself (a join request's or a result's email has an unsubscribe link too).
  let reminder: Mail | undefined;
  await expect
    .poll(
      () => {
        reminder = mailsTo(a.email, PG_OUTBOX).find((m) => /^Picks missing: /.test(m.subject));
        return Boolean(reminder);
      },
      { timeout: 15_000, message: `a "Picks missing" email to ${a.email}` },
    )
    .toBe(true);
  const link = /https?:\/\/[^\s"'<>]+\/unsubscribe\?token=[A-Za-z0-9_%.-]+/.exec(reminder!.body)?.[0];
  expect(link, 'the reminder has an unsubscribe link').toBeTruthy();
  const anon = await a.page.context().browser()!.newPage();
  await anon.goto(link!);
  await expect(anon.getByText('You have been unsubscribed from all emails.')).toBeVisible();
  await snapshot(anon, 'unsubscribe-done');
  await anon.close();
  await a.page.goto('/home/view-profile');
  await expect(a.page.getByRole('checkbox', { name: /Get Reminder Emails/i })).not.toBeChecked();
});
