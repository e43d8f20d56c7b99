import { fromTenths } from '@fantasy-cricket/rules';
import { type Kysely, sql } from 'kysely';
import { DEFAULT_SIGNED_PS_POINTS } from '../cricket/scoring/player-selection';
import type { DB } from '../db/schema';
import { psFeaturePoints, psPlayerPointsSql, scoredSql } from '../standings/points';
import { announcedPlayers } from '../cricket/lineups';
import { fixturePrices } from './prices';
import { leagueFixtureOr404, readablePicksLeague } from './shared';

/** One of a player's recent fixtures with their points in it (the contract's PlayerFigureFixture). */
export interface FigureFixture {
  FixtureID: number;
  FixtureName: string;
  StartTime: string;
  Points: number;
}

/** The picker's figures of one squad player (the contract's PlayerFigures). */
export interface PlayerFigures {
  PlayerID: number;
  SeasonPoints: number;
  Matches: number;
  LastThree: FigureFixture[];
  /** Credits (issue 27): the fixture's price, from form or an operator's, frozen at the lock. */
  Price: number;
  /** In the announced XI (or a named substitute); null until the XIs are announced. */
  Playing: boolean | null;
}

/**
 * The Player Selection picker's figures for the players of both squads of a fixture: each
 * player's fantasy points over the season so far — the scored fixtures of the fixture's season that
 * started before it — and their points in the last three of those they played, oldest first. Points
 * are the league's (its active stat features and points, `psFeaturePoints`), computed by the one
 * implementation the leaderboards use (`psPlayerPointsSql` on `player_fixture_feature_counts`), so a
 * player's figure for a fixture is what a pick of them scored there. A player who played and scored
 * nothing counts with 0; a substitute fielder's line (did_play false) is not a match played.
 *
 * One query for all players (plus the league's points settings and the access checks); 404 for an
 * unknown fixture or one the league does not cover, 403/404 as `readablePicksLeague` for the league.
 */
export async function fixturePlayerFigures(
  db: Kysely<DB>,
  userId: number,
  leagueId: number,
  fixtureId: number,
  now: Date,
): Promise<PlayerFigures[]> {
  const league = await readablePicksLeague(db, leagueId, userId);
  const fixture = await leagueFixtureOr404(db, leagueId, fixtureId);
  // A Match Prediction league has no stat points of its own: its figures use the catalogue's defaults, signed.
  const points = league.league_type === 'PS' ? await psFeaturePoints(db, leagueId) : DEFAULT_SIGNED_PS_POINTS;
  const before = fixture.startTime.toISOString();
  const { rows } = await sql<{
    player_id: number;
    fixture_id: number | null;
    name: string | null;
    start_time: Date | string | null;
    points: number | string | null;
  }>`
    WITH squad AS MATERIALIZED (
      SELECT s.player_id FROM squads s
      WHERE s.season_id = ${fixture.seasonId} AND s.team_id IN (${fixture.localTeamId}, ${fixture.visitorTeamId})
    ),
    sf AS MATERIALIZED (
      SELECT f.id, f.name, f.start_time
      FROM fixtures f LEFT JOIN fixture_results r ON r.fixture_id = f.id
      WHERE f.season_id = ${fixture.seasonId} AND f.start_time < ${before}::timestamptz AND ${scoredSql('f', 'r', now)}
    ),
    pp AS MATERIALIZED (${psPlayerPointsSql(
      sql<boolean>`c.fixture_id IN (SELECT id FROM sf) AND c.player_id IN (SELECT player_id FROM squad)`,
      points,
    )})
    SELECT q.player_id, sf.id AS fixture_id, sf.name, sf.start_time, coalesce(pp.points, 0) AS points
    FROM squad q
    LEFT JOIN player_fixture_stats st ON st.player_id = q.player_id AND st.did_play
      AND st.fixture_id IN (SELECT id FROM sf)
    LEFT JOIN sf ON sf.id = st.fixture_id
    LEFT JOIN pp ON pp.fixture_id = st.fixture_id AND pp.player_id = st.player_id
    ORDER BY q.player_id, sf.start_time, sf.id`.execute(db);

  const byPlayer = new Map<number, { season: number; played: FigureFixture[] }>();
  for (const r of rows) {
    let p = byPlayer.get(r.player_id);
    if (!p) {
      p = { season: 0, played: [] };
      byPlayer.set(r.player_id, p);
    }
    if (r.fixture_id === null || r.start_time === null) continue;
    const pts = Number(r.points ?? 0);
    p.season += pts;
    p.played.push({
      FixtureID: r.fixture_id,
      FixtureName: r.name ?? '',
      StartTime: new Date(r.start_time).toISOString(),
      Points: pts,
    });
  }
  const prices = await fixturePrices(db, fixtureId, now);
  const lineup = await announcedPlayers(db, fixtureId);
  return [...byPlayer].map(([id, p]) => ({
    PlayerID: id,
    SeasonPoints: p.season,
    Matches: p.played.length,
    LastThree: p.played.slice(-3),
    Price: fromTenths(prices.get(id) ?? 0),
    Playing: lineup === null ? null : lineup.has(id),
  }));
}
