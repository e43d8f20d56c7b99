import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContextOptions, type Page, expect } from '@playwright/test';
import { E2E_DATA_DIR, E2E_LIVE_DATA_DIR, E2E_PG_DATABASE_URL, E2E_PG_DATA_DIR } from '../playwright.config';

export const OUTBOX = join(E2E_DATA_DIR, 'outbox');
/** The outbox of the PostgreSQL-backed server (picks suite). */
export const PG_OUTBOX = join(E2E_PG_DATA_DIR, 'outbox');
/** The outbox of the live-paced server (live suite). */
export const LIVE_OUTBOX = join(E2E_LIVE_DATA_DIR, 'outbox');
export const SHOTS = join(import.meta.dirname, '..', 'artifacts', 'screenshots');

let counter = 0;
/** A unique address per test run and call. */
export function uniqueEmail(tag: string): string {
  counter += 1;
  return `${tag}.${Date.now().toString(36)}${counter}@example.com`;
}

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

export interface Mail {
  file: string;
  to: string;
  subject: string;
  body: string;
}

function readOutbox(outbox = OUTBOX): Mail[] {
  let files: string[] = [];
  try {
    files = readdirSync(outbox).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
  return files
    .map((f) => join(outbox, f))
    .sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs)
    .map((file) => {
      const raw = readFileSync(file, 'utf8');
      const header = raw.split(/\r?\n\r?\n/)[0] ?? '';
      const unfolded = header.replace(/\r?\n[ \t]+/g, ' ');
      return {
        file,
        to: /^To: (.*)$/im.exec(unfolded)?.[1]?.trim() ?? '',
        subject: /^Subject: (.*)$/im.exec(unfolded)?.[1]?.trim() ?? '',
        body: decodeQuotedPrintable(raw),
      };
    });
}

/** Waits for the newest email to `to` whose body has a link to `path` and returns that link. */
export async function linkFromEmail(
  to: string,
  path: '/verify-email' | '/reset-password' | '/unsubscribe',
  after = 0,
  outbox = OUTBOX,
): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const mails = readOutbox(outbox).filter((m) => m.to.includes(to));
        const found = mails
          .slice(after)
          .reverse()
          .map(
            (m) =>
              new RegExp(`https?://[^\\s"'<>]+${path}\\?token=[A-Za-z0-9_%-]+(?:\\.[A-Za-z0-9_%-]+)*`).exec(
                m.body,
              )?.[0],
          )
          .find(Boolean);
        link = found;
        return Boolean(found);
      },
      { timeout: 15_000, message: `an email to ${to} with a ${path} link` },
    )
    .toBe(true);
  return link!;
}

export function mailsTo(to: string, outbox = OUTBOX): Mail[] {
  return readOutbox(outbox).filter((m) => m.to.includes(to));
}

/** Saves full-page screenshots of the current screen at desktop (1280) and phone (390, 360) widths. */
export async function snapshot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  const original = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const [label, width, height] of [
    ['1280', 1280, 800],
    ['390', 390, 844],
    ['360', 360, 740],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(150);
    await page.screenshot({ path: join(SHOTS, `${name}-${label}.png`), fullPage: true });
  }
  await page.setViewportSize(original);
}

/** The password every account of the suites signs up with. */
export const PASSWORD = 'Sup3rSecret!';

const ROOT = join(import.meta.dirname, '..');

/** Runs the API's CLI against the PostgreSQL-backed server's database, as an operator would. */
export function cli(...args: string[]): string {
  return execFileSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
    cwd: join(ROOT, 'apps', 'api'),
    env: { ...process.env, DATABASE_URL: E2E_PG_DATABASE_URL, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
}

/** Fills the Register form (first name, last name, email, password twice, the terms box). */
export async function fillRegister(page: Page, email: string, first: string, last: string, password = PASSWORD) {
  await page.getByLabel(/first name/i).fill(first);
  await page.getByLabel(/last name/i).fill(last);
  await page.getByLabel(/^email/i).fill(email);
  await page.getByLabel(/^password/i).fill(password);
  await page.getByLabel(/confirm password/i).fill(password);
  await page.getByRole('checkbox', { name: /terms/i }).check();
}

/** Submits the Login form. */
export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/login');
  await page.getByLabel(/^email/i).fill(email);
  await page.getByLabel(/^password/i).fill(password);
  await page.getByRole('button', { name: /^(log ?in|sign ?in)$/i }).click();
}

/**
 * Registers through the screens, follows the verification link from the outbox, signs in and waits
 * for /home. Returns the new address.
 */
export async function registerVerifyAndSignIn(
  page: Page,
  {
    first,
    last,
    tag = first.toLowerCase(),
    outbox = OUTBOX,
  }: { first: string; last: string; tag?: string; outbox?: string },
): Promise<string> {
  const email = uniqueEmail(tag);
  await page.goto('/register');
  await fillRegister(page, email, first, last);
  await page.getByRole('button', { name: /sign up|register|create account/i }).click();
  await expect(page.getByText('Registration Successful !!')).toBeVisible();
  await page.goto(await linkFromEmail(email, '/verify-email', 0, outbox));
  await expect(page.getByText('Your email has been verified successfully!')).toBeVisible();
  await signIn(page, email);
  await expect(page).toHaveURL(/\/home$/);
  return email;
}

export interface SignedIn {
  page: Page;
  email: string;
  userId: number;
}

