import { HOW_OUT, type Scorecard, type ScorecardInnings, type ScorecardPlayer } from './model';
import { isBowlersWicket, isOut } from './to-parsed-match';

/**
 * The checks a scorecard passes before anything is written: each problem names its field (`path`, in
 * the scorecard's own terms: `innings.0.batting.3.bowler`) and says exactly what is wrong, with the
 * figures that disagree. A typed scorecard (the console) and a vendor's both go through it.
 */

export interface ScorecardProblem {
  /** The field, dotted: `innings.1.total.runs`, `playing.0.players.4`, `outcome.byRuns`. */
  path: string;
  message: string;
}

/** A team's squad: the players who may appear for it (a substitute fielder too). */
export interface ScorecardSquad {
  team: string;
  players: readonly ScorecardPlayer[];
}

export interface ValidateOptions {
  /** The teams' squads: every player must be in their team's. Without them, squads are not checked. */
  squads?: readonly ScorecardSquad[];
}

/** Wickets that end an innings: ten of eleven batters (two in a super over). */
export const MAX_WICKETS = 10;
export const SUPER_OVER_WICKETS = 2;

/** Balls as overs: 22 → `3.4`. */
export function oversText(balls: number): string {
  return `${Math.floor(balls / 6)}${balls % 6 ? `.${balls % 6}` : ''}`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** How a player is told apart: the source's id, else the name. */
export const playerKey = (p: ScorecardPlayer) => (p.id ? `id:${p.id}` : `name:${p.name.trim().toLowerCase()}`);

/** Every problem of `card`, in the order of its fields; none when it can be written. */
export function validateScorecard(card: Scorecard, options: ValidateOptions = {}): ScorecardProblem[] {
  const problems: ScorecardProblem[] = [];
  const add = (path: string, message: string) => problems.push({ path, message });
  const [home, away] = card.teams;
  const isTeam = (t: string | undefined) => t === home || t === away;
  const teamsText = `${home} or ${away}`;

  if (!home || !away || home === away) add('teams', 'A match is between two different teams.');
  if (!Number.isInteger(card.oversPerInnings) || card.oversPerInnings < 1 || card.oversPerInnings > 50) {
    add('oversPerInnings', 'The format has 1 to 50 overs an innings.');
  }
  const maxBalls = card.oversPerInnings * 6;
  const bowlerMaxBalls = Math.ceil(card.oversPerInnings / 5) * 6;

  // ---- who played: each team once, each player once, in their team's squad ----
  const teamOf = new Map<string, string>();
  // A player may be in both squads of a season (moved between teams): each squad they are in.
  const squadsOf = new Map<string, string[]>();
  for (const s of options.squads ?? []) {
    for (const p of s.players) squadsOf.set(playerKey(p), [...(squadsOf.get(playerKey(p)) ?? []), s.team]);
  }
  const checkSquad = (p: ScorecardPlayer, team: string, path: string) => {
    if (!options.squads) return true;
    const squads = squadsOf.get(playerKey(p)) ?? [];
    if (squads.includes(team)) return true;
    add(
      path,
      squads.length === 0
        ? `${p.name} is not in either team's squad.`
        : `${p.name} is in ${squads[0]}'s squad, not ${team}'s.`,
    );
    return false;
  };
  for (const team of card.teams) {
    const entries = card.playing.filter((e) => e.team === team);
    if (entries.length === 0) add('playing', `The players of ${team} are missing.`);
    if (entries.length > 1) add('playing', `The players of ${team} are listed twice.`);
  }
  card.playing.forEach((entry, ti) => {
    if (!isTeam(entry.team)) {
      add(`playing.${ti}.team`, `"${entry.team}" is not one of the match's teams (${teamsText}).`);
      return;
    }
    entry.players.forEach((p, pi) => {
      const path = `playing.${ti}.players.${pi}`;
      const key = playerKey(p);
      const before = teamOf.get(key);
      if (before === entry.team) add(path, `${p.name} is listed twice for ${entry.team}.`);
      else if (before !== undefined) add(path, `${p.name} is listed for both teams.`);
      else {
        teamOf.set(key, entry.team);
        checkSquad(p, entry.team, path);
      }
    });
  });
  /** A player of `team` (listed), or a problem at `path`. */
  const mustPlayFor = (p: ScorecardPlayer | undefined, team: string, path: string, what: string) => {
    if (!p) {
      add(path, `${what} is missing.`);
      return false;
    }
    const t = teamOf.get(playerKey(p));
    if (t === team) return true;
    add(
      path,
      t === undefined
        ? `${p.name} is not among the players of ${team}: add them to the team's players first.`
        : `${p.name} plays for ${t}, not ${team}.`,
    );
    return false;
  };

  // ---- the innings ----
  const regular: { index: number; inn: ScorecardInnings }[] = [];
  const superOvers: { index: number; inn: ScorecardInnings }[] = [];
  card.innings.forEach((inn, ii) => {
    const p0 = `innings.${ii}`;
    const label = `Innings ${ii + 1}`;
    if (!isTeam(inn.team)) {
      add(`${p0}.team`, `${label}: "${inn.team}" is not one of the match's teams (${teamsText}).`);
      return;
    }
    if (inn.superOver) superOvers.push({ index: ii, inn });
    else {
      if (superOvers.length) add(`${p0}.superOver`, `${label}: super overs come after the regular innings.`);
      regular.push({ index: ii, inn });
    }
    checkInnings(inn, p0, {
      add,
      fielding: inn.team === home ? away : home,
      mustPlayFor,
      isFieldingSubstitute: (p, team, path) => {
        if (teamOf.has(playerKey(p))) return false;
        return checkSquad(p, team, path);
      },
      maxBalls: inn.superOver ? 6 : maxBalls,
      bowlerMaxBalls: inn.superOver ? 6 : bowlerMaxBalls,
      maxWickets: inn.superOver ? SUPER_OVER_WICKETS : MAX_WICKETS,
      format: inn.superOver ? 'a super over' : `this format (${plural(card.oversPerInnings, 'over')})`,
    });
  });
  if (regular.length > 2) {
    add(`innings.${regular[2]!.index}`, 'A limited-overs match has two innings (then super overs, after a tie).');
  }
  if (regular.length >= 2 && regular[0]!.inn.team === regular[1]!.inn.team) {
    add(
      `innings.${regular[1]!.index}.team`,
      `Both innings are by ${regular[0]!.inn.team}: the other team bats second.`,
    );
  }
  if (superOvers.length && card.outcome.kind !== 'tie') {
    add(`innings.${superOvers[0]!.index}.superOver`, 'Super overs are played only after a tie.');
  }

  // ---- the result: the winner, and a margin the totals give ----
  checkOutcome(card, regular, superOvers, add);

  if (card.toss) {
    if (!isTeam(card.toss.winner)) add('toss.winner', `The toss winner must be ${teamsText}.`);
    if (card.toss.decision !== 'bat' && card.toss.decision !== 'field') {
      add('toss.decision', 'The toss winner chose to bat or to field.');
    }
  }
  const poms = new Set<string>();
  card.playerOfMatch.forEach((p, i) => {
    const key = playerKey(p);
    if (poms.has(key)) add(`playerOfMatch.${i}`, `${p.name} is named twice as player of the match.`);
    poms.add(key);
    if (!teamOf.has(key))
      add(`playerOfMatch.${i}`, `The player of the match, ${p.name}, is not among the players of either team.`);
  });
  if (card.outcome.kind === 'no result' && card.playerOfMatch.length) {
    add('playerOfMatch', 'A match without a result has no player of the match.');
  }
  return problems;
}

interface InningsContext {
  add: (path: string, message: string) => void;
  fielding: string;
  mustPlayFor: (p: ScorecardPlayer | undefined, team: string, path: string, what: string) => boolean;
  /** Whether `p`, not among `team`'s players, is a substitute fielder from its squad (else a problem). */
  isFieldingSubstitute: (p: ScorecardPlayer, team: string, path: string) => boolean;
  maxBalls: number;
  bowlerMaxBalls: number;
  maxWickets: number;
  format: string;
}

function checkInnings(inn: ScorecardInnings, p0: string, c: InningsContext) {
  const { add } = c;
  const count = (v: number, path: string, what: string) => {
    if (Number.isInteger(v) && v >= 0) return true;
    add(path, `${what} must be a whole number, 0 or more.`);
    return false;
  };
  for (const k of ['byes', 'legByes', 'wides', 'noBalls', 'penalty'] as const) {
    count(inn.extras[k], `${p0}.extras.${k}`, 'Extras');
  }
  count(inn.total.runs, `${p0}.total.runs`, 'The total');
  count(inn.total.wickets, `${p0}.total.wickets`, 'Wickets');
  count(inn.total.legalBalls, `${p0}.total.legalBalls`, 'Overs');

  // Batting.
  const seen = new Map<string, { index: number; out: boolean }>();
  const bowlersWickets = new Map<string, number>();
  let batRuns = 0;
  let ballsFaced = 0;
  let outs = 0;
  inn.batting.forEach((b, bi) => {
    const path = `${p0}.batting.${bi}`;
    const name = b.player?.name ?? `Batter ${bi + 1}`;
    const ok = c.mustPlayFor(b.player, inn.team, `${path}.player`, `Batter ${bi + 1}`);
    const numbers = (['runs', 'balls', 'fours', 'sixes'] as const).every((k) =>
      count(b[k], `${path}.${k}`, 'Batting figures'),
    );
    if (numbers) {
      batRuns += b.runs;
      ballsFaced += b.balls;
      if (4 * b.fours + 6 * b.sixes > b.runs) {
        add(
          `${path}.runs`,
          `${name}: ${plural(b.runs, 'run')} cannot include ${plural(b.fours, 'four')} and ${plural(b.sixes, 'six', 'sixes')} (${4 * b.fours + 6 * b.sixes} runs).`,
        );
      }
      if (b.fours + b.sixes > b.balls) {
        add(
          `${path}.balls`,
          `${name}: ${plural(b.fours + b.sixes, 'boundary', 'boundaries')} off ${plural(b.balls, 'ball')}.`,
        );
      }
    }
    if (!HOW_OUT.includes(b.howOut)) {
      add(`${path}.howOut`, `${name}: "${b.howOut}" is not a way of getting out.`);
      return;
    }
    const out = isOut(b.howOut);
    if (out) outs += 1;
    if (ok && b.player) {
      const key = playerKey(b.player);
      const before = seen.get(key);
      if (before) {
        add(
          `${path}.player`,
          before.out && out
            ? `${name} is out twice in this innings (batters ${before.index + 1} and ${bi + 1}).`
            : `${name} bats twice in this innings (batters ${before.index + 1} and ${bi + 1}).`,
        );
      } else seen.set(key, { index: bi, out });
    }
    // Who the dismissal names: the bowler for the bowler's wickets, fielders for catches, stumpings, run outs.
    if (isBowlersWicket(b.howOut)) {
      if (c.mustPlayFor(b.bowler, c.fielding, `${path}.bowler`, `${name} ${b.howOut}: the bowler`) && b.bowler) {
        const key = playerKey(b.bowler);
        bowlersWickets.set(key, (bowlersWickets.get(key) ?? 0) + 1);
        if (!inn.bowling.some((w) => w.player && playerKey(w.player) === key)) {
          add(`${path}.bowler`, `${name} ${b.howOut}: ${b.bowler.name} did not bowl in this innings.`);
        }
      }
    } else if (b.bowler) {
      add(`${path}.bowler`, `${name} ${b.howOut}: no bowler is credited with it.`);
    }
    const fielders = b.fielders ?? [];
    const needsOne = b.howOut === 'caught' || b.howOut === 'stumped';
    if (needsOne && fielders.length !== 1) {
      add(
        `${path}.fielders`,
        fielders.length === 0
          ? `${name} ${b.howOut}: by whom? Name the ${b.howOut === 'caught' ? 'fielder' : 'wicketkeeper'}.`
          : `${name} ${b.howOut}: one ${b.howOut === 'caught' ? 'fielder' : 'wicketkeeper'}, not ${fielders.length}.`,
      );
    } else if (!needsOne && b.howOut !== 'run out' && fielders.length) {
      add(`${path}.fielders`, `${name} ${b.howOut}: no fielder is credited with it.`);
    }
    fielders.forEach((f, fi) => {
      const fp = `${path}.fielders.${fi}`;
      if (!c.isFieldingSubstitute(f, c.fielding, fp)) c.mustPlayFor(f, c.fielding, fp, 'The fielder');
    });
  });
  if (outs > c.maxWickets) {
    add(
      `${p0}.total.wickets`,
      `${plural(outs, 'batter')} out in one innings: an innings ends at ${plural(c.maxWickets, 'wicket')}.`,
    );
  } else if (inn.batting.length > 0 && outs >= inn.batting.length) {
    add(
      `${p0}.batting`,
      `${plural(inn.batting.length, 'batter')} batted and ${outs} ${outs === 1 ? 'is' : 'are'} out: an innings always ends with a batter not out — add the not-out batters.`,
    );
  }
  if (inn.total.wickets !== outs) {
    add(`${p0}.total.wickets`, `The total says ${plural(inn.total.wickets, 'wicket')}, the batting has ${outs} out.`);
  }

  // Totals: the batters' runs and the extras; the legal balls within the format.
  const e = inn.extras;
  const extras = e.byes + e.legByes + e.wides + e.noBalls + e.penalty;
  if (batRuns + extras !== inn.total.runs) {
    add(
      `${p0}.total.runs`,
      `The batters' runs (${batRuns}) and the extras (${extras}) make ${batRuns + extras}, not the total of ${inn.total.runs}.`,
    );
  }
  if (inn.total.legalBalls > c.maxBalls) {
    add(
      `${p0}.total.legalBalls`,
      `${oversText(inn.total.legalBalls)} overs: more than the ${oversText(c.maxBalls)} of ${c.format}.`,
    );
  }

  // Bowling.
  const bowled = new Map<string, number>();
  let bowlerBalls = 0;
  let bowlerRuns = 0;
  let bowlerWides = 0;
  let bowlerNoBalls = 0;
  inn.bowling.forEach((b, bi) => {
    const path = `${p0}.bowling.${bi}`;
    const name = b.player?.name ?? `Bowler ${bi + 1}`;
    if (c.mustPlayFor(b.player, c.fielding, `${path}.player`, `Bowler ${bi + 1}`) && b.player) {
      const key = playerKey(b.player);
      const before = bowled.get(key);
      if (before !== undefined) add(`${path}.player`, `${name} is listed twice (bowlers ${before + 1} and ${bi + 1}).`);
      else bowled.set(key, bi);
      const credited = bowlersWickets.get(key) ?? 0;
      if (count(b.wickets, `${path}.wickets`, 'Wickets') && credited !== b.wickets) {
        add(
          `${path}.wickets`,
          `${name} has ${plural(b.wickets, 'wicket')} here but the batting credits ${name} with ${credited}.`,
        );
      }
    }
    const numbers = (['balls', 'maidens', 'runs', 'wides', 'noBalls'] as const).every((k) =>
      count(b[k], `${path}.${k}`, 'Bowling figures'),
    );
    if (!numbers) return;
    bowlerBalls += b.balls;
    bowlerRuns += b.runs;
    bowlerWides += b.wides;
    bowlerNoBalls += b.noBalls;
    if (b.balls > c.bowlerMaxBalls) {
      add(
        `${path}.balls`,
        `${name} bowled ${oversText(b.balls)} overs: at most ${oversText(c.bowlerMaxBalls)} a bowler in ${c.format}.`,
      );
    }
    if (b.maidens * 6 > b.balls) {
      add(`${path}.maidens`, `${name}: ${plural(b.maidens, 'maiden')} in ${oversText(b.balls)} overs.`);
    } else if (b.maidens * 6 === b.balls && b.balls > 0 && b.runs > 0) {
      add(`${path}.runs`, `${name}: every over a maiden, yet ${plural(b.runs, 'run')} conceded.`);
    }
  });
  if (bowlerBalls !== inn.total.legalBalls) {
    add(
      `${p0}.total.legalBalls`,
      `The bowlers bowled ${oversText(bowlerBalls)} overs, the innings lasted ${oversText(inn.total.legalBalls)}.`,
    );
  }
  const notTheBowlers = e.byes + e.legByes + e.penalty;
  if (bowlerRuns + notTheBowlers !== inn.total.runs) {
    add(
      `${p0}.total.runs`,
      `The bowlers' runs (${bowlerRuns}) and the byes, leg byes and penalty runs (${notTheBowlers}) make ${bowlerRuns + notTheBowlers}, not the total of ${inn.total.runs}.`,
    );
  }
  if (bowlerWides > e.wides) {
    add(
      `${p0}.extras.wides`,
      `The bowlers bowled ${plural(bowlerWides, 'wide')}, the extras have ${plural(e.wides, 'run')} from wides.`,
    );
  }
  if (bowlerNoBalls > e.noBalls) {
    add(
      `${p0}.extras.noBalls`,
      `The bowlers bowled ${plural(bowlerNoBalls, 'no-ball')}, the extras have ${plural(e.noBalls, 'run')} from no-balls.`,
    );
  }
  // Every ball but a wide is faced by a batter: the legal balls and the no-balls.
  if (ballsFaced !== inn.total.legalBalls + bowlerNoBalls && inn.batting.length > 0) {
    add(
      `${p0}.batting`,
      `The batters faced ${plural(ballsFaced, 'ball')}; the innings had ${inn.total.legalBalls} legal balls and ${plural(bowlerNoBalls, 'no-ball')} (${inn.total.legalBalls + bowlerNoBalls}).`,
    );
  }
}

function checkOutcome(
  card: Scorecard,
  regular: { index: number; inn: ScorecardInnings }[],
  superOvers: { index: number; inn: ScorecardInnings }[],
  add: (path: string, message: string) => void,
) {
  const [home, away] = card.teams;
  const isTeam = (t: string | undefined) => t === home || t === away;
  const o = card.outcome;
  const both = regular.length === 2 ? ([regular[0]!.inn, regular[1]!.inn] as const) : null;
  if (o.kind === 'win') {
    if (!o.winner || !isTeam(o.winner)) {
      add('outcome.winner', o.winner ? `The winner must be ${home} or ${away}.` : 'Who won? Choose the winning team.');
      return;
    }
    const runs = o.byRuns ?? null;
    const wickets = o.byWickets ?? null;
    if (runs !== null && wickets !== null) {
      add('outcome.byRuns', 'A win is by runs or by wickets, not both.');
      return;
    }
    if (o.method) return; // a revised target (D/L): the margin does not follow from the totals
    if (runs === null && wickets === null) {
      add('outcome.byRuns', `By how much did ${o.winner} win? A margin in runs or wickets (or a method such as D/L).`);
      return;
    }
    if (!both) {
      add('innings', `A win by ${runs !== null ? 'runs' : 'wickets'} needs both innings.`);
      return;
    }
    const [first, second] = both;
    if (runs !== null) {
      if (o.winner !== first.team) {
        add('outcome.byRuns', `A win by runs is the side batting first's (${first.team}); ${o.winner} batted second.`);
      } else if (first.total.runs - second.total.runs !== runs) {
        add(
          'outcome.byRuns',
          `${first.team} made ${first.total.runs} and ${second.team} ${second.total.runs}: a win by ${plural(first.total.runs - second.total.runs, 'run')}, not ${runs}.`,
        );
      }
    } else if (wickets !== null) {
      if (o.winner !== second.team) {
        add(
          'outcome.byWickets',
          `A win by wickets is the side batting second's (${second.team}); ${o.winner} batted first.`,
        );
      } else if (second.total.runs <= first.total.runs) {
        add(
          `innings.${regular[1]!.index}.total.runs`,
          `${second.team} won chasing ${first.total.runs + 1} but made ${second.total.runs}.`,
        );
      } else if (MAX_WICKETS - second.total.wickets !== wickets) {
        add(
          'outcome.byWickets',
          `${second.team} lost ${plural(second.total.wickets, 'wicket')}: a win by ${MAX_WICKETS - second.total.wickets} wickets, not ${wickets}.`,
        );
      }
    }
    return;
  }
  if (o.kind === 'tie') {
    if (o.superOverWinner !== undefined && !isTeam(o.superOverWinner)) {
      add('outcome.superOverWinner', `The super-over winner must be ${home} or ${away}.`);
    }
    if (both && !o.method && both[0].total.runs !== both[1].total.runs) {
      add(
        'outcome.kind',
        `A tie needs equal totals: ${both[0].team} made ${both[0].total.runs}, ${both[1].team} ${both[1].total.runs}.`,
      );
    }
    if (superOvers.length >= 2 && o.superOverWinner !== undefined) {
      const a = superOvers[superOvers.length - 2]!.inn;
      const b = superOvers[superOvers.length - 1]!.inn;
      const higher = a.total.runs > b.total.runs ? a.team : b.total.runs > a.total.runs ? b.team : null;
      if (higher !== null && higher !== o.superOverWinner) {
        add(
          'outcome.superOverWinner',
          `${higher} scored more in the last super over (${a.total.runs} and ${b.total.runs}).`,
        );
      }
    }
  }
}
