import type { Kysely } from 'kysely';
import type { Scorecard, ScorecardPlayer } from '../cricket/scorecard/model';
import type { DB } from '../db/schema';
import type { LiveUpdate } from '../live/feed';
import type { KnownVendor } from './connection';

/**
 * A vendor's answers in our names and keys: its team names as ours (vendor_teams), its player ids as
 * our players' keys (`players.cricsheet_id` through vendor_players: a Cricsheet registry id when the
 * player was matched to one, else `<vendor>:<id>`, the key a new player of that vendor gets).
 */

export interface Ours {
  /** Our team name by the vendor's team name, for a fixture's two teams. */
  teams: Map<string, string>;
  /** Our key and name by the vendor's player id. */
  players: Map<string, { key: string; name: string }>;
}

export const vendorKey = (vendor: KnownVendor, id: string) => `${vendor}:${id}`;

/** The mappings of a fixture's teams and of the given vendor player ids. */
export async function oursFor(
  db: Kysely<DB>,
  vendor: KnownVendor,
  fixtureId: number,
  playerIds: readonly string[],
): Promise<Ours> {
  const f = await db
    .selectFrom('fixtures')
    .select(['local_team_id', 'visitor_team_id'])
    .where('id', '=', fixtureId)
    .executeTakeFirstOrThrow();
  const teamRows = await db
    .selectFrom('vendor_teams as v')
    .innerJoin('teams as t', 't.id', 'v.team_id')
    .select(['v.vendor_name', 't.name'])
    .where('v.vendor', '=', vendor)
    .where('v.team_id', 'in', [f.local_team_id, f.visitor_team_id])
    .execute();
  const teams = new Map(teamRows.map((r) => [r.vendor_name, r.name]));
  const players = new Map<string, { key: string; name: string }>();
  const ids = [...new Set(playerIds)];
  if (ids.length) {
    const rows = await db
      .selectFrom('vendor_players as v')
      .innerJoin('players as p', 'p.id', 'v.player_id')
      .select(['v.vendor_id', 'p.cricsheet_id', 'p.full_name'])
      .where('v.vendor', '=', vendor)
      .where('v.vendor_id', 'in', ids)
      .execute();
    for (const r of rows) if (r.cricsheet_id) players.set(r.vendor_id, { key: r.cricsheet_id, name: r.full_name });
  }
  return { teams, players };
}

/** Every vendor player id a scorecard names. */
export function scorecardPlayerIds(card: Scorecard): string[] {
  const ids: string[] = [];
  const add = (p: ScorecardPlayer | undefined) => {
    if (p?.id) ids.push(p.id);
  };
  card.playerOfMatch.forEach(add);
  for (const t of card.playing) t.players.forEach(add);
  for (const inn of card.innings) {
    for (const b of inn.batting) {
      add(b.player);
      add(b.bowler);
      b.fielders?.forEach(add);
    }
    for (const b of inn.bowling) add(b.player);
  }
  return ids;
}

/** The scorecard with our team names and our players' keys (and names, for players we have). */
export function scorecardInOurs(card: Scorecard, vendor: KnownVendor, ours: Ours): Scorecard {
  const team = (name: string) => ours.teams.get(name) ?? name;
  const player = (p: ScorecardPlayer): ScorecardPlayer => {
    if (!p.id) return p;
    const known = ours.players.get(p.id);
    return known ? { name: known.name, id: known.key } : { name: p.name, id: vendorKey(vendor, p.id) };
  };
  const maybe = (p: ScorecardPlayer | undefined) => (p ? player(p) : undefined);
  const o = card.outcome;
  return {
    ...card,
    teams: [team(card.teams[0]), team(card.teams[1])],
    toss: card.toss ? { ...card.toss, winner: team(card.toss.winner) } : undefined,
    outcome:
      o.kind === 'win'
        ? { ...o, winner: team(o.winner) }
        : o.kind === 'tie'
          ? { ...o, superOverWinner: o.superOverWinner === undefined ? undefined : team(o.superOverWinner) }
          : o,
    playerOfMatch: card.playerOfMatch.map(player),
    playing: card.playing.map((t) => ({ team: team(t.team), players: t.players.map(player) })),
    innings: card.innings.map((inn) => ({
      ...inn,
      team: team(inn.team),
      batting: inn.batting.map((b) => ({
        ...b,
        player: player(b.player),
        bowler: maybe(b.bowler),
        fielders: b.fielders?.map(player),
      })),
      bowling: inn.bowling.map((b) => ({ ...b, player: player(b.player) })),
    })),
  };
}

/** The vendor player ids of a live update's registry (values `<vendor>:<id>`). */
export function livePlayerIds(update: LiveUpdate, vendor: KnownVendor): string[] {
  const prefix = `${vendor}:`;
  return Object.values(update.info.registry?.people ?? {})
    .filter((v) => v.startsWith(prefix))
    .map((v) => v.slice(prefix.length));
}

/**
 * A live update in our team names and player keys: the registry maps each name to our key, so the
 * live machinery finds our players (and their points) by key; the balls keep the vendor's names of
 * the players, which the registry explains.
 */
export function liveUpdateInOurs(update: LiveUpdate, vendor: KnownVendor, ours: Ours): LiveUpdate {
  const team = (name: string) => ours.teams.get(name) ?? name;
  const prefix = `${vendor}:`;
  const info = update.info;
  const people = Object.fromEntries(
    Object.entries(info.registry?.people ?? {}).map(([name, id]) => {
      const known = id.startsWith(prefix) ? ours.players.get(id.slice(prefix.length)) : undefined;
      return [name, known?.key ?? id];
    }),
  );
  return {
    ...update,
    info: {
      ...info,
      teams: info.teams.map(team),
      players: Object.fromEntries(Object.entries(info.players ?? {}).map(([t, list]) => [team(t), list])),
      registry: { ...(info.registry ?? {}), people },
      ...(info.toss?.winner ? { toss: { ...info.toss, winner: team(info.toss.winner) } } : {}),
    },
    balls: update.balls.map((b) => ({ ...b, team: team(b.team) })),
  };
}
