import type { CricsheetDelivery, CricsheetInfo, CricsheetWicket } from '../../cricket/import/cricsheet-format';
import { IN_PROGRESS_OUTCOME, type LiveBall, type LiveUpdate } from '../../live/feed';
import { parseShape, VendorError } from '../http';
import { howOut, isSuperOver, matchNumber, VENDOR } from './map';
import * as S from './schemas';

/**
 * The match so far in the live machinery's shape (Cricsheet-shaped balls, live/feed.ts), from Entity
 * Sport's innings commentary (each ball's batsman, bowler, over and score) and its scorecard (the
 * batting order, each dismissal's kind, bowler and fielders, the boundaries). The documentation
 * gives no non-striker per ball: it is the other batter at the crease, followed through the
 * scorecard's batting order and the commentary's wickets.
 *
 * A ball's `score` ("Commentary Properties", "run scored on the ball") is an integer for runs off the
 * bat, "w" for a wicket without a run, and "1lb" for one leg bye in the documentation's example.
 * The other extras are read by the same pattern: "<n>b" byes, "<n>wd" wides, "<n>nb" no-balls, the
 * parts of one ball joined by "+" ("1nb+4": a no-ball hit for four). That pattern is an assumption
 * beyond the documented examples (docs/decisions/0042-entity-sport.md); any other value fails the
 * update naming the field. The final figures never depend on it: they come from the scorecard.
 */

/** A player's name (the `title` the answers give) and registry id in the Cricsheet-shaped match. */
export const registryId = (pid: string) => `${VENDOR}:${pid}`;

export interface DecodedScore {
  bat: number;
  wides: number;
  noballs: number;
  byes: number;
  legbyes: number;
}

const EXTRA: Record<string, keyof Omit<DecodedScore, 'bat'>> = { wd: 'wides', nb: 'noballs', b: 'byes', lb: 'legbyes' };

/** A commentary ball's `score`, or null when it is not one the provider reads. */
export function decodeScore(score: number | string): DecodedScore | null {
  const out: DecodedScore = { bat: 0, wides: 0, noballs: 0, byes: 0, legbyes: 0 };
  if (typeof score === 'number') return Number.isInteger(score) && score >= 0 ? { ...out, bat: score } : null;
  for (const token of score.trim().toLowerCase().split('+')) {
    if (token === 'w') continue;
    const m = /^(\d+)(wd|nb|lb|b)?$/.exec(token.trim());
    if (!m) return null;
    const n = Number(m[1]);
    if (m[2] === undefined) out.bat += n;
    else out[EXTRA[m[2]]!] += n;
  }
  return out;
}

interface Context {
  names: Map<string, string>;
  /** pid → name. */
  people: Map<string, string>;
}

function nameOf(ctx: Context, pid: string, field: string): string {
  const n = ctx.people.get(pid);
  if (n === undefined)
    throw new VendorError(VENDOR, 'shape', `field ${field} names player ${pid}, who is in neither response.players`, {
      field,
    });
  return n;
}

/** The dismissal of a batter at a wicket event, from the scorecard; null while the scorecard does not have it yet. */
function wicketOf(
  ctx: Context,
  inn: S.ScorecardInnings | undefined,
  outId: string,
  field: string,
): CricsheetWicket | null {
  const index = inn?.batsmen.findIndex((b) => b.batsman_id === outId) ?? -1;
  const b = index >= 0 ? inn!.batsmen[index]! : undefined;
  if (!b || b.dismissal.trim() === '') return null;
  const kind = howOut(b, `${field}.batsmen[${index}]`);
  const subs = new Set(inn!.fielder.filter((f) => f.is_substitute).map((f) => f.fielder_id));
  const ids = [b.first_fielder_id, b.second_fielder_id, b.third_fielder_id].filter((f): f is string => f !== null);
  const take = kind === 'caught' || kind === 'stumped' ? ids.slice(0, 1) : kind === 'run out' ? ids : [];
  const wicket: CricsheetWicket = { player_out: nameOf(ctx, outId, `${field}.batsmen[${index}].batsman_id`), kind };
  if (take.length > 0) {
    wicket.fielders = take.map((f) => ({
      name: nameOf(ctx, f, `${field}.batsmen[${index}]`),
      ...(subs.has(f) ? { substitute: true } : {}),
    }));
  }
  return wicket;
}

