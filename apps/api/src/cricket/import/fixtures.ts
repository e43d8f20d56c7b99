import type { Kysely, Selectable } from 'kysely';
import type { DB, FixtureStatus, FixturesTable } from '../../db/schema';
import type { ImportBatch } from './batch';
import type { ParsedMatch } from './parse';
import { optionalStoredName, storedName } from './names';

/** Which fixture an imported match goes to: its own, a scheduled one, a replayed attempt's, or a new one. */

/** A match that cannot go to the fixture its data points at (other teams in that slot, a played fixture's teams). */
export class FixtureMismatchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FixtureMismatchError';
  }
}

export type FixtureRow = Selectable<FixturesTable>;

/**
 * Where a match goes:
 * - `write` to `fixture`: the fixture this match already holds, a scheduled fixture it plays, a
 *   fixture whose no-result attempt it replays, or (no fixture) a new one;
 * - `attach` to a fixture whose result comes from another attempt that outranks this one.
 */
export type FixtureTarget = { kind: 'write'; fixture: FixtureRow | undefined } | { kind: 'attach'; fixtureId: number };

/**
 * A replayed match: Cricsheet gives each attempt its own match id, but they are one fixture (the
 * slot users picked for), so the same season, match number (or playoff name) and teams are the same
 * fixture. The attempt that was played holds the fixture's result; a no result only holds it until
 * a played attempt arrives (between two no results, the later match id). Two played matches in one
 * slot are not a replay and are left to the other rules.
 */
export async function resolveFixture(
  db: Kysely<DB>,
  parsed: ParsedMatch,
  previousFixtureId: number | undefined,
  ctx: { seasonId: number; teamIds: Map<string, number>; batch: ImportBatch; ownId: string },
): Promise<FixtureTarget> {
  const own = await ctx.batch.ownFixture(db, ctx.ownId);
  if (own) return { kind: 'write', fixture: own };

  const local = ctx.teamIds.get(parsed.teams[0])!;
  const visitor = ctx.teamIds.get(parsed.teams[1])!;
  // An attempt seen before that did not hold its fixture, or the fixture of an earlier attempt.
  const seenBefore = previousFixtureId !== undefined;
  const held = seenBefore
    ? await db.selectFrom('fixtures').selectAll().where('id', '=', previousFixtureId).executeTakeFirst()
    : await findReplayedFixture(db, parsed, ctx.seasonId, local, visitor, ctx.batch);
  if (held) {
    if (outranksHolder(parsed, held)) return { kind: 'write', fixture: held };
    if (parsed.result.type === 'no_result') return { kind: 'attach', fixtureId: held.id };
    if (seenBefore) {
      throw new FixtureMismatchError(
        `${parsed.source}: fixture ${held.id} (${held.name}) already has the result of Cricsheet match ${held.cricsheet_match_id}`,
      );
    }
  }
  // Writes never give a fixture back its missing Cricsheet id, so a season without scheduled
  // fixtures stays so for the batch.
  if (ctx.batch.noScheduled.has(ctx.seasonId)) return { kind: 'write', fixture: undefined };
  const scheduled = await db
    .selectFrom('fixtures')
    .select('id')
    .where('season_id', '=', ctx.seasonId)
    .where('cricsheet_match_id', 'is', null)
    .limit(1)
    .executeTakeFirst();
  if (!scheduled) {
    ctx.batch.noScheduled.add(ctx.seasonId);
    return { kind: 'write', fixture: undefined };
  }
  return { kind: 'write', fixture: await findScheduledFixture(db, parsed, ctx.seasonId, local, visitor) };
}

/**
 * A fixture of the same season, slot and teams that another Cricsheet match already went to (the
 * lowest id), from the season's held fixtures the batch keeps.
 */
async function findReplayedFixture(
  db: Kysely<DB>,
  parsed: ParsedMatch,
  seasonId: number,
  a: number,
  b: number,
  batch: ImportBatch,
): Promise<FixtureRow | undefined> {
  // Only numbered matches and playoffs have a slot; unnumbered league games between the same two
  // teams are different matches.
  if (parsed.matchNumber === null && parsed.stageName !== 'Playoffs') return undefined;
  const held = await batch.seasonHeldFixtures(db, seasonId);
  return held.find(
    (f) =>
      ((f.local_team_id === a && f.visitor_team_id === b) || (f.local_team_id === b && f.visitor_team_id === a)) &&
      (parsed.matchNumber !== null ? f.match_number === parsed.matchNumber : f.name === parsed.fixtureName),
  );
}

