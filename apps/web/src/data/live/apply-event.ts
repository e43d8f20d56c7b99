import type { QueryClient } from '@tanstack/react-query';
import { picksKeys } from '../picks/keys';
import { standingsKeys } from '../standings/keys';
import { cricketKeys } from '../cricket/keys';
import { homeKeys } from '../home/keys';
import { leagueKeys } from '../leagues/keys';
import { liveKeys } from './keys';
import type {
  LiveEvent,
  LiveEventOf,
  LiveFixtureList,
  LiveFixtureSummary,
  LiveInnings,
  LiveStandings,
  MatchCentre,
} from './types';
import { applyStandingsDelta, holdStandingsEvent } from './standings-delta';

/**
 * Pushed live events → the query cache (STYLE.md: SSE updates the same cache the screens read).
 * What an event carries whole is written in place (`setQueryData`): the innings score, the fixture's
 * state, the players' points, the feature leaders, the changed rows of a league's provisional
 * standings (on the version held; a gap refetches the snapshot), the ball in the last overs and the
 * batters' and bowler's figures it changed. What it only hints at (members' live points; batters and
 * bowlers in a super over) is refreshed by invalidating the Match Centre, which `LiveProvider` does at
 * most every couple of seconds (`refresh`). A change of a league's provisional standings invalidates
 * its members' score details (their live picks' points moved with it). The first ball invalidates the
 * lists that change as a fixture starts (live list, fixtures, leagues, Home); a completed fixture
 * invalidates the standings, picks, fixtures and Home, which now hold the final figures.
 */

/** The label of a ball in the last overs, as the Match Centre's LastOvers shows it ("4", "W", "1wd", "2lb"). */
export function ballLabel(e: LiveEventOf<'ball'>): string {
  if (e.Wickets.length > 0) return 'W';
  const extras = e.Extras;
  if (extras.includes('wides')) return `${e.Runs.Total}wd`;
  if (extras.includes('noballs')) return e.Runs.Total > 1 ? `${e.Runs.Total}nb` : 'nb';
  if (extras.includes('legbyes')) return `${e.Runs.Extras}lb`;
  if (extras.includes('byes')) return `${e.Runs.Extras}b`;
  return String(e.Runs.Batter);
}

function withInnings(list: readonly LiveInnings[], innings: LiveInnings): LiveInnings[] {
  const others = list.filter((i) => i.Innings !== innings.Innings);
  return [...others, innings].sort((a, b) => a.Innings - b.Innings);
}

function patchSummary(s: LiveFixtureSummary, e: LiveEventOf<'score'> | LiveEventOf<'state'>): LiveFixtureSummary {
  if (e.Type === 'score') return { ...s, Innings: withInnings(s.Innings, e.Innings), Provisional: e.Provisional };
  return { ...s, State: e.State, SilentSince: e.SilentSince, Provisional: e.Provisional };
}

/** A list with each item replaced by name, or added at the end (a new batter comes in last). */
function put<T extends { Name: string }>(list: readonly T[], items: readonly T[]): T[] {
  const out = [...list];
  for (const item of items) {
    const i = out.findIndex((x) => x.Name === item.Name);
    if (i >= 0) out[i] = item;
    else out.push(item);
  }
  return out;
}

/**
 * The batters and bowlers after a ball that carries their figures: those of its innings's scorecard
 * updated (a scorecard started for a new innings, the earlier ones kept), and the current innings's
 * lists (a ball of a later innings starts them again).
 */
function withFigures(mc: MatchCentre, e: LiveEventOf<'ball'>): Pick<MatchCentre, 'Batters' | 'Bowlers' | 'Scorecards'> {
  if (!e.Figures) return { Batters: mc.Batters, Bowlers: mc.Bowlers, Scorecards: mc.Scorecards };
  const same = (mc.LastOvers[0]?.Innings ?? e.Innings) === e.Innings;
  const card = mc.Scorecards.find((s) => s.Innings === e.Innings) ?? {
    Innings: e.Innings,
    Team: e.Team,
    SuperOver: e.SuperOver,
    Batters: [],
    Bowlers: [],
  };
  const updated = {
    ...card,
    Batters: put(card.Batters, e.Figures.Batters),
    Bowlers: put(card.Bowlers, [e.Figures.Bowler]),
  };
  return {
    Batters: put(same ? mc.Batters : [], e.Figures.Batters),
    Bowlers: put(same ? mc.Bowlers : [], [e.Figures.Bowler]),
    Scorecards: [...mc.Scorecards.filter((s) => s.Innings !== e.Innings), updated].sort(
      (a, b) => a.Innings - b.Innings,
    ),
  };
}