/** One innings' balls; stops before a wicket the scorecard does not describe yet. */
function inningsBalls(
  ctx: Context,
  comm: S.InningsCommentary,
  inn: S.ScorecardInnings | undefined,
  index: number,
  scorecardField: string,
): LiveBall[] {
  const team = ctx.names.get(comm.inning.batting_team_id);
  if (team === undefined) {
    throw new VendorError(VENDOR, 'shape', `field response.inning.batting_team_id is neither teama nor teamb`, {
      field: 'response.inning.batting_team_id',
    });
  }
  const order = inn?.batsmen.map((b) => b.batsman_id) ?? [];
  const seen = new Set<string>();
  let crease: string[] = [];
  const next = (except: string) => {
    const id = order.find((b) => !seen.has(b) && b !== except);
    if (id !== undefined) seen.add(id);
    return id;
  };
  const perOver = new Map<number, number>();
  const balls: LiveBall[] = [];
  for (const [ci, raw] of comm.commentaries.entries()) {
    if (raw.event !== 'ball' && raw.event !== 'wicket') continue;
    const field = `response.commentaries[${ci}]`;
    const e =
      raw.event === 'ball'
        ? parseShape(VENDOR, S.ballEvent, raw, field)
        : parseShape(VENDOR, S.wicketEvent, raw, field);
    const score = decodeScore(e.score);
    if (score === null) {
      throw new VendorError(
        VENDOR,
        'shape',
        `field ${field}.score has a value the provider does not read: ${JSON.stringify(e.score)}`,
        {
          field: `${field}.score`,
        },
      );
    }
    const striker = e.batsman_id;
    seen.add(striker);
    if (!crease.includes(striker)) crease = [...crease.filter((b) => b !== striker).slice(-1), striker];
    let nonStriker = crease.find((b) => b !== striker);
    if (nonStriker === undefined) {
      nonStriker = next(striker);
      if (nonStriker === undefined) break; // the scorecard does not yet list the batter at the other end
      crease.push(nonStriker);
    }
    let wickets: CricsheetWicket[] | undefined;
    if (e.event === 'wicket') {
      const w = wicketOf(ctx, inn, e.wicket_batsman_id, scorecardField);
      if (w === null) break; // described by a later scorecard: the balls up to here for now
      wickets = [w];
      crease = crease.filter((b) => b !== e.wicket_batsman_id);
    }
    const extras = { wides: score.wides, noballs: score.noballs, byes: score.byes, legbyes: score.legbyes };
    const extraRuns = extras.wides + extras.noballs + extras.byes + extras.legbyes;
    const delivery: CricsheetDelivery = {
      batter: nameOf(ctx, striker, `${field}.batsman_id`),
      bowler: nameOf(ctx, e.bowler_id, `${field}.bowler_id`),
      non_striker: nameOf(ctx, nonStriker, scorecardField),
      runs: { batter: score.bat, extras: extraRuns, total: score.bat + extraRuns },
    };
    if (extraRuns > 0) {
      delivery.extras = Object.fromEntries(Object.entries(extras).filter(([, v]) => v > 0));
    }
    if (wickets) delivery.wickets = wickets;
    const seq = perOver.get(e.over) ?? 0;
    perOver.set(e.over, seq + 1);
    balls.push({ innings: index, over: e.over, seq, team, superOver: isSuperOver(index), delivery });
  }
  markRunBoundaries(balls, inn, ctx);
  return balls;
}

/**
 * A four or six that was run (not a boundary) looks like a boundary in the commentary: where a
 * batter has more 4-run (6-run) balls than the scorecard's fours (sixes), the latest are marked
 * `non_boundary`.
 */
function markRunBoundaries(balls: LiveBall[], inn: S.ScorecardInnings | undefined, ctx: Context): void {
  if (!inn) return;
  for (const b of inn.batsmen) {
    const name = ctx.people.get(b.batsman_id);
    for (const [runs, count] of [
      [4, b.fours],
      [6, b.sixes],
    ] as const) {
      const hits = balls.filter((x) => x.delivery.batter === name && x.delivery.runs.batter === runs);
      for (const x of hits.slice(count)) x.delivery.runs.non_boundary = true;
    }
  }
}

