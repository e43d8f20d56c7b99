import type { ScorecardInput } from '../../../data/operator/types';
import { matchPlayer, type NamedPlayer } from './names';

/**
 * A scorecard table pasted as text — copied from a scorecard web page or a spreadsheet (tab-separated),
 * or CSV — read into the form's innings. Each innings is a batting table and a bowling table, each
 * with its header row, and optional Extras, Total and Did not bat lines:
 *
 *   Batter  Dismissal  R  B  4s  6s            (also: How out, Bowler, Fielder columns; M and SR are skipped)
 *   Phil Salt  c Starc b Russell  32  14  3  2
 *   Extras  (b 1, lb 4, w 7, nb 1)
 *   Total  182/6 (20 Ov)
 *   Did not bat: Harshit Rana, Vaibhav Arora
 *   Bowler  O  M  R  W  WD  NB
 *   Mitchell Starc  4  0  53  0  2  0
 *
 * Dismissals are read in scorecard notation (`c X b Y`, `c & b Y`, `lbw b Y`, `st X b Y`, `run out (X/Z)`,
 * `b Y`, `not out`, `retired hurt`…). The batting team is the squad the batters' names belong to.
 */

export type HowOut = ScorecardInput['Innings'][number]['Batting'][number]['HowOut'];

export interface PasteTeam {
  teamId: number;
  name: string;
  code: string;
  players: readonly NamedPlayer[];
}

export interface PastedBatter {
  playerId: number | null;
  name: string;
  howOut: HowOut;
  bowlerId: number | null;
  fielderIds: (number | null)[];
  runs: number;
  balls: number;
  fours: number;
  sixes: number;
}

export interface PastedBowler {
  playerId: number | null;
  name: string;
  overs: string;
  maidens: number;
  runs: number;
  wickets: number;
  wides: number;
  noBalls: number;
}

export interface PastedInnings {
  teamId: number;
  superOver: boolean;
  batting: PastedBatter[];
  bowling: PastedBowler[];
  extras: { byes: number; legByes: number; wides: number; noBalls: number; penalty: number } | null;
  total: { runs: number; wickets: number; overs: string } | null;
  /** Players named under "Did not bat" (they played). */
  didNotBat: number[];
}

export interface PasteResult {
  innings: PastedInnings[];
  /** What could not be read, line by line ("Line 7: …"). */
  notices: string[];
}

type Table = 'batting' | 'bowling';
interface Columns {
  table: Table;
  index: Record<string, number>;
}

