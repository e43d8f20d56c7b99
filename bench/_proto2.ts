import { openDatabase } from '../apps/api/src/db/database';
import { migrateToLatest } from '../apps/api/src/db/migrate';
import { join } from 'node:path';
import { loadLeague } from '../apps/api/src/leagues/access';
import { buildLeaderboard } from '../apps/api/src/standings/cache';
const target = process.argv[2];
const database =
  target === 'postgres'
    ? await openDatabase({ databaseUrl: 'postgres://root@127.0.0.1:5432/fcl_bench_proto' })
    : await openDatabase({ pgliteDir: join('bench-results/tmp/proto-pglite/pglite') });
await migrateToLatest(database.db);
for (const name of ['Big', 'Small']) {
  const { id } = await database.db
    .selectFrom('leagues')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    const league = await loadLeague(database.db, id);
    const e = await buildLeaderboard(database.db, league, 'x');
    console.log(name, 'build', (performance.now() - t0).toFixed(0), 'ms; bytes', e.body.length);
  }
}
await database.close();
