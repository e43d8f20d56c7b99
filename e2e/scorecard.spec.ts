import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Page, expect, test } from '@playwright/test';
import { scorecardFromCricsheet } from '../apps/api/test/cricket/scorecard-from-cricsheet';
import type { Scorecard } from '../apps/api/src/cricket/scorecard/model';
import { E2E_PG_PORT } from '../playwright.config';
import { PG_OUTBOX, api, choose, cli, newSignedInUser, type SignedIn, snapshot } from './support';

/**
 * A league without a data vendor scores a match the same evening: on the PostgreSQL-backed server, a
 * season with one real fixture (IPL 2024 Match 3, Kolkata Knight Riders v Sunrisers Hyderabad: KKR
 * won by 4 runs, Andre Russell 64 not out and player of the match) and its squads; two members of a
 * Match Prediction league pick — Mia the winner and Russell for Most Runs, Noah the losers and
 * Klaasen. The match is played; no file comes. The operator opens Console → Scorecard, pastes the
 * scorecard as a scorer's table (with one typo), sees the problem at its field, corrects it by
 * keyboard, names the player of the match, checks and saves: the Leaderboard moves.
 */
test.use({ baseURL: `http://127.0.0.1:${E2E_PG_PORT}` });
// Registering three people and typing a whole T20 take longer than one default test on a busy machine.
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const ROOT = join(import.meta.dirname, '..');
const CRICSHEET = join(process.env.CRICSHEET_DIR ?? join(ROOT, '..', 'shared', 'cricsheet'), 'ipl-2024');
const MATCH = '1422121';
const SEASON = `Scorecard Cup ${new Date().getUTCFullYear()}`;
const match = JSON.parse(readFileSync(join(CRICSHEET, `${MATCH}.json`), 'utf8')) as {
  info: {
    teams: [string, string];
    event: { match_number: number };
    players: Record<string, string[]>;
    registry: { people: Record<string, string> };
  };
};
const card: Scorecard = scorecardFromCricsheet(match);
const [KKR, SRH] = match.info.teams;

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const overs = (balls: number) => `${Math.floor(balls / 6)}${balls % 6 ? `.${balls % 6}` : ''}`;

/** A dismissal as a printed scorecard writes it. */
function dismissal(b: Scorecard['innings'][number]['batting'][number]): string {
  const f = (b.fielders ?? []).map((x) => x.name);
  const by = b.bowler?.name ?? '';
  switch (b.howOut) {
    case 'caught':
      return `c ${f[0]} b ${by}`;
    case 'caught and bowled':
      return `c & b ${by}`;
    case 'stumped':
      return `st ${f[0]} b ${by}`;
    case 'lbw':
      return `lbw b ${by}`;
    case 'bowled':
      return `b ${by}`;
    case 'hit wicket':
      return `hit wicket b ${by}`;
    case 'run out':
      return f.length ? `run out (${f.join('/')})` : 'run out';
    default:
      return b.howOut;
  }
}

/** The scorecard as a scorer's table, tab-separated; the first batter's runs one too many (a typo). */
function scorerTable(): string {
  const lines: string[] = [];
  card.innings.forEach((inn, i) => {
    lines.push(`${inn.team} innings`, 'Batter\tDismissal\tR\tB\t4s\t6s');
    inn.batting.forEach((b, j) => {
      const runs = i === 0 && j === 0 ? b.runs + 1 : b.runs;
      lines.push([b.player.name, dismissal(b), runs, b.balls, b.fours, b.sixes].join('\t'));
    });
    const e = inn.extras;
    lines.push(`Extras\t(b ${e.byes}, lb ${e.legByes}, w ${e.wides}, nb ${e.noBalls}, p ${e.penalty})`);
    lines.push(`Total\t${inn.total.runs}/${inn.total.wickets} (${overs(inn.total.legalBalls)} Ov)`);
    const batted = new Set(inn.batting.map((b) => b.player.name));
    const dnb = match.info.players[inn.team]!.filter((p) => !batted.has(p));
    if (dnb.length) lines.push(`Did not bat: ${dnb.join(', ')}`);
    lines.push('Bowler\tO\tM\tR\tW\tWD\tNB');
    for (const b of inn.bowling) {
      lines.push([b.player.name, overs(b.balls), b.maidens, b.runs, b.wickets, b.wides, b.noBalls].join('\t'));
    }
    lines.push('');
  });
  return lines.join('\n');
}

