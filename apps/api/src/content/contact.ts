import { queueEmail } from '../email/outbox';
import { contactForwardEmail } from '../email/templates';
import type { AppDeps } from '../http/contract';

/** Stores the message and queues its forward to support (reply-to the sender) in one transaction. */
export async function addContactMessage(
  deps: AppDeps,
  input: { name: string; email: string; message: string },
  userId: number | null,
): Promise<number> {
  const id = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('contact_messages')
      .values({ name: input.name, email: input.email, message: input.message, user_id: userId })
      .returning('id')
      .executeTakeFirstOrThrow();
    await queueEmail(trx, contactForwardEmail(deps.config.supportEmail, { ...input, userId, messageId: row.id }));
    return row.id;
  });
  deps.mail.kick();
  return id;
}
