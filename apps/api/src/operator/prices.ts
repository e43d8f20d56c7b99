import { fromTenths, toTenths } from '@fantasy-cricket/rules';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { HttpError } from '../http/errors';
import { fixturePrices, priceMessages, setOperatorPrice } from '../picks/prices';
import type { Actor } from './access';
import { recordAudit } from './audit';

/**
 * Player prices in the console (issue 27, docs/scoring.md "Prices"): a fixture's prices with where
 * each comes from, and an operator's price for one player — until the fixture starts, audited with
 * the price before and after.
 */

export interface OperatorPrice {
  PlayerID: number;
  PlayerName: string;
  TeamCode: string;
  PositionName: string;
  Price: number;
  Source: 'form' | 'operator';
}

export async function operatorFixturePrices(
  db: Kysely<DB>,
  fixtureId: number,
  now = new Date(),
): Promise<{ FixtureID: number; FixtureName: string; Frozen: boolean; Players: OperatorPrice[] }> {
  const fixture = await db
    .selectFrom('fixtures')
    .select(['id', 'name', 'start_time', 'season_id', 'local_team_id', 'visitor_team_id'])
    .where('id', '=', fixtureId)
    .executeTakeFirst();
  if (!fixture) throw new HttpError(404, 'Fixture not found.');
  const prices = await fixturePrices(db, fixtureId, now);
  const players = await db
    .selectFrom('squads as s')
    .innerJoin('players as p', 'p.id', 's.player_id')
    .innerJoin('teams as t', 't.id', 's.team_id')
    .innerJoin('positions as pos', 'pos.id', 'p.position_id')
    .leftJoin('fixture_player_prices as fp', (j) =>
      j.onRef('fp.player_id', '=', 'p.id').on('fp.fixture_id', '=', fixtureId),
    )
    .select(['p.id', 'p.full_name', 't.code', 'pos.name as position', 'fp.source'])
    .where('s.season_id', '=', fixture.season_id)
    .where('s.team_id', 'in', [fixture.local_team_id, fixture.visitor_team_id])
    .orderBy('t.code')
    .orderBy('pos.sort_order')
    .orderBy('p.full_name')
    .execute();
  return {
    FixtureID: fixture.id,
    FixtureName: fixture.name,
    Frozen: new Date(fixture.start_time).getTime() <= now.getTime(),
    Players: players.map((p) => ({
      PlayerID: p.id,
      PlayerName: p.full_name,
      TeamCode: p.code,
      PositionName: p.position,
      Price: fromTenths(prices.get(p.id) ?? 0),
      Source: p.source === 'operator' ? 'operator' : 'form',
    })),
  };
}

/** An operator's price for one player of a fixture, in one transaction with its audit entry. */
export async function setPlayerPrice(
  db: Kysely<DB>,
  actor: Actor,
  fixtureId: number,
  playerId: number,
  price: number,
  now = new Date(),
): Promise<OperatorPrice> {
  return db.transaction().execute(async (trx) => {
    // 8.52 is no price (a tenth of a credit is the finest the table keeps; prices go in steps of 0.5).
    if (Math.abs(toTenths(price) - price * 10) > 1e-6) throw new HttpError(400, priceMessages.offGrid(price));
    const before = (await fixturePrices(trx, fixtureId, now)).get(playerId);
    const tenths = await setOperatorPrice(trx, fixtureId, playerId, toTenths(price), now);
    const row = await trx
      .selectFrom('players as p')
      .innerJoin('fixtures as f', (j) => j.on('f.id', '=', fixtureId))
      .innerJoin('squads as s', (j) => j.onRef('s.player_id', '=', 'p.id').onRef('s.season_id', '=', 'f.season_id'))
      .innerJoin('teams as t', 't.id', 's.team_id')
      .innerJoin('positions as pos', 'pos.id', 'p.position_id')
      .select(['p.full_name', 't.code', 'pos.name as position', 'f.name as fixture'])
      .where('p.id', '=', playerId)
      .where((eb) =>
        eb.or([eb('s.team_id', '=', eb.ref('f.local_team_id')), eb('s.team_id', '=', eb.ref('f.visitor_team_id'))]),
      )
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      action: 'price.set',
      target: `${row.full_name} in fixture ${fixtureId} (${row.fixture})`,
      before: before === undefined ? null : { price: fromTenths(before) },
      after: { price: fromTenths(tenths) },
    });
    return {
      PlayerID: playerId,
      PlayerName: row.full_name,
      TeamCode: row.code,
      PositionName: row.position,
      Price: fromTenths(tenths),
      Source: 'operator',
    };
  });
}
