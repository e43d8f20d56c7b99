import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { DB } from '../../src/db/schema';
import type { Actor } from '../../src/operator/access';
import { type CliOut, operatorCommand } from '../../src/operator/cli';
import type { SignedIn } from '../helpers';

/** The CLI's operator commands, with what they print captured. */
export async function cli(db: Kysely<DB>, argv: string[], actor: Actor = { userId: null, label: 'cli (tester)' }) {
  const out: string[] = [];
  const err: string[] = [];
  const sink: CliOut = { log: (l) => out.push(l), error: (l) => err.push(l) };
  const code = await operatorCommand(db, argv, sink, actor);
  return { code, out, err };
}

/** Makes a signed-in person an operator the way a site owner does: `cli operator grant <email>`. */
export async function makeOperator(db: Kysely<DB>, who: SignedIn): Promise<void> {
  const r = await cli(db, ['operator', 'grant', who.email]);
  expect(r.code, r.err.join('\n')).toBe(0);
}

/** Every audit entry, oldest first, as stored. */
export async function auditRows(db: Kysely<DB>) {
  const rows = await db.selectFrom('audit_log').selectAll().orderBy('id').execute();
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}