/** Whether `parsed` should hold the fixture's result instead of the attempt holding it now. */
function outranksHolder(parsed: ParsedMatch, fixture: FixtureRow): boolean {
  const holderPlayed = fixture.status !== 'no_result' && fixture.status !== 'abandoned';
  const played = parsed.result.type !== 'no_result';
  if (played !== holderPlayed) return played;
  if (played) return false; // two played attempts: not a replay
  return parsed.matchId.localeCompare(fixture.cricsheet_match_id ?? '', 'en', { numeric: true }) > 0;
}

export async function upsertFixture(
  db: Kysely<DB>,
  parsed: ParsedMatch,
  target: Extract<FixtureTarget, { kind: 'write' }>,
  ctx: {
    seasonId: number;
    stageId: number;
    teamIds: Map<string, number>;
    status: FixtureStatus;
    /** Give an existing fixture the match's id (default); false for a typed scorecard (write.ts `into`). */
    link?: boolean;
  },
): Promise<FixtureRow> {
  const local = ctx.teamIds.get(parsed.teams[0])!;
  const visitor = ctx.teamIds.get(parsed.teams[1])!;
  const fixture = target.fixture;

  if (!fixture) {
    return db
      .insertInto('fixtures')
      .values({
        season_id: ctx.seasonId,
        stage_id: ctx.stageId,
        cricsheet_match_id: parsed.matchId,
        match_number: parsed.matchNumber,
        name: storedName('Fixture name', parsed.fixtureName),
        start_time: parsed.startTime,
        local_team_id: local,
        visitor_team_id: visitor,
        venue: optionalStoredName('Venue', parsed.venue),
        city: optionalStoredName('City', parsed.city),
        status: ctx.status,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }
  const sameTeams =
    (fixture.local_team_id === local && fixture.visitor_team_id === visitor) ||
    (fixture.local_team_id === visitor && fixture.visitor_team_id === local);
  if (!sameTeams) {
    throw new FixtureMismatchError(
      `${parsed.source}: fixture ${fixture.id} (${fixture.name}) is between other teams than ${parsed.teams.join(' and ')}`,
    );
  }
  // A scheduled (or replayed) fixture keeps its start time and home/away order: users saw them
  // when picking, and their picks count for the match that was played.
  return db
    .updateTable('fixtures')
    .set({
      ...(ctx.link === false ? {} : { cricsheet_match_id: parsed.matchId }),
      stage_id: fixture.stage_id ?? ctx.stageId,
      match_number: fixture.match_number ?? parsed.matchNumber,
      venue: optionalStoredName('Venue', parsed.venue) ?? fixture.venue,
      city: optionalStoredName('City', parsed.city) ?? fixture.city,
      status: ctx.status,
      updated_at: new Date(),
    })
    .where('id', '=', fixture.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A fixture of the season created by a schedule import (no Cricsheet id yet) that this match plays. */
async function findScheduledFixture(db: Kysely<DB>, parsed: ParsedMatch, seasonId: number, a: number, b: number) {
  const unmatched = db
    .selectFrom('fixtures')
    .selectAll()
    .where('season_id', '=', seasonId)
    .where('cricsheet_match_id', 'is', null)
    .orderBy('start_time')
    .orderBy('id');
  // By number or name regardless of teams: a clash is reported by the caller, not papered over.
  const byKey =
    parsed.matchNumber !== null
      ? await unmatched.where('match_number', '=', parsed.matchNumber).executeTakeFirst()
      : await unmatched.where('name', '=', parsed.fixtureName).executeTakeFirst();
  if (byKey) return byKey;
  const day = new Date(`${parsed.date}T00:00:00.000Z`).getTime();
  return unmatched
    .where((eb) =>
      eb.or([
        eb.and([eb('local_team_id', '=', a), eb('visitor_team_id', '=', b)]),
        eb.and([eb('local_team_id', '=', b), eb('visitor_team_id', '=', a)]),
      ]),
    )
    .where('start_time', '>=', new Date(day - 12 * 3600_000))
    .where('start_time', '<', new Date(day + 36 * 3600_000))
    .executeTakeFirst();
}
