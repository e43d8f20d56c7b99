import type { CricsheetMatch } from '../../src/cricket/import/cricsheet-format';
import type {
  HowOut,
  Scorecard,
  ScorecardBatting,
  ScorecardBowling,
  ScorecardInnings,
  ScorecardPlayer,
} from '../../src/cricket/scorecard/model';

/**
 * A Cricsheet match's scorecard, tallied from its balls as a scorer (or a data vendor) would write it:
 * batters in the order they came in, bowlers in the order they first bowled, extras, totals, the result.
 * Written for the tests independently of the importer's parser (../../src/cricket/import/parse.ts), so
 * that "Cricsheet → Scorecard → ParsedMatch" can be compared with "Cricsheet → ParsedMatch"; the
 * vendors' test servers may build their answers from it.
 */
export function scorecardFromCricsheet(json: unknown): Scorecard {
  const m = json as CricsheetMatch;
  const info = m.info;
  const people = info.registry.people;
  const player = (name: string): ScorecardPlayer => ({ name, id: people[name] });
  const teams: [string, string] = [info.teams[0]!, info.teams[1]!];
  const bpo = info.balls_per_over ?? 6;
  const notOut = new Set(['retired hurt', 'retired not out']);
  const bowlers = new Set(['bowled', 'caught', 'caught and bowled', 'lbw', 'stumped', 'hit wicket']);

  const innings: ScorecardInnings[] = m.innings.map((inn) => {
    const batting = new Map<string, ScorecardBatting>();
    const bowling = new Map<string, ScorecardBowling>();
    const extras = { byes: 0, legByes: 0, wides: 0, noBalls: 0, penalty: 0 };
    const total = { runs: 0, wickets: 0, legalBalls: 0 };
    const batter = (name: string) => {
      let b = batting.get(name);
      if (!b) {
        b = { player: player(name), runs: 0, balls: 0, fours: 0, sixes: 0, howOut: 'not out' };
        batting.set(name, b);
      }
      return b;
    };
    for (const over of inn.overs) {
      const conceded = new Map<string, { legal: number; runs: number }>();
      for (const d of over.deliveries) {
        const wides = d.extras?.wides ?? 0;
        const noballs = d.extras?.noballs ?? 0;
        const legal = wides === 0 && noballs === 0;
        extras.byes += d.extras?.byes ?? 0;
        extras.legByes += d.extras?.legbyes ?? 0;
        extras.wides += wides;
        extras.noBalls += noballs;
        extras.penalty += d.extras?.penalty ?? 0;
        total.runs += d.runs.total;
        if (legal) total.legalBalls += 1;

        const striker = batter(d.batter);
        batter(d.non_striker);
        striker.runs += d.runs.batter;
        if (wides === 0) striker.balls += 1;
        if (d.runs.non_boundary !== true && d.runs.batter === 4) striker.fours += 1;
        if (d.runs.non_boundary !== true && d.runs.batter === 6) striker.sixes += 1;

        let bowler = bowling.get(d.bowler);
        if (!bowler) {
          bowler = { player: player(d.bowler), balls: 0, maidens: 0, runs: 0, wickets: 0, wides: 0, noBalls: 0 };
          bowling.set(d.bowler, bowler);
        }
        const cost = d.runs.batter + wides + noballs;
        bowler.balls += legal ? 1 : 0;
        bowler.runs += cost;
        if (wides > 0) bowler.wides += 1;
        if (noballs > 0) bowler.noBalls += 1;
        const inOver = conceded.get(d.bowler) ?? { legal: 0, runs: 0 };
        inOver.legal += legal ? 1 : 0;
        inOver.runs += cost;
        conceded.set(d.bowler, inOver);

        for (const w of d.wickets ?? []) {
          const out = batter(w.player_out);
          out.howOut = w.kind as HowOut;
          if (!notOut.has(w.kind)) total.wickets += 1;
          if (bowlers.has(w.kind)) {
            bowler.wickets += 1;
            out.bowler = player(d.bowler);
          } else {
            out.bowler = undefined;
          }
          const fielders = (w.fielders ?? []).filter((f) => f.name).map((f) => player(f.name));
          out.fielders = fielders.length && w.kind !== 'caught and bowled' ? fielders : undefined;
        }
      }
      const [only] = conceded.entries();
      if (conceded.size === 1 && only && only[1].legal === bpo && only[1].runs === 0)
        bowling.get(only[0])!.maidens += 1;
    }
    return {
      team: inn.team,
      superOver: inn.super_over === true,
      batting: [...batting.values()],
      bowling: [...bowling.values()],
      extras,
      total,
    };
  });

  const o = info.outcome;
  const outcome: Scorecard['outcome'] =
    o.result === 'no result' || o.result === 'draw' || (o.result === undefined && !o.winner)
      ? { kind: 'no result', method: o.method }
      : o.result === 'tie'
        ? { kind: 'tie', superOverWinner: o.eliminator ?? o.bowl_out ?? o.winner, method: o.method }
        : { kind: 'win', winner: o.winner!, byRuns: o.by?.runs, byWickets: o.by?.wickets, method: o.method };
  return {
    teams,
    toss:
      info.toss?.winner && info.toss.decision
        ? { winner: info.toss.winner, decision: info.toss.decision as 'bat' | 'field' }
        : undefined,
    outcome,
    playerOfMatch: (info.player_of_match ?? []).map(player),
    playing: teams.map((team) => ({ team, players: (info.players[team] ?? []).map(player) })),
    innings,
    oversPerInnings: (info as { overs?: number }).overs ?? 20,
  };
}
