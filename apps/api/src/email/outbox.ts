import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';

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
  const row = await trx
    .insertInto('email_outbox')
    .values({
      to_address: message.to,
      subject: message.subject,
      text_body: message.text,
      html_body: message.html,
      reply_to: message.replyTo ?? null,
      kind: message.kind,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
