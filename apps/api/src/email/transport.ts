import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { oneLine } from './text';

export interface OutgoingMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo: string | null;
}

/** Delivers one message or throws; the worker handles retries. */
export interface MailTransport {
  readonly name: string;
  send(mail: OutgoingMail): Promise<void>;
  close?(): void | Promise<void>;
}

type Log = (line: string) => void;

/** The message as nodemailer sends it: headers on one line again, whatever the outbox row holds (./text.ts). */
export function nodemailerMessage(mail: OutgoingMail, from: string) {
  return {
    from,
    to: oneLine(mail.to),
    subject: oneLine(mail.subject),
    text: mail.text,
    html: mail.html,
    ...(mail.replyTo ? { replyTo: oneLine(mail.replyTo) } : {}),
    headers: { 'X-Fantasy-Cricket-Outbox-Id': String(mail.id) },
  };
}

/**
 * Time limits of one SMTP delivery (nodemailer's defaults are 2 min, 30 s and 10 min). A send must end
 * well inside the worker's lease (5 min), or a second worker could claim and send the message again
 * while the first is still waiting on a hung server. SMTP_URL may set them itself (`?socketTimeout=…`).
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 60_000 };

/** SMTP_URL with the time limits added as query parameters (nodemailer reads them there), unless set. */
export function smtpUrlWithTimeouts(url: string): string {
  const parsed = new URL(url);
  for (const [key, value] of Object.entries(SMTP_TIMEOUTS)) {
    if (!parsed.searchParams.has(key)) parsed.searchParams.set(key, String(value));
  }
  return parsed.toString();
}

/** Real delivery through an SMTP server (SMTP_URL, e.g. smtp://user:pass@host:587). */
export function smtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrlWithTimeouts(url));
  return {
    name: 'smtp',
    async send(mail) {
      const info = await transporter.sendMail(nodemailerMessage(mail, from));
      if (info.rejected.length > 0) throw new Error(`SMTP server rejected ${info.rejected.join(', ')}`);
    },
    close: () => transporter.close(),
  };
}

export function firstLink(text: string): string {
  return /https?:\/\/\S+/.exec(text)?.[0] ?? '';
}

/**
 * Development delivery without a mail server: each message becomes an .eml file in `dir` (open it
 * with any mail client) and one log line with the first link, so a verification link is one
 * click away in the terminal.
 */
export function fileTransport(dir: string, from: string, log: Log): MailTransport {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    name: 'file',
    async send(mail) {
      const info = await builder.sendMail(nodemailerMessage(mail, from));
      await mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      await writeFile(join(dir, `${stamp}-${mail.id}.eml`), info.message as Buffer);
      log(`email to ${mail.to}: ${mail.subject} ${firstLink(mail.text)}`.trimEnd());
    },
  };
}
