import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { type Page, expect } from '@playwright/test';
import { E2E_DATA_DIR, E2E_PG_DATA_DIR } from '../playwright.config';

export const OUTBOX = join(E2E_DATA_DIR, 'outbox');
/** The outbox of the PostgreSQL-backed server (picks suite). */
export const PG_OUTBOX = join(E2E_PG_DATA_DIR, 'outbox');
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

/** Saves full-page screenshots of the current screen at desktop (1280) and phone (390) widths. */
export async function snapshot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  const original = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const [label, width, height] of [
    ['1280', 1280, 800],
    ['390', 390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(150);
    await page.screenshot({ path: join(SHOTS, `${name}-${label}.png`), fullPage: true });
  }
  await page.setViewportSize(original);
}