/** A new person in their own browser context: registered, verified and signed in. */
export async function newSignedInUser(
  browser: Browser,
  who: { first: string; last: string; outbox?: string; context?: BrowserContextOptions },
): Promise<SignedIn> {
  const context = await browser.newContext(who.context);
  const page = await context.newPage();
  const email = await registerVerifyAndSignIn(page, who);
  const session = (await api(page, 'GET', '/session')) as { user_id: number };
  return { page, email, userId: session.user_id };
}

/** A call through the signed-in browser context (session cookie + XSRF header), for arranging data. */
export async function api(page: Page, method: string, path: string, body?: unknown): Promise<unknown> {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await page.request.fetch(`/api${path}`, {
    method,
    headers: { 'X-XSRF-TOKEN': xsrf },
    ...(body === undefined ? {} : { data: body }),
  });
  expect(res.ok(), `${method} ${path} → ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
}

/**
 * Fills a Player Selection slot through the team sheet's picker: Choose (empty slot) or Change (picked),
 * then the player's card in the dialog (`refused`: one another slot holds). Returns the dialog (still open
 * when the player was refused).
 */
export async function pickPlayer(page: Page, slot: string, player: string | RegExp, o: { refused?: boolean } = {}) {
  const choose = page.getByRole('button', { name: `Choose ${slot}`, exact: true });
  const change = page.getByRole('button', { name: new RegExp(`^Change ${slot}:`) });
  await ((await choose.count()) ? choose : change).click();
  const dialog = page.getByRole('dialog', { name: `Choose ${slot}` });
  // A player another slot holds is aria-disabled (Playwright waits for "enabled"): a person can still
  // press it, and hears the refusal.
  await dialog
    .getByTestId('picker-option')
    .filter({ hasText: player })
    .first()
    .click({ force: o.refused === true });
  return dialog;
}

/** Picks an option of a kit Select (Radix) by the accessible names, or its first option. */
export async function choose(page: Page, label: string | RegExp, option?: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  const options = option === undefined ? page.getByRole('option') : page.getByRole('option', { name: option });
  await options.first().click();
}

/** A fixture of the demo season as the league fixture list gives it (what `playDemoFixturesNow` moves). */
export interface DemoFixture {
  FixtureName: string;
  LocalTeamName: string;
  VisitorTeamName: string;
  LocalTeamCode: string;
  VisitorTeamCode: string;
}

/**
 * The operator moves demo-season fixtures to start a few seconds from now, one second apart (same
 * teams, venues from the demo league), by importing a schedule with the CLI into the PostgreSQL-backed
 * server's database. Returns when the last one starts (ms since the epoch).
 */
export function playDemoFixturesNow(season: string, fixtures: readonly DemoFixture[], workDir: string): number {
  const demo = JSON.parse(readFileSync(join(ROOT, 'apps', 'api', 'data', 'demo', 'league.json'), 'utf8')) as {
    competition: string;
    teams: { name: string; venue?: string; city?: string }[];
  };
  const year = Number(/(\d{4})$/.exec(season)![1]);
  const start = Date.now() + 3_000;
  mkdirSync(workDir, { recursive: true });
  const file = join(workDir, `schedule-${Date.now()}.json`);
  writeFileSync(
    file,
    JSON.stringify({
      season,
      competition: demo.competition,
      year,
      fixtures: fixtures.map((f, i) => {
        const home = demo.teams.find((t) => t.name === f.LocalTeamName);
        return {
          matchNumber: Number(/(\d+)$/.exec(f.FixtureName)![1]),
          startTime: new Date(start + i * 1_000).toISOString(),
          home: f.LocalTeamName,
          away: f.VisitorTeamName,
          homeCode: f.LocalTeamCode,
          awayCode: f.VisitorTeamCode,
          ...(home?.venue ? { venue: home.venue } : {}),
          ...(home?.city ? { city: home.city } : {}),
        };
      }),
    }),
  );
  expect(cli('import', 'schedule', file)).toMatch(/0 failed/);
  return start + fixtures.length * 1_000;
}

/**
 * Opens `path` in a new tab of the context with a layout-shift observer installed before any script,
 * waits until `ready` says the screen is loaded and the network is quiet, and returns the sum of the
 * layout shifts the person did not cause (no recent input): the screen's cumulative layout shift on load.
 */
export async function layoutShiftOnLoad(
  from: Page,
  path: string,
  ready: (page: Page) => Promise<void>,
): Promise<{ cls: number; shifts: string[] }> {
  const page = await from.context().newPage();
  await page.setViewportSize(from.viewportSize() ?? { width: 390, height: 844 });
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: { value: number; input: boolean; what: string }[] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      }[]) {
        const what = (entry.sources ?? [])
          .map((s) =>
            s.node instanceof Element ? `${s.node.tagName} "${s.node.textContent?.trim().slice(0, 40)}"` : '',
          )
          .join(', ');
        w.__shifts.push({ value: entry.value, input: entry.hadRecentInput, what });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(path);
  await ready(page);
  await page.waitForLoadState('networkidle');
  // One more frame, so a shift the last answer caused is reported.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const shifts = await page.evaluate(
    () => (window as unknown as { __shifts: { value: number; input: boolean; what: string }[] }).__shifts,
  );
  await page.close();
  const unexpected = shifts.filter((s) => !s.input);
  return {
    cls: unexpected.reduce((sum, s) => sum + s.value, 0),
    shifts: unexpected.map((s) => `${s.value.toFixed(3)} ${s.what}`),
  };
}