/** A line's cells: tab-separated when it has tabs, else CSV (quotes allowed) or semicolons. */
export function cellsOf(line: string): string[] {
  if (line.includes('\t')) return line.split('\t').map((c) => c.trim());
  const sep = line.includes(',') ? ',' : line.includes(';') ? ';' : null;
  if (!sep) return line.split(/\s{2,}/).map((c) => c.trim());
  const cells: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (ch === '"') {
      if (quoted && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else quoted = !quoted;
    } else if (ch === sep && !quoted) {
      cells.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  cells.push(cur.trim());
  return cells;
}

const HEADER_NAMES: Record<string, string> = {
  batter: 'name',
  batters: 'name',
  batting: 'name',
  batsman: 'name',
  batsmen: 'name',
  bowler: 'name',
  bowlers: 'name',
  bowling: 'name',
  player: 'name',
  name: 'name',
  dismissal: 'dismissal',
  'how out': 'dismissal',
  howout: 'dismissal',
  r: 'runs',
  runs: 'runs',
  b: 'balls',
  balls: 'balls',
  '4s': 'fours',
  fours: 'fours',
  '6s': 'sixes',
  sixes: 'sixes',
  o: 'overs',
  ov: 'overs',
  overs: 'overs',
  m: 'maidens',
  maidens: 'maidens',
  w: 'wickets',
  wkts: 'wickets',
  wickets: 'wickets',
  wd: 'wides',
  wides: 'wides',
  nb: 'noBalls',
  'no-balls': 'noBalls',
  noballs: 'noBalls',
  'no balls': 'noBalls',
  fielder: 'fielders',
  fielders: 'fielders',
  'bowler credited': 'bowlerCol',
};

/** The columns of a header row, or null when the row is not one. */
function headerOf(cells: string[]): Columns | null {
  const first = cells[0]?.toLowerCase() ?? '';
  const table: Table | null = /^(batter|batters|batting|batsman|batsmen)\b/.test(first)
    ? 'batting'
    : /^(bowler|bowlers|bowling)\b/.test(first)
      ? 'bowling'
      : null;
  if (!table) return null;
  const index: Record<string, number> = { name: 0 };
  cells.forEach((c, i) => {
    if (i === 0) return;
    const key = c.toLowerCase().trim();
    // In a batting table "bowler" is the credited bowler's column; "M" is minutes, not maidens.
    if (table === 'batting' && key === 'bowler') index.bowlerCol ??= i;
    else if (table === 'batting' && key === 'm') return;
    else if (table === 'bowling' && (key === '4s' || key === '6s')) return;
    else {
      const name = HEADER_NAMES[key];
      if (name && name !== 'name' && index[name] === undefined) index[name] = i;
    }
  });
  // A copied web table leaves the dismissal column's header empty: the column between name and runs.
  if (table === 'batting' && index.dismissal === undefined && (index.runs ?? 0) > 1) index.dismissal = 1;
  if (index.runs === undefined) return null;
  return { table, index };
}

const num = (v: string | undefined) => {
  const n = Number.parseInt((v ?? '').replace(/[^\d]/g, ''), 10);
  return Number.isFinite(n) ? n : 0;
};

/** A dismissal in scorecard notation: its kind and the names of the bowler and fielders. */
export function readDismissal(text: string): { howOut: HowOut; bowler: string | null; fielders: string[] } | null {
  const t = text.replace(/[†]/g, '').replace(/\s+/g, ' ').trim();
  const low = t.toLowerCase();
  const sub = (s: string) =>
    s
      .replace(/^sub\s*\((.*)\)$/i, '$1')
      .replace(/^sub\s+/i, '')
      .trim();
  if (low === '' || low === 'not out' || low === 'batting' || low === '*')
    return { howOut: 'not out', bowler: null, fielders: [] };
  const words: [RegExp, HowOut][] = [
    [/^retired hurt/, 'retired hurt'],
    [/^retired not out/, 'retired not out'],
    [/^retired( out)?$/, 'retired out'],
    [/^obstruct/, 'obstructing the field'],
    [/^handled/, 'handled the ball'],
    [/^hit the ball twice/, 'hit the ball twice'],
    [/^timed out/, 'timed out'],
  ];
  for (const [re, howOut] of words) if (re.test(low)) return { howOut, bowler: null, fielders: [] };
  let m = /^c\s*(?:&|and)\s*b\s+(.+)$/i.exec(t);
  if (m) return { howOut: 'caught and bowled', bowler: m[1]!, fielders: [] };
  m = /^c\s+(.+?)\s+b\s+(.+)$/i.exec(t);
  if (m) return { howOut: 'caught', bowler: m[2]!, fielders: [sub(m[1]!)] };
  m = /^st\s+(.+?)\s+b\s+(.+)$/i.exec(t);
  if (m) return { howOut: 'stumped', bowler: m[2]!, fielders: [sub(m[1]!)] };
  m = /^lbw\s+(?:b\s+)?(.+)$/i.exec(t);
  if (m) return { howOut: 'lbw', bowler: m[1]!, fielders: [] };
  m = /^(?:hit wicket|hw)\s+(?:b\s+)?(.+)$/i.exec(t);
  if (m) return { howOut: 'hit wicket', bowler: m[1]!, fielders: [] };
  m = /^run out\s*(?:\((.*)\))?$/i.exec(t);
  if (m) return { howOut: 'run out', bowler: null, fielders: (m[1] ?? '').split('/').map(sub).filter(Boolean) };
  m = /^b\s+(.+)$/i.exec(t);
  if (m) return { howOut: 'bowled', bowler: m[1]!, fielders: [] };
  const plain: HowOut[] = ['bowled', 'caught', 'caught and bowled', 'lbw', 'stumped', 'run out', 'hit wicket'];
  const kind = plain.find((k) => k === low);
  return kind ? { howOut: kind, bowler: null, fielders: [] } : null;
}

/** Runs, wickets and overs of a Total line: `182/6 (20 Ov)`, `20 Ov (RR 9.1) 182/6`, `141 all out (18.3 overs)`. */
export function readTotal(text: string): { runs: number; wickets: number; overs: string } | null {
  const t = text.replace(/\(\s*rr[^)]*\)/gi, ' ');
  const overs = /(\d{1,2}(?:\.[0-5])?)\s*(?:ov|overs?)\b/i.exec(t)?.[1] ?? '';
  const rest = t.replace(/(\d{1,2}(?:\.[0-5])?)\s*(?:ov|overs?)\b/i, ' ');
  const rw = /(\d{1,4})\s*[/-]\s*(\d{1,2})\b/.exec(rest);
  if (rw) return { runs: Number(rw[1]), wickets: Number(rw[2]), overs };
  const allOut = /(\d{1,4})\s*(?:\(?\s*)?all out/i.exec(rest);
  if (allOut) return { runs: Number(allOut[1]), wickets: 10, overs };
  const wk = /(\d{1,4})\s*\(\s*(\d{1,2})\s*(?:wkts?|wickets?)/i.exec(rest);
  if (wk) return { runs: Number(wk[1]), wickets: Number(wk[2]), overs };
  const runs = /\b(\d{1,4})\b/.exec(rest);
  return runs ? { runs: Number(runs[1]), wickets: 10, overs } : null;
}

/** The parts of an Extras line: `(b 1, lb 4, w 7, nb 1, p 5)`. */
export function readExtras(text: string): PastedInnings['extras'] {
  const extras = { byes: 0, legByes: 0, wides: 0, noBalls: 0, penalty: 0 };
  const key: Record<string, keyof typeof extras> = {
    b: 'byes',
    lb: 'legByes',
    w: 'wides',
    wd: 'wides',
    nb: 'noBalls',
    p: 'penalty',
  };
  for (const m of text.toLowerCase().matchAll(/\b(lb|nb|wd|b|w|p)\s*(\d+)/g)) extras[key[m[1]!]!] += Number(m[2]);
  return extras;
}

/** Reads a pasted scorecard against the fixture's two teams and their squads. */
export function parseScorecardPaste(text: string, teams: readonly [PasteTeam, PasteTeam]): PasteResult {
  const notices: string[] = [];
  const innings: PastedInnings[] = [];
  type Raw = { line: number; cells: string[] };
  interface Block {
    superOver: boolean;
    batting: Raw[];
    bowling: Raw[];
    batCols: Columns | null;
    bowlCols: Columns | null;
    extras: PastedInnings['extras'];
    total: PastedInnings['total'];
    didNotBat: { line: number; names: string[] }[];
  }
  const blocks: Block[] = [];
  let current: Block | null = null;
  let table: Columns | null = null;
  let superOver = false;
  const newBlock = (): Block => {
    const b: Block = {
      superOver,
      batting: [],
      bowling: [],
      batCols: null,
      bowlCols: null,
      extras: null,
      total: null,
      didNotBat: [],
    };
    blocks.push(b);
    return b;
  };
  text.split(/\r?\n/).forEach((line, i) => {
    const n = i + 1;
    const cells = cellsOf(line).filter((c, ci, all) => c !== '' || ci < all.length - 1);
    if (cells.every((c) => c === '')) {
      table = null;
      return;
    }
    const first = cells[0]!.toLowerCase();
    if (/super over/.test(line.toLowerCase()) && !headerOf(cells)) superOver = true;
    const header = headerOf(cells);
    if (header) {
      table = header;
      if (header.table === 'batting' || !current || current.bowlCols) current = newBlock();
      if (header.table === 'batting') current.batCols = header;
      else current.bowlCols = header;
      return;
    }
    if (/^extras\b/.test(first)) {
      current ??= newBlock();
      current.extras = readExtras(cells.slice(1).join(' ') || line.replace(/^extras/i, ''));
      table = null;
      return;
    }
    if (/^total\b/.test(first)) {
      current ??= newBlock();
      current.total = readTotal(cells.slice(1).join(' ') || line.replace(/^total/i, ''));
      if (!current.total) notices.push(`Line ${n}: the total could not be read.`);
      table = null;
      return;
    }
    if (/^(did not bat|yet to bat|dnb)\b/.test(first)) {
      current ??= newBlock();
      const names = line
        .replace(/^\s*(did not bat|yet to bat|dnb)\s*:?\s*/i, '')
        .split(/[,\t]/)
        .map((s) => s.trim())
        .filter(Boolean);
      current.didNotBat.push({ line: n, names });
      table = null;
      return;
    }
    if (/^fall of wickets|^fow\b/.test(first)) {
      table = null;
      return;
    }
    if (!table || !current) return; // a heading (a team's name, "1st innings") or text around the tables
    (table.table === 'batting' ? current.batting : current.bowling).push({ line: n, cells });
  });

  for (const block of blocks) {
    if (!block.batCols && !block.bowlCols) continue;
    // The batting side: the squad most of the batters (else the bowlers' opponents) belong to.
    const votes = [0, 0];
    const fits = (name: string, ti: number) => (matchPlayer(name, teams[ti]!.players) ? 1 : 0);
    for (const r of block.batting) for (const ti of [0, 1]) votes[ti]! += fits(r.cells[0]!, ti);
    for (const r of block.bowling) for (const ti of [0, 1]) votes[1 - ti]! += fits(r.cells[0]!, ti);
    const bi = votes[1]! > votes[0]! ? 1 : 0;
    const batting = teams[bi]!;
    const fielding = teams[1 - bi]!;
    const find = (name: string, team: PasteTeam, line: number, what: string) => {
      const p = matchPlayer(name, team.players);
      if (!p)
        notices.push(
          `Line ${line}: ${what} “${name.trim()}” is not in the squad of ${team.name} (or several players fit): choose the player.`,
        );
      return p?.id ?? null;
    };
    const inn: PastedInnings = {
      teamId: batting.teamId,
      superOver: block.superOver,
      batting: [],
      bowling: [],
      extras: block.extras,
      total: block.total,
      didNotBat: [],
    };
    for (const r of block.batting) {
      const c = block.batCols!.index;
      const cell = (k: string) => (c[k] === undefined ? undefined : r.cells[c[k]!]);
      const name = r.cells[0]!.replace(/\*$/, '');
      const d = readDismissal(cell('dismissal') ?? (r.cells[0]!.trim().endsWith('*') ? 'not out' : ''));
      if (!d) notices.push(`Line ${r.line}: the dismissal “${cell('dismissal')}” could not be read: choose how out.`);
      const bowlerName = cell('bowlerCol') || d?.bowler || null;
      const fielderNames = cell('fielders')
        ? cell('fielders')!
            .split('/')
            .map((s) => s.trim())
        : (d?.fielders ?? []);
      inn.batting.push({
        playerId: find(name, batting, r.line, 'batter'),
        name,
        howOut: d?.howOut ?? 'not out',
        bowlerId: bowlerName ? find(bowlerName, fielding, r.line, 'bowler') : null,
        fielderIds: fielderNames.filter(Boolean).map((f) => find(f, fielding, r.line, 'fielder')),
        runs: num(cell('runs')),
        balls: num(cell('balls')),
        fours: num(cell('fours')),
        sixes: num(cell('sixes')),
      });
    }
    for (const r of block.bowling) {
      const c = block.bowlCols!.index;
      const cell = (k: string) => (c[k] === undefined ? undefined : r.cells[c[k]!]);
      const overs = (cell('overs') ?? '').trim();
      if (!/^\d{1,2}(\.[0-5])?$/.test(overs)) notices.push(`Line ${r.line}: “${overs}” is not a number of overs.`);
      inn.bowling.push({
        playerId: find(r.cells[0]!, fielding, r.line, 'bowler'),
        name: r.cells[0]!,
        overs,
        maidens: num(cell('maidens')),
        runs: num(cell('runs')),
        wickets: num(cell('wickets')),
        wides: num(cell('wides')),
        noBalls: num(cell('noBalls')),
      });
    }
    for (const d of block.didNotBat) {
      for (const name of d.names) {
        const id = find(name, batting, d.line, 'player');
        if (id !== null) inn.didNotBat.push(id);
      }
    }
    innings.push(inn);
  }
  if (innings.length === 0) {
    notices.push(
      'No batting or bowling table was found: paste each table with its header row (Batter … R B 4s 6s; Bowler O M R W).',
    );
  }
  return { innings, notices };
}