/** A Match Centre with one event applied (pure: a new object, or the same when nothing applies). */
export function applyToMatchCentre(mc: MatchCentre, e: LiveEvent): MatchCentre {
  if (!('FixtureID' in e) || e.FixtureID !== mc.Fixture.FixtureID || e.EventID <= mc.LastEventID) return mc;
  const next = { ...mc, LastEventID: e.EventID };
  switch (e.Type) {
    case 'score':
    case 'state':
      return { ...next, Fixture: patchSummary(mc.Fixture, e) };
    case 'leaders':
      return { ...next, Leaders: e.Leaders };
    case 'points': {
      const byId = new Map(mc.PlayerPoints.map((p) => [p.CricsheetID, p]));
      for (const p of e.Players) byId.set(p.CricsheetID, p);
      return {
        ...next,
        PlayerPoints: [...byId.values()].sort((a, b) => b.Points - a.Points || a.Name.localeCompare(b.Name)),
      };
    }
    case 'ball': {
      const label = ballLabel(e);
      const figures = withFigures(mc, e);
      const overs = [...mc.LastOvers];
      const i = overs.findIndex((o) => o.Innings === e.Innings && o.Over === e.Over);
      if (i >= 0) {
        const balls = [...overs[i]!.Balls];
        balls[e.Seq] = label;
        overs[i] = { ...overs[i]!, Balls: balls };
      } else {
        overs.unshift({ Innings: e.Innings, Over: e.Over, Balls: [label] });
      }
      overs.sort((a, b) => b.Innings - a.Innings || b.Over - a.Over);
      return { ...next, ...figures, LastOvers: overs.slice(0, 3) };
    }
    default:
      return mc;
  }
}

/** The live list with a score or state event applied. */
export function applyToFixtureList(list: LiveFixtureList, e: LiveEvent): LiveFixtureList {
  if (e.Type !== 'score' && e.Type !== 'state') return list;
  const patch = (s: LiveFixtureSummary) => (s.FixtureID === e.FixtureID ? patchSummary(s, e) : s);
  return { Live: list.Live.map(patch), Next: list.Next.map(patch) };
}

export interface ApplyResult {
  /** Match Centres of these fixtures want a refetch (figures the event does not carry). */
  refresh: number[];
}

/** Applies one event to the cache; returns what should be refetched soon (debounced by the caller). */
export function applyLiveEvent(qc: QueryClient, e: LiveEvent): ApplyResult {
  if (e.Type === 'standings') {
    // Only the rows that changed, on the version held: applied in order; a gap reads the snapshot again.
    const key = liveKeys.standings(e.LeagueID);
    const step = applyStandingsDelta(qc.getQueryData<LiveStandings>(key), e);
    if (step.kind === 'applied') qc.setQueryData<LiveStandings>(key, step.next);
    else if (step.kind === 'gap') {
      // While the snapshot is being read, the event waits and is applied on it when it lands.
      if (qc.getQueryState(key)?.fetchStatus === 'fetching') holdStandingsEvent(qc, e);
      else void qc.invalidateQueries({ queryKey: key });
    }
    if (!e.Provisional) {
      // Final: the ordinary standings (score details included) hold these figures now.
      void qc.invalidateQueries({ queryKey: standingsKeys.league(e.LeagueID) });
    } else {
      // The members' live picks' points moved with the table: their score details are read again (if open).
      void qc.invalidateQueries({ queryKey: standingsKeys.scoreDetails(e.LeagueID) });
    }
    return { refresh: [] };
  }
  for (const [key, mc] of qc.getQueriesData<MatchCentre>({ queryKey: liveKeys.matchCentres(e.FixtureID) })) {
    if (mc) qc.setQueryData(key, applyToMatchCentre(mc, e));
  }
  qc.setQueryData<LiveFixtureList>(liveKeys.fixtures(), (list) => (list ? applyToFixtureList(list, e) : list));
  if (e.Type === 'state') {
    if (e.State === 'completed') {
      // The result: final points in the standings, the picks' figures and Home's points and positions.
      void qc.invalidateQueries({ queryKey: liveKeys.fixtures() });
      void qc.invalidateQueries({ queryKey: standingsKeys.all });
      void qc.invalidateQueries({ queryKey: picksKeys.all });
      void qc.invalidateQueries({ queryKey: cricketKeys.all });
      void qc.invalidateQueries({ queryKey: homeKeys.all });
    } else if (e.State === 'live') {
      // The first ball: the fixture moves from Next to Live, picks are locked now, and the leagues
      // (their fixtures remaining) and Home (its next fixture to pick) change with it.
      void qc.invalidateQueries({ queryKey: liveKeys.fixtures() });
      void qc.invalidateQueries({ queryKey: cricketKeys.all });
      void qc.invalidateQueries({ queryKey: leagueKeys.lists() });
      void qc.invalidateQueries({ queryKey: homeKeys.all });
    }
  }
  // Members' points come with the Match Centre only (and batters and bowlers, for a ball without figures).
  const partial = (e.Type === 'ball' && !e.Figures) || e.Type === 'points' || e.Type === 'state';
  return { refresh: partial ? [e.FixtureID] : [] };
}
