import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';
import { FAQ_ENTRIES } from './faq-data';

/** Any fixed number: the advisory lock that serialises FAQ seeding across processes. */
const FAQ_SEED_LOCK = 7_310_001;

/**
 * Keeps the stored FAQ equal to the shipped set (`FAQ_ENTRIES`): inserts it into an empty table, and
 * replaces a set an older version wrote (an answer that changed, such as the scoring answers built
 * from the catalogue's default points). The FAQ is product content (nothing edits it at run time), so
 * the stored rows are only a copy. Returns how many rows it wrote: 0 when the set was already current.
 * Safe when two processes start at once: the transaction-scoped advisory lock makes the second wait,
 * then see the current set and skip.
 */
export async function seedFaqs(db: Kysely<DB>): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${FAQ_SEED_LOCK})`.execute(trx);
    const stored = await trx
      .selectFrom('faqs')
      .select(['question', 'answer'])
      .orderBy('position')
      .orderBy('id')
      .execute();
    const current =
      stored.length === FAQ_ENTRIES.length &&
      stored.every((row, i) => row.question === FAQ_ENTRIES[i]?.question && row.answer === FAQ_ENTRIES[i]?.answer);
    if (current) return 0;
    await trx.deleteFrom('faqs').execute();
    await trx
      .insertInto('faqs')
      .values(FAQ_ENTRIES.map((e, i) => ({ position: i + 1, question: e.question, answer: e.answer })))
      .execute();
    return FAQ_ENTRIES.length;
  });
}

export async function listFaqs(db: Kysely<DB>): Promise<{ Question: string; Answer: string }[]> {
  const rows = await db.selectFrom('faqs').select(['question', 'answer']).orderBy('position').orderBy('id').execute();
  return rows.map((r) => ({ Question: r.question, Answer: r.answer }));
}