/** The in-progress match info of a scorecard (no outcome yet: the final figures come from `result`). */
function infoOf(sc: S.Scorecard, playing: Map<string, string[]>, ctx: Context): CricsheetInfo {
  const teams = [sc.teama.name, sc.teamb.name];
  const registry: Record<string, string> = {};
  for (const [pid, name] of ctx.people) registry[name] = registryId(pid);
  const date = new Date(sc.timestamp_start * 1000).toISOString().slice(0, 10);
  const toss =
    sc.toss.winner !== null && (sc.toss.decision === 1 || sc.toss.decision === 2)
      ? { winner: ctx.names.get(sc.toss.winner) ?? '', decision: sc.toss.decision === 1 ? 'bat' : 'field' }
      : undefined;
  const number = matchNumber(sc.subtitle);
  return {
    balls_per_over: 6,
    dates: [date],
    event: {
      name: sc.competition.title,
      ...(number !== null ? { match_number: number } : sc.subtitle !== '' ? { stage: sc.subtitle } : {}),
    },
    outcome: { ...IN_PROGRESS_OUTCOME },
    players: Object.fromEntries([sc.teama, sc.teamb].map((t) => [t.name, playing.get(t.team_id) ?? []])),
    registry: { people: registry },
    season: sc.competition.season,
    teams,
    ...(toss && toss.winner !== '' ? { toss } : {}),
    ...(sc.venue.name !== '' ? { venue: sc.venue.name } : {}),
    ...(sc.venue.location !== '' ? { city: sc.venue.location } : {}),
  };
}

/**
 * The match so far: the scorecard, the match squads and the commentary of each innings (in innings
 * order) → the live machinery's update.
 */
export function toLiveUpdate(sc: S.Scorecard, squads: S.MatchSquads, commentary: S.InningsCommentary[]): LiveUpdate {
  const names = new Map([
    [sc.teama.team_id, sc.teama.name],
    [sc.teamb.team_id, sc.teamb.name],
  ]);
  const people = new Map<string, string>();
  for (const p of [...squads.players, ...sc.players]) people.set(p.pid, p.title);
  const ctx: Context = { names, people };

  // The listed players: the XI, then anyone else with a figure for the team (an Impact Player).
  const playing = new Map<string, string[]>();
  const add = (teamId: string, pid: string, field: string) => {
    const list = playing.get(teamId) ?? [];
    const name = nameOf(ctx, pid, field);
    if (!list.includes(name)) list.push(name);
    playing.set(teamId, list);
  };
  for (const [t, k] of [
    [squads.teama, 'teama'],
    [squads.teamb, 'teamb'],
  ] as const) {
    if (!names.has(t.team_id)) continue; // the squads of another match
    t.squads.forEach((p, i) => {
      if (p.playing11) add(t.team_id, p.player_id, `response.${k}.squads[${i}].player_id`);
    });
  }
  const balls: LiveBall[] = [];
  commentary.forEach((comm, index) => {
    const scIndex = sc.innings.findIndex((i) => i.number === comm.inning.number);
    const inn = scIndex >= 0 ? sc.innings[scIndex] : undefined;
    const innBalls = inningsBalls(ctx, comm, inn, index, `response.innings[${scIndex}]`);
    for (const b of innBalls) {
      if (b.superOver) continue;
      add(comm.inning.batting_team_id, idOf(people, b.delivery.batter), 'batter');
      add(comm.inning.batting_team_id, idOf(people, b.delivery.non_striker), 'non_striker');
      add(comm.inning.fielding_team_id, idOf(people, b.delivery.bowler), 'bowler');
      for (const f of b.delivery.wickets?.[0]?.fielders ?? []) {
        if (!f.substitute) add(comm.inning.fielding_team_id, idOf(people, f.name), 'fielder');
      }
    }
    balls.push(...innBalls);
  });
  return { info: infoOf(sc, playing, ctx), balls };
}

function idOf(people: Map<string, string>, name: string): string {
  for (const [pid, n] of people) if (n === name) return pid;
  return name;
}