/** Squads: each team's players and the substitutes who fielded for it. */
function squadsCsv(): string {
  const rows = ['season,team,player,cricsheet_id,position'];
  const names = new Map<string, string>();
  for (const team of match.info.teams) for (const p of match.info.players[team]!) names.set(p, team);
  for (const inn of card.innings) {
    const fielding = inn.team === KKR ? SRH : KKR;
    for (const b of inn.batting) for (const f of b.fielders ?? []) if (!names.has(f.name)) names.set(f.name, fielding);
  }
  for (const [player, team] of names)
    rows.push([SEASON, team, player, match.info.registry.people[player], 'Batsman'].join(','));
  return `${rows.join('\n')}\n`;
}

function scheduleJson(start: number): string {
  return JSON.stringify({
    season: SEASON,
    competition: 'Scorecard Cup',
    year: 2024,
    fixtures: [
      { matchNumber: match.info.event.match_number, startTime: new Date(start).toISOString(), home: KKR, away: SRH },
    ],
  });
}

async function applyFile(page: Page, kind: 'schedule' | 'squads', name: string, content: string) {
  await api(page, 'POST', `/operator/${kind}`, { File: { FileName: name, ContentBase64: b64(content) }, Apply: true });
}

async function points(who: SignedIn, leagueId: number) {
  const rows = (await api(who.page, 'GET', `/view/leaderboard/${leagueId}`)) as {
    UserID: number;
    TotalPoints: number;
  }[];
  return (userId: number) => rows.find((r) => r.UserID === userId)?.TotalPoints ?? 0;
}

let olive: SignedIn;
let mia: SignedIn;
let noah: SignedIn;
let league = { id: 0, name: '' };

/** A member's Match Prediction picks for the fixture: the winner and Most Runs. */
async function pick(who: SignedIn, fixtureId: number, winner: string, mostRuns: string) {
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

let fixtureId = 0;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  olive = await newSignedInUser(browser, { first: 'Olive', last: 'Scorer', outbox: PG_OUTBOX });
  expect(cli('operator', 'grant', olive.email)).toMatch(/operator/i);
  mia = await newSignedInUser(browser, { first: 'Mia', last: 'Member', outbox: PG_OUTBOX });
  noah = await newSignedInUser(browser, { first: 'Noah', last: 'Member', outbox: PG_OUTBOX });

  // The season, its one fixture a day ahead, its squads; activated.
  const season = (await api(olive.page, 'POST', '/operator/seasons', {
    Name: SEASON,
    Competition: 'Scorecard Cup',
    Year: 2024,
  })) as { SeasonID: number };
  await applyFile(olive.page, 'schedule', 'schedule.json', scheduleJson(Date.now() + 86_400_000));
  await applyFile(olive.page, 'squads', 'squads.csv', squadsCsv());
  await api(olive.page, 'POST', `/operator/seasons/${season.SeasonID}/activation`, { Active: true });

  // Mia's Match Prediction league, Noah in it.
  const name = `Evening league ${Date.now().toString(36)}`;
  const created = (await api(mia.page, 'POST', '/league/', {
    Name: name,
    Description: `${name} — e2e scorecard`,
    LeagueTypeID: 1,
    IsPrivate: true,
    ShowOthersPicks: true,
    SeasonID: season.SeasonID,
    AdminUserID: mia.userId,
    AdminDisplayName: 'Mia M',
  })) as { LeagueID: number; LeagueCode: string };
  await api(mia.page, 'POST', '/league/activate', { UserID: mia.userId, LeagueID: created.LeagueID });
  league = { id: created.LeagueID, name };
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
  fixtureId = fixtures[0]!.FixtureID;
  await pick(mia, fixtureId, KKR, 'AD Russell');
  await pick(noah, fixtureId, SRH, 'H Klaasen');

  // The match is played: it started a moment ago.
  const start = Date.now() + 3_000;
  await applyFile(olive.page, 'schedule', 'schedule.json', scheduleJson(start));
  await olive.page.waitForTimeout(Math.max(0, start - Date.now() + 1_000));
});

