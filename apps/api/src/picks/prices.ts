import {
  formatCredits,
  fromTenths,
  messages,
  POSITION_ID,
  type PositionIdValue,
  TEAM_RULE_LIMITS,
  toTenths,
} from '@fantasy-cricket/rules';
import { type Kysely, sql } from 'kysely';
import { parseJson } from '../db/parse';
import type { DB } from '../db/schema';
import { HttpError } from '../http/errors';
import { scoredSql } from '../standings/points';

/**
 * Player prices for Player Selection budgets (issue 27, docs/scoring.md "Prices"): each squad player
 * has a price per fixture in credits, kept in `fixture_player_prices` in tenths of a credit.
 *
 * - A price from form (`source` 'form') is 6.0 to 11.0 credits in steps of 0.5, by `priceFromForm`
 *   from the player's default-point scores in his latest scored matches before the fixture. It is
 *   computed and stored the first time the fixture's prices are read (`fixturePrices`), and never
 *   changes after that: every reader, before and after the lock, sees the stored price.
 * - An operator may set any price from 1.0 to 20.0 credits in steps of 0.5 (`setOperatorPrice`,
 *   `source` 'operator') until the fixture starts; it replaces a price from form.
 * - At the fixture's start the prices are frozen: nothing is written any more.
 */

/** How many of a player's latest scored matches his form is read from. */
export const FORM_MATCHES = 5;

/**
 * The weight of the position prior, in matches: a player with no scored match is priced at the prior,
 * one with 1 match at (2 × prior + score) / 3, one with 5 at (2 × prior + 5 scores) / 7. Beyond
 * `FORM_MATCHES` matches in all the prior fades (weight 2 × 5 / matches): it stands for an unproven
 * player, and a long record is proof enough.
 */
export const PRIOR_WEIGHT = 2;

/**
 * What a player with no record is expected to score, in default points, by position. Round figures
 * a little below the average at the position (IPL 2024: Batsmen 35, Bowlers 33, Wicketkeepers 39,
 * Allrounders 41 a match), as newcomers and fringe players score less (IPL 2024: 24 points in a first
 * match, 38 for players with 5 or more matches behind them). Wicketkeepers and Allrounders score in
 * two ways, so their prior is higher.
 */
export const POSITION_PRIOR: Readonly<Record<PositionIdValue, number>> = {
  [POSITION_ID.Batsman]: 20,
  [POSITION_ID.Bowler]: 20,
  [POSITION_ID.Wicketkeeper]: 30,
  [POSITION_ID.Allrounder]: 30,
};

/** The prior of a player whose position is not known. */
export const DEFAULT_PRIOR = 25;

/**
 * The fixed scale from expected points to a price: 6.0 credits at `basePoints`, one credit more per
 * `pointsPerCredit` points (so half a credit per 5 points), rounded to the nearest 0.5 (a quarter up)
 * and kept within 6.0–11.0: under 12.5 points cost 6.0, 57.5 or more cost 11.0. Fixed, not read from
 * the data it prices, so a price means the same in every season.
 */
export const PRICE_SCALE = { minTenths: 60, maxTenths: 110, basePoints: 10, pointsPerCredit: 10 } as const;

/** A player's form before a fixture. */
export interface PriceForm {
  /** His default-point scores in his latest scored matches, most recent first (the rule reads `FORM_MATCHES`). */
  points: readonly number[];
  /** How many scored matches he has played before the fixture, in all seasons the database holds. */
  matches: number;
}

const STEP_TENTHS = toTenths(TEAM_RULE_LIMITS.price.step);

/**
 * The points a player is expected to score: the mean of his latest `FORM_MATCHES` scores with
 * `PRIOR_WEIGHT` matches' worth of his position's prior added in (fading beyond `FORM_MATCHES`
 * matches in all), so that one big or poor match moves the figure only part of the way.
 */
export function expectedPoints(form: PriceForm, position?: number): number {
  const recent = form.points.slice(0, FORM_MATCHES);
  const matches = Math.max(form.matches, recent.length);
  const weight = PRIOR_WEIGHT * Math.min(1, FORM_MATCHES / Math.max(matches, 1));
  const prior = POSITION_PRIOR[position as PositionIdValue] ?? DEFAULT_PRIOR;
  const sum = recent.reduce((s, p) => s + p, 0);
  return (weight * prior + sum) / (weight + recent.length);
}

/** Tenths of a credit on the price grid (multiples of 5) within 6.0–11.0 for `points` expected. */
export function priceForPoints(points: number): number {
  const { minTenths, maxTenths, basePoints, pointsPerCredit } = PRICE_SCALE;
  const tenths = minTenths + (10 * (points - basePoints)) / pointsPerCredit;
  const onGrid = Math.round(tenths / STEP_TENTHS) * STEP_TENTHS;
  return Math.min(maxTenths, Math.max(minTenths, onGrid));
}

