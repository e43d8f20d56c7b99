import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { DB } from '../../src/db/schema';
import type { VendorWorld } from './setup';

/** The console's steps: enter the keys, apply the competition's schedule and squads. */
export async function connectAndApply(w: VendorWorld): Promise<void> {
  const base = '/api/operator/vendors/entitysport';
  const keys = await w.op.client.put(`${base}/credentials`, { AccessKey: w.es.accessKey, SecretKey: w.es.secretKey });
  expect(keys.statusCode, keys.body).toBe(200);
  const applied = await w.op.client.post(`${base}/competition`, { CompetitionID: String(w.es.world.cid), Apply: true });
  expect(applied.statusCode, applied.body).toBe(200);
}

/** The fixture that holds a vendor match. */
export async function fixtureOf(w: VendorWorld, mid: number) {
  return w.t.db
    .selectFrom('vendor_fixtures as v')
    .innerJoin('fixtures as f', 'f.id', 'v.fixture_id')
    .selectAll('f')
    .where('v.vendor_id', '=', String(mid))
    .executeTakeFirstOrThrow();
}

/** A fixture's stored figures by player name. */
export async function storedFigures(db: Kysely<DB>, fixtureId: number) {
  const rows = await db
    .selectFrom('player_fixture_stats as s')
    .innerJoin('players as p', 'p.id', 's.player_id')
    .selectAll('s')
    .select('p.full_name')
    .where('s.fixture_id', '=', fixtureId)
    .execute();
  return new Map(
    rows.map((r) => [
      r.full_name,
      {
        runs: r.runs,
        balls: r.balls,
        fours: r.fours,
        sixes: r.sixes,
        wickets: r.wickets,
        ballsBowled: r.balls_bowled,
        runsConceded: r.runs_conceded,
        catches: r.catches,
        didPlay: r.did_play,
      },
    ]),
  );
}
