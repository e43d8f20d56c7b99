import type { CricsheetMatch } from '../../../src/cricket/import/cricsheet-format';
import { parseCricsheetMatch } from '../../../src/cricket/import/parse';
import { memoryCallCounter, type VendorCallCounter } from '../../../src/vendors/http';
import { EntitySportProvider } from '../../../src/vendors/entitysport/provider';
import type { Clock } from '../../../src/live/feed';
import { compareFigures, cricsheetPid, parsedFigures, scorecardFigures } from './figures';
import type { EsServer } from './server';
import { addMatch, cricsheetFiles, emptyWorld, type World } from './world';

/** Matches changed into the situations the fault tests need, from real Cricsheet files. */

export type Json = Record<string, unknown>;

export function files(): Map<number, CricsheetMatch> {
  return new Map(cricsheetFiles().map(({ mid, json }) => [mid, json as CricsheetMatch]));
}

export function worldOf(matches: [number, unknown][]): World {
  const w = emptyWorld();
  for (const [mid, json] of matches) addMatch(w, mid, json);
  return w;
}

/** A clock whose sleeps return at once and are recorded. */
export function recordingClock(): Clock & { slept: number[] } {
  const slept: number[] = [];
  return { slept, now: () => new Date(), sleep: async (ms: number) => void slept.push(ms) };
}

export function providerFor(
  server: EsServer,
  extra: Partial<ConstructorParameters<typeof EntitySportProvider>[0]> & { calls?: VendorCallCounter } = {},
) {
  return new EntitySportProvider({
    accessKey: server.accessKey,
    secretKey: server.secretKey,
    baseUrl: server.url,
    calls: memoryCallCounter(),
    dailyCallBudget: null,
    retries: 0,
    timeoutMs: 5_000,
    ...extra,
  });
}

const total = (m: CricsheetMatch, i: number) =>
  m.innings[i]!.overs.reduce((s, o) => s + o.deliveries.reduce((t, d) => t + d.runs.total, 0), 0);

/**
 * A chase won off its last ball turned into a tie (that ball loses the winning margin), then two
 * super overs: the chasing team makes 6, the other team 8 and wins the super over.
 */
export function tiedWithSuperOver(all: Map<number, CricsheetMatch>): {
  mid: number;
  json: CricsheetMatch;
  winner: string;
} {
  for (const [mid, m] of all) {
    if (m.innings.length !== 2 || !m.info.outcome.by?.wickets) continue;
    const chase = m.innings[1]!;
    const last = chase.overs.at(-1)!.deliveries.at(-1)!;
    const margin = total(m, 1) - total(m, 0);
    if (last.extras || last.wickets || last.runs.batter < margin || margin <= 0) continue;
    const json = structuredClone(m);
    const d = json.innings[1]!.overs.at(-1)!.deliveries.at(-1)!;
    d.runs.batter -= margin;
    d.runs.total -= margin;
    const first = json.innings[0]!.team;
    const second = chase.team;
    const players = json.info.players;
    const bowlerOf = (team: string) => json.innings.find((i) => i.team === team)!.overs[0]!.deliveries[0]!.bowler;
    const over = (team: string, runs: number[]) => ({
      team,
      super_over: true,
      overs: [
        {
          over: 0,
          deliveries: runs.map((r) => ({
            batter: players[team]![0]!,
            non_striker: players[team]![1]!,
            bowler: bowlerOf(team),
            runs: { batter: r, extras: 0, total: r },
          })),
        },
      ],
    });
    json.innings.push(over(second, [1, 1, 1, 1, 1, 1]), over(first, [4, 4]));
    json.info.outcome = { result: 'tie', eliminator: first };
    return { mid, json, winner: first };
  }
  throw new Error('no match to tie');
}

/** A match won by runs whose result came by the rain rule. */
export function wonByDls(all: Map<number, CricsheetMatch>): { mid: number; json: CricsheetMatch } {
  for (const [mid, m] of all) {
    if (m.info.outcome.by?.runs === undefined) continue;
    const json = structuredClone(m);
    json.info.outcome = { ...json.info.outcome, method: 'D/L' };
    return { mid, json };
  }
  throw new Error('no match won by runs');
}

/** A match where a team's twelfth listed player (its Impact Player) batted or bowled. */
export function withImpactPlayer(all: Map<number, CricsheetMatch>): { mid: number; team: string; player: string } {
  for (const [mid, m] of all) {
    for (const [team, listed] of Object.entries(m.info.players)) {
      const twelfth = listed[11];
      if (twelfth === undefined) continue;
      const active = m.innings.some((i) =>
        i.overs.some((o) => o.deliveries.some((d) => d.batter === twelfth || d.bowler === twelfth)),
      );
      if (active) return { mid, team, player: twelfth };
    }
  }
  throw new Error('no impact player');
}

/** Whether a provider's result for `mid` has the figures and innings of the Cricsheet match. */
export async function sameAsCricsheet(provider: EntitySportProvider, mid: number, json: CricsheetMatch) {
  const parsed = parseCricsheetMatch(json, `${mid}.json`);
  const result = await provider.result(String(mid));
  const figures = compareFigures(parsedFigures(parsed, cricsheetPid), scorecardFigures(result.scorecard!));
  return { parsed, result, figures };
}
