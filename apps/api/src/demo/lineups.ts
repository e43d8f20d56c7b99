import type { Kysely } from 'kysely';
import type { DB, LineupTeam } from '../db/schema';
import { type DemoLeague, DEMO_SOURCE, demoMatch, loadDemoLeague } from './season';

/**
 * The demo season's own toss and playing XIs (issue 27): `leadMs` before a demo fixture starts (30
 * minutes on the daily demo, less when paced), its toss and XIs are announced — read from the
 * simulated match it will be played as (`demoMatch`, the same for the same fixture), stored as a data
 * vendor's are (`fixture_lineups`, source 'demo'). The team sheet then marks who plays, and at the
 * lock the backups replace picks outside the XIs (picks/lock.ts). A fixture already announced is left
 * as it is. Returns the fixtures announced.
 */
export async function announceDemoLineups(
  db: Kysely<DB>,
  options: { now: Date; leadMs: number; league?: DemoLeague },
): Promise<number> {
  const due = await db
    .selectFrom('fixtures as f')
    .innerJoin('seasons as s', 's.id', 'f.season_id')
    .innerJoin('teams as h', 'h.id', 'f.local_team_id')
    .innerJoin('teams as a', 'a.id', 'f.visitor_team_id')
    .leftJoin('fixture_lineups as l', 'l.fixture_id', 'f.id')
    .select([
      'f.id',
      'f.match_number',
      'f.start_time',
      'f.local_team_id',
      'f.visitor_team_id',
      's.name as season',
      's.year',
      'h.name as home',
      'a.name as away',
    ])
    .where('s.source', '=', DEMO_SOURCE)
    .where('f.status', '=', 'scheduled')
    .where('f.start_time', '>', options.now)
    .where('f.start_time', '<=', new Date(options.now.getTime() + options.leadMs))
    .where('l.fixture_id', 'is', null)
    .execute();
  if (due.length === 0) return 0;
  const league = options.league ?? loadDemoLeague();
  const byName = new Map(league.teams.map((t) => [t.name, t]));
  let announced = 0;
  for (const f of due) {
    const home = byName.get(f.home);
    const away = byName.get(f.away);
    if (!home || !away || f.match_number === null) continue;
    const { json } = demoMatch(
      league,
      { name: f.season, year: f.year },
      { matchNumber: f.match_number, startTime: new Date(f.start_time), home, away },
    );
    const info = (json as { info: DemoMatchInfo }).info;
    const registry = Object.values(info.registry.people);
    const players = registry.length
      ? await db.selectFrom('players').select(['id', 'cricsheet_id']).where('cricsheet_id', 'in', registry).execute()
      : [];
    const idOf = new Map(players.map((p) => [p.cricsheet_id, p.id]));
    const teams: LineupTeam[] = [
      { name: f.home, teamId: f.local_team_id },
      { name: f.away, teamId: f.visitor_team_id },
    ].map(({ name, teamId }) => ({
      team_id: teamId,
      playing: (info.players[name] ?? []).flatMap((n) => {
        const id = idOf.get(info.registry.people[n] ?? '');
        return id === undefined ? [] : [id];
      }),
      substitutes: [],
    }));
    const tossWinner = info.toss.winner === f.home ? f.local_team_id : f.visitor_team_id;
    const row = await db
      .insertInto('fixture_lineups')
      .values({
        fixture_id: f.id,
        toss_winner_team_id: tossWinner,
        toss_decision: info.toss.decision,
        teams: JSON.stringify(teams),
        source: 'demo',
        announced_at: options.now,
        updated_at: options.now,
      })
      .onConflict((oc) => oc.column('fixture_id').doNothing())
      .returning('fixture_id')
      .executeTakeFirst();
    if (row) announced += 1;
  }
  return announced;
}

interface DemoMatchInfo {
  players: Record<string, string[]>;
  registry: { people: Record<string, string> };
  toss: { winner: string; decision: 'bat' | 'field' };
}
