import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';
import { oneLine } from './text';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** What caused it (verify_email, reset_password, contact_forward); for logs and tests. */
  kind: string;
  replyTo?: string | undefined;
}

/**
 * Queues a message in email_outbox. Call it with the transaction that makes the change the email
 * is about: the message exists exactly when the change committed. Kick the worker after commit.
 */
export async function queueEmail(trx: Transaction<DB> | Kysely<DB>, message: EmailMessage): Promise<number> {
  const row = await trx.insertInto('email_outbox').values(outboxRow(message)).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/**
 * `queueEmail` for an event that must be emailed once: `dedupeKey` is unique in the outbox, so a
 * second message for the same event is not queued (false).
 */
export async function queueEmailOnce(
  trx: Transaction<DB> | Kysely<DB>,
  message: EmailMessage,
  dedupeKey: string,
): Promise<boolean> {
  return (await queueEmailsOnce(trx, [{ message, dedupeKey }])) === 1;
}

/**
 * `queueEmailOnce` for several messages in one statement: those whose `dedupeKey` is already in the
 * outbox are skipped. Returns how many were queued.
 */
export async function queueEmailsOnce(
  trx: Transaction<DB> | Kysely<DB>,
  messages: readonly { message: EmailMessage; dedupeKey: string }[],
): Promise<number> {
  if (messages.length === 0) return 0;
  const rows = await trx
    .insertInto('email_outbox')
    .values(messages.map(({ message, dedupeKey }) => ({ ...outboxRow(message), dedupe_key: dedupeKey })))
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .execute();
  return rows.length;
}

/**
 * The `email_outbox` row of a message — every writer of the outbox uses it: the subject and the
 * addresses on one line whatever the data they were made from (./text.ts), so no header can be added.
 */
function outboxRow(message: EmailMessage) {
  return {
    to_address: oneLine(message.to),
    subject: oneLine(message.subject),
    text_body: message.text,
    html_body: message.html,
    reply_to: message.replyTo === undefined ? null : oneLine(message.replyTo),
    kind: message.kind,
  };
}