/** The points a price from form stands for on the scale (the inverse of `priceForPoints`, within 6.0–11.0). */
export function pointsForPrice(tenths: number): number {
  const { minTenths, basePoints, pointsPerCredit } = PRICE_SCALE;
  return basePoints + ((tenths - minTenths) * pointsPerCredit) / 10;
}

/**
 * A player's price from form, in tenths of a credit (60..110, a multiple of 5): `expectedPoints`
 * mapped by the fixed `PRICE_SCALE`. `position` is the player's position id (Batsman 1, Bowler 2,
 * Wicketkeeper 3, Allrounder 4); without one the prior is `DEFAULT_PRIOR`.
 */
export function priceFromForm(form: PriceForm, position?: number): number {
  return priceForPoints(expectedPoints(form, position));
}

/** Refusals of price changes (to move to @fantasy-cricket/rules with the console endpoint). */
export const priceMessages = {
  offGrid: (credits: number) =>
    `A price must be between ${formatCredits(TEAM_RULE_LIMITS.price.min)} and ${formatCredits(TEAM_RULE_LIMITS.price.max)} credits, in steps of ${formatCredits(TEAM_RULE_LIMITS.price.step)} (got ${Number.isFinite(credits) ? String(credits) : 'no number'}).`,
  frozen: (fixture: string) => `The prices of ${fixture} are frozen: the fixture has started.`,
  notInSquads: (fixture: string) => `This player is not in either squad of ${fixture}.`,
  fixtureNotFound: messages.picksApi.fixtureNotFound,
} as const;

/** Whether `tenths` is a price an operator may set: a whole number of tenths, 1.0–20.0, on the 0.5 grid. */
export function isValidPrice(tenths: number): boolean {
  return (
    Number.isInteger(tenths) &&
    tenths >= toTenths(TEAM_RULE_LIMITS.price.min) &&
    tenths <= toTenths(TEAM_RULE_LIMITS.price.max) &&
    tenths % STEP_TENTHS === 0
  );
}

const iso = (d: Date) => sql`${d.toISOString()}::timestamptz`;

interface PriceRow {
  name: string;
  start_time: Date | string;
  player_id: number | null;
  position_id: number | null;
  stored: number | null;
  matches: number | null;
  points: unknown;
}

/**
 * The prices of a fixture: player id → price in tenths of a credit, for every player of both teams'
 * squads of the fixture's season. 404 for an unknown fixture.
 *
 * A stored price is returned as it is. A missing one is computed from the player's form as at `now`
 * (`priceFromForm`: his latest `FORM_MATCHES` scored matches that started before the fixture, with
 * `did_play`, in any season; a match in which he played and scored nothing counts 0) and, while the
 * fixture has not started, stored with source 'form'. The insert keeps a row another reader stored
 * first (ON CONFLICT keeps the stored row and RETURNING gives it back), so concurrent first readers
 * all answer with the same prices. Once the fixture has started nothing is stored: a price still
 * missing (a player added to a squad after the lock) is computed and returned only, from the same
 * matches (all started before the fixture), so later readers get the same figure (unless a result of
 * an earlier match is recorded or corrected after the start).
 *
 * Two statements: one read of the squads, the stored prices and the form of the players without a
 * price, and one insert of the missing prices (only when there are any and the fixture is open).
 */
