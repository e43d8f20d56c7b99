import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';
import { FAQ_ENTRIES } from './faq-data';

/** Any fixed number: the advisory lock that serialises FAQ seeding across processes. */
const FAQ_SEED_LOCK = 7_310_001;

/**
 * Inserts the FAQ set when the table is empty. Idempotent, and safe when two processes start at
 * once: the transaction-scoped advisory lock makes the second wait, then see the rows and skip.
 */
export async function seedFaqs(db: Kysely<DB>): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${FAQ_SEED_LOCK})`.execute(trx);
    const existing = await trx.selectFrom('faqs').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    if (existing.n > 0) return 0;
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