test('an operator types a scorecard and the Leaderboard moves', async () => {
  const { page } = olive;
  const before = await points(mia, league.id);
  expect([before(mia.userId), before(noah.userId)]).toEqual([0, 0]);

  const began = Date.now();
  await page.goto('/console');
  await page.getByRole('navigation', { name: 'Console navigation' }).getByRole('link', { name: 'Scorecard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Scorecard' })).toBeVisible();
  await choose(page, 'Season', SEASON);
  await choose(page, 'Fixture', /Match 3: KKR v SRH/);
  await expect(page.getByRole('heading', { name: /^Innings 1/ })).toBeVisible();
  await snapshot(page, 'console-scorecard-empty');

  // Paste the scorer's table and fill the form from it.
  await page.getByLabel(/Scorecard table/).fill(scorerTable());
  await page.getByRole('button', { name: 'Fill the scorecard' }).click();
  await expect(page.getByRole('status').filter({ hasText: /Filled 2 innings/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: `Innings 1: ${KKR}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: `Innings 2: ${SRH}` })).toBeVisible();
  // The result is suggested from the totals.
  await expect(page.getByRole('combobox', { name: 'Winner' })).toHaveText(new RegExp(KKR));
  await expect(page.getByLabel('Winning margin')).toHaveValue('4');

  // The typo: the server says the first innings' runs do not add up, at the total.
  await page.getByRole('button', { name: 'Check' }).click();
  const total = page.getByRole('textbox', { name: 'Total runs' }).first();
  await expect(total).toHaveAttribute('aria-invalid', 'true');
  const first = card.innings[0]!;
  const problem = page.getByRole('list', { name: 'Problems to correct' }).getByRole('link', {
    name: new RegExp(`batters' runs \\(${first.batting.reduce((a, b) => a + b.runs, 1)}\\)`),
  });
  await expect(problem).toBeVisible();
  await snapshot(page, 'console-scorecard-problems');
  // The summary's link takes the focus to the field it names.
  await problem.focus();
  await page.keyboard.press('Enter');
  await expect(total).toBeFocused();

  // Corrected by keyboard: the opener's runs.
  const runs = page.getByRole('textbox', { name: 'Batter 1 runs' }).first();
  await runs.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(String(first.batting[0]!.runs));
  await page.keyboard.press('Tab');
  await choose(page, 'Player of the match', /^AD Russell/);
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByRole('form', { name: /^Scorecard of / }).getByRole('status')).toHaveText(
    /The scorecard adds up\./,
  );
  await expect(page.getByRole('region', { name: 'What saving changes' })).toBeVisible();
  await expect(total).not.toHaveAttribute('aria-invalid', 'true');

  await page.getByRole('button', { name: 'Save scorecard' }).click();
  // Saving re-scores and refreshes the standings before it answers: slower than a check on a busy machine.
  const form = page.getByRole('form', { name: /^Scorecard of / });
  await expect(form.getByRole('status').filter({ hasText: 'scorecard saved and scored' })).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByRole('region', { name: 'Scorecard saved' })).toBeVisible();
  // The operator's part, pasting a whole T20 and correcting it (screenshots included): well within ten minutes.
  expect(Date.now() - began).toBeLessThan(10 * 60_000);
  await snapshot(page, 'console-scorecard-saved');

  // Scored: Mia had the winner and the top scorer.
  const after = await points(mia, league.id);
  expect(after(mia.userId)).toBeGreaterThan(0);
  expect(after(mia.userId)).toBeGreaterThan(after(noah.userId));
  await mia.page.goto('/home/view-leaderboard');
  await choose(mia.page, /^Select (a )?League/, league.name);
  await expect(
    mia.page
      .getByRole('row')
      .filter({ hasText: 'Mia M' })
      .filter({ hasText: String(after(mia.userId)) })
      .first(),
  ).toBeVisible();

  // The fixture says where its result came from; the history and the audit log have the save.
  await page.goto('/console/imports');
  await expect(
    page.getByRole('row').filter({ hasText: 'Typed scorecard' }).filter({ hasText: 'Olive Scorer' }).first(),
  ).toBeVisible();
  await page.goto('/console/audit');
  await expect(page.getByRole('row').filter({ hasText: 'fixture.scorecard' }).first()).toBeVisible();
});

test('on a phone nothing of the scorecard is off-screen', async () => {
  const { page } = olive;
  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`/console/scorecard?fixture=${fixtureId}`);
    await expect(page.getByRole('heading', { name: `Innings 1: ${KKR}` })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `nothing wider than ${width}px`).toBeLessThanOrEqual(0);
  }
  await snapshot(page, 'console-scorecard-saved-reopened');
});