export async function fixturePrices(db: Kysely<DB>, fixtureId: number, now = new Date()): Promise<Map<number, number>> {
  const { rows } = await sql<PriceRow>`
    WITH fx AS MATERIALIZED (
      SELECT id, name, start_time, season_id, local_team_id, visitor_team_id FROM fixtures WHERE id = ${fixtureId}
    ),
    squad AS MATERIALIZED (
      SELECT DISTINCT s.player_id, p.position_id
      FROM fx
      JOIN squads s ON s.season_id = fx.season_id AND s.team_id IN (fx.local_team_id, fx.visitor_team_id)
      JOIN players p ON p.id = s.player_id
    ),
    stored AS MATERIALIZED (
      SELECT player_id, price_tenths FROM fixture_player_prices WHERE fixture_id = ${fixtureId}
    ),
    played AS MATERIALIZED (
      SELECT st.player_id, st.fixture_id,
             row_number() OVER (PARTITION BY st.player_id ORDER BY f.start_time DESC, f.id DESC) AS recent,
             count(*) OVER (PARTITION BY st.player_id) AS matches
      FROM fx
      JOIN player_fixture_stats st ON st.did_play
        AND st.player_id IN (SELECT player_id FROM squad EXCEPT SELECT player_id FROM stored)
      JOIN fixtures f ON f.id = st.fixture_id AND f.start_time < fx.start_time
      LEFT JOIN fixture_results r ON r.fixture_id = f.id
      WHERE ${scoredSql('f', 'r', now)}
    ),
    form AS (
      SELECT pl.player_id, pl.matches::int AS matches,
             json_agg(coalesce(pts.points, 0) ORDER BY pl.recent) AS points
      FROM played pl
      LEFT JOIN LATERAL (
        SELECT sum(pp.points)::int AS points FROM player_fixture_points pp
        WHERE pp.fixture_id = pl.fixture_id AND pp.player_id = pl.player_id
      ) pts ON true
      WHERE pl.recent <= ${FORM_MATCHES}
      GROUP BY pl.player_id, pl.matches
    )
    SELECT fx.name, fx.start_time, q.player_id, q.position_id, sd.price_tenths AS stored, fm.matches, fm.points
    FROM fx
    LEFT JOIN squad q ON true
    LEFT JOIN stored sd ON sd.player_id = q.player_id
    LEFT JOIN form fm ON fm.player_id = q.player_id
    ORDER BY q.player_id`.execute(db);
  const fixture = rows[0];
  if (!fixture) throw new HttpError(404, priceMessages.fixtureNotFound);

  const prices = new Map<number, number>();
  const missing: { playerId: number; tenths: number }[] = [];
  for (const r of rows) {
    if (r.player_id === null) continue;
    if (r.stored !== null) {
      prices.set(r.player_id, r.stored);
      continue;
    }
    const points = parseJson<number[] | null>(r.points) ?? [];
    const tenths = priceFromForm({ points: points.map(Number), matches: r.matches ?? 0 }, r.position_id ?? undefined);
    prices.set(r.player_id, tenths);
    missing.push({ playerId: r.player_id, tenths });
  }

  const started = new Date(fixture.start_time).getTime() <= now.getTime();
  if (started || missing.length === 0) return prices;
  const values = sql.join(missing.map((m) => sql`(${m.playerId}::int, ${m.tenths}::int)`));
  const { rows: written } = await sql<{ player_id: number; price_tenths: number }>`
    INSERT INTO fixture_player_prices (fixture_id, player_id, price_tenths, source, updated_at)
    SELECT f.id, v.player_id, v.price_tenths, 'form', ${iso(now)}
    FROM (VALUES ${values}) AS v (player_id, price_tenths)
    JOIN fixtures f ON f.id = ${fixtureId} AND f.start_time > ${iso(now)}
    ON CONFLICT (fixture_id, player_id) DO UPDATE SET price_tenths = fixture_player_prices.price_tenths
    RETURNING player_id, price_tenths`.execute(db);
  for (const w of written) prices.set(w.player_id, w.price_tenths);
  return prices;
}

/**
 * An operator's price for a player of a fixture, in tenths of a credit: stored with source
 * 'operator', replacing a price from form or an earlier operator price. Refused with 400 when the
 * price is off the 0.5 grid or outside 1.0–20.0 credits, when the fixture has started at `now` (prices
 * are frozen at the lock) or when the player is in neither squad of the fixture; 404 for an unknown
 * fixture. One statement checks and writes, so a price cannot slip in after the start. Returns the
 * stored price. (The console endpoint and its audit entry come with the operator console.)
 */
export async function setOperatorPrice(
  db: Kysely<DB>,
  fixtureId: number,
  playerId: number,
  priceTenths: number,
  now = new Date(),
): Promise<number> {
  if (!isValidPrice(priceTenths)) throw new HttpError(400, priceMessages.offGrid(fromTenths(priceTenths)));
  const { rows } = await sql<{ name: string; started: boolean; in_squads: boolean; written: number }>`
    WITH fx AS MATERIALIZED (
      SELECT f.id, f.name, f.start_time <= ${iso(now)} AS started,
             EXISTS (SELECT 1 FROM squads s WHERE s.season_id = f.season_id
                       AND s.team_id IN (f.local_team_id, f.visitor_team_id) AND s.player_id = ${playerId}) AS in_squads
      FROM fixtures f WHERE f.id = ${fixtureId}
    ),
    ins AS (
      INSERT INTO fixture_player_prices (fixture_id, player_id, price_tenths, source, updated_at)
      SELECT fx.id, ${playerId}, ${priceTenths}, 'operator', ${iso(now)} FROM fx WHERE NOT fx.started AND fx.in_squads
      ON CONFLICT (fixture_id, player_id) DO UPDATE
        SET price_tenths = excluded.price_tenths, source = excluded.source, updated_at = excluded.updated_at
      RETURNING 1
    )
    SELECT fx.name, fx.started, fx.in_squads, (SELECT count(*) FROM ins)::int AS written FROM fx`.execute(db);
  const fixture = rows[0];
  if (!fixture) throw new HttpError(404, priceMessages.fixtureNotFound);
  if (fixture.started) throw new HttpError(400, priceMessages.frozen(fixture.name));
  if (!fixture.in_squads) throw new HttpError(400, priceMessages.notInSquads(fixture.name));
  return priceTenths;
}
