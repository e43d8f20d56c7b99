import type { ParsedMatch } from '../../../src/cricket/import/parse';
import type { Scorecard } from '../../../src/cricket/scorecard/model';
import type { LiveUpdate } from '../../../src/live/feed';
import { pidOf } from './world';

/**
 * Player figures two ways, to compare: from a provider's Scorecard (computed here, by the rules the
 * importer's parser applies to balls: super overs excluded, a catch by the bowler is the bowler's,
 * a run out by one fielder is a direct hit) and from the importer's parse of a Cricsheet file.
 */

export interface Figures {
  team: string;
  didPlay: boolean;
  runs: number;
  balls: number;
  fours: number;
  sixes: number;
  dismissed: boolean;
  dismissalKind: string | null;
  ballsBowled: number;
  maidens: number;
  runsConceded: number;
  wickets: number;
  bowledLbwWickets: number;
  catches: number;
  stumpings: number;
  runOutsDirect: number;
  runOutsIndirect: number;
}

const zero = (team: string, didPlay: boolean): Figures => ({
  team,
  didPlay,
  runs: 0,
  balls: 0,
  fours: 0,
  sixes: 0,
  dismissed: false,
  dismissalKind: null,
  ballsBowled: 0,
  maidens: 0,
  runsConceded: 0,
  wickets: 0,
  bowledLbwWickets: 0,
  catches: 0,
  stumpings: 0,
  runOutsDirect: 0,
  runOutsIndirect: 0,
});

const NOT_OUT = new Set(['not out', 'retired hurt', 'retired not out']);

/** Figures by Entity Sport pid, from a provider's scorecard. */
export function scorecardFigures(sc: Scorecard): Map<string, Figures> {
  const out = new Map<string, Figures>();
  const teamOf = new Map<string, string>();
  for (const p of sc.playing) for (const pl of p.players) teamOf.set(pl.id!, p.team);
  const line = (id: string, team: string) => {
    let f = out.get(id);
    if (!f) {
      f = zero(team, teamOf.get(id) === team);
      out.set(id, f);
    }
    return f;
  };
  for (const p of sc.playing) for (const pl of p.players) line(pl.id!, p.team);
  for (const inn of sc.innings) {
    if (inn.superOver) continue;
    const fielding = sc.teams[0] === inn.team ? sc.teams[1] : sc.teams[0];
    for (const b of inn.batting) {
      const f = line(b.player.id!, inn.team);
      f.runs += b.runs;
      f.balls += b.balls;
      f.fours += b.fours;
      f.sixes += b.sixes;
      if (!NOT_OUT.has(b.howOut)) {
        f.dismissed = true;
        f.dismissalKind = b.howOut;
      }
      if ((b.howOut === 'bowled' || b.howOut === 'lbw') && b.bowler) line(b.bowler.id!, fielding).bowledLbwWickets += 1;
      const fielders = (b.fielders ?? []).map((x) => line(x.id!, fielding));
      if (b.howOut === 'caught') fielders[0]!.catches += 1;
      if (b.howOut === 'caught and bowled') line(b.bowler!.id!, fielding).catches += 1;
      if (b.howOut === 'stumped') fielders[0]!.stumpings += 1;
      if (b.howOut === 'run out') {
        const distinct = [...new Set(fielders)];
        if (distinct.length === 1) distinct[0]!.runOutsDirect += 1;
        else for (const d of distinct) d.runOutsIndirect += 1;
      }
    }
    for (const b of inn.bowling) {
      const f = line(b.player.id!, fielding);
      f.ballsBowled += b.balls;
      f.maidens += b.maidens;
      f.runsConceded += b.runs;
      f.wickets += b.wickets;
    }
  }
  return out;
}

/** Figures by Entity Sport pid (the Cricsheet registry id as a number), from the importer's parse. */
export function parsedFigures(p: ParsedMatch, idOf: (cricsheetId: string) => string): Map<string, Figures> {
  const out = new Map<string, Figures>();
  for (const l of p.lines) {
    out.set(idOf(l.cricsheetId), {
      team: l.team,
      didPlay: l.didPlay,
      runs: l.runs,
      balls: l.balls,
      fours: l.fours,
      sixes: l.sixes,
      dismissed: l.dismissed,
      dismissalKind: l.dismissalKind,
      ballsBowled: l.ballsBowled,
      maidens: l.maidens,
      runsConceded: l.runsConceded,
      wickets: l.wickets,
      bowledLbwWickets: l.bowledLbwWickets,
      catches: l.catches,
      stumpings: l.stumpings,
      runOutsDirect: l.runOutsDirect,
      runOutsIndirect: l.runOutsIndirect,
    });
  }
  return out;
}

export const cricsheetPid = (cricsheetId: string) => String(pidOf(cricsheetId));
export const vendorPid = (registryId: string) => registryId.replace(/^entitysport:/, '');

/** A live update's balls as a Cricsheet match (with the given outcome), for the importer's parser. */
export function liveAsCricsheet(update: LiveUpdate, outcome: unknown): unknown {
  const innings: { team: string; super_over?: boolean; overs: { over: number; deliveries: unknown[] }[] }[] = [];
  for (const b of update.balls) {
    let inn = innings[b.innings];
    if (!inn) {
      inn = { team: b.team, ...(b.superOver ? { super_over: true } : {}), overs: [] };
      innings[b.innings] = inn;
    }
    let over = inn.overs.find((o) => o.over === b.over);
    if (!over) {
      over = { over: b.over, deliveries: [] };
      inn.overs.push(over);
    }
    over.deliveries[b.seq] = b.delivery;
  }
  return { info: { ...update.info, outcome }, innings: innings.filter(Boolean) };
}

/**
 * Where two figure maps differ: every line of `b` must be in `a` with the same figures; a line of
 * `a` missing from `b` is listed in `missing` (the caller says which may be).
 */
export function compareFigures(a: Map<string, Figures>, b: Map<string, Figures>) {
  const differ: { id: string; a: Figures | undefined; b: Figures }[] = [];
  for (const [id, f] of b) {
    const other = a.get(id);
    if (!other || JSON.stringify(other) !== JSON.stringify(f)) differ.push({ id, a: other, b: f });
  }
  const missing = [...a.keys()].filter((id) => !b.has(id));
  return { differ, missing };
}

/** A line with no figure at all. */
export function isEmpty(f: Figures): boolean {
  const { team: _t, didPlay: _d, dismissalKind, dismissed, ...counts } = f;
  return !dismissed && dismissalKind === null && Object.values(counts).every((v) => v === 0);
}
