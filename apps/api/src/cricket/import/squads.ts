import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/schema';
import { withTransaction } from '../../db/transaction';
import { type PositionId, positionIdByName } from '../catalogue';
import { ensureSeason, ensureTeams } from '../db-util';
import { onResultsChanged } from '../scoring/rescore';
import { seasonYear } from './rows';
import { fixturesOfPlayers } from './players';

/** Squads: who can be picked for a team's fixtures of a season, with fixed positions (docs/data.md). */

const nonEmpty = z.string().trim().min(1);

const squadPlayerSchema = z.object({
  name: nonEmpty,
  /** The player's Cricsheet registry id (or another stable id for non-Cricsheet data). */
  cricsheetId: nonEmpty,
  position: nonEmpty,
});

const squadsFileSchema = z.object({
  season: nonEmpty,
  competition: nonEmpty.optional(),
  year: z.number().int().min(0).optional(),
  teams: z.array(z.object({ name: nonEmpty, code: nonEmpty.optional(), players: z.array(squadPlayerSchema) })),
});

export type SquadPlayer = z.infer<typeof squadPlayerSchema>;
export type SquadsFile = z.infer<typeof squadsFileSchema>;

/** A squads file's JSON, checked: the first problem names its place (`teams.0.players.3.position`). */
export function squadsFromJson(json: unknown, where: string): SquadsFile {
  const parsed = squadsFileSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw new Error(`${where}: ${issue.path.join('.') || 'the file'}: ${issue.message}`);
}

/**
 * Adds players to season squads, so they can be picked before they have played. A squad position
 * is fixed (position_source 'data') and wins over inference.
 */
export async function importSquads(db: Kysely<DB>, squads: SquadsFile): Promise<{ players: number }> {
  return withTransaction(db, async (trx) => {
    const year = seasonYear(squads.season, squads.year);
    const seasonId = await ensureSeason(trx, {
      name: squads.season,
      competition: squads.competition ?? squads.season,
      year,
    });
    const teamIds = await ensureTeams(
      trx,
      squads.teams.map((t) => ({ name: t.name, code: t.code })),
    );
    let n = 0;
    const moved: number[] = [];
    for (const team of squads.teams) {
      for (const p of team.players) {
        const position: PositionId | undefined = positionIdByName(p.position);
        if (!position) throw new Error(`${team.name}: ${p.name} has an unknown position "${p.position}"`);
        const before = await trx
          .selectFrom('players')
          .select(['id', 'position_id'])
          .where('cricsheet_id', '=', p.cricsheetId)
          .executeTakeFirst();
        if (before && before.position_id !== position) moved.push(before.id);
        const row = await trx
          .insertInto('players')
          .values({ cricsheet_id: p.cricsheetId, full_name: p.name, position_id: position, position_source: 'data' })
          .onConflict((oc) =>
            oc
              .column('cricsheet_id')
              .doUpdateSet({ full_name: p.name, position_id: position, position_source: 'data' }),
          )
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('squads')
          .values({ season_id: seasonId, team_id: teamIds.get(team.name)!, player_id: row.id })
          .onConflict((oc) => oc.doNothing())
          .execute();
        n++;
      }
    }
    // A position fixed by the squad can change what the player's past matches score.
    await onResultsChanged(trx, await fixturesOfPlayers(trx, moved));
    return { players: n };
  });
}
