/**
 * The API's import graph against its layer order (docs/decisions/0038-results-pipeline.md).
 *
 * Every file under apps/api/src belongs to a unit: its folder (`src/cricket/import/write.ts` →
 * `cricket`) or, for a file at the top of src, its name (`src/app.ts` → `app`). The units sit in
 * layers, lowest first (API_LAYERS). A file may import from its own unit, from a unit of a lower
 * layer, or from a unit of its own layer; it fails the check when it imports from a higher layer (an
 * upward import), when the units import each other in a circle (a folder cycle), or when its unit
 * has no layer (a new folder is placed in API_LAYERS on purpose, not by accident).
 *
 * Imports are read with TypeScript's pre-processor: static imports (type-only ones too), `export …
 * from`, `import x = require()` and dynamic `import()`; packages (bare specifiers) are not units.
 *
 * Run: node --import tsx scripts/check-imports.ts [src folder] (exit 1 with one line per fault). The API tests
 * run it too (apps/api/test/import-layers.test.ts), and scripts/test-all.sh beside the lint.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const API_SRC = fileURLToPath(new URL('../apps/api/src/', import.meta.url));

/**
 * The API's layers, lowest first. Within a layer the units do not depend on each other's layer
 * position (a cycle between them still fails).
 */
export const API_LAYERS: readonly (readonly string[])[] = [
  // Settings and the database: schema, migrations, transactions, notifications.
  ['config', 'db'],
  // The results pipeline: the one way a result comes in, and the subscriber list it runs.
  ['results'],
  // Cricket data: the catalogue, the importers, scorecards, scoring rules. Announces results to results/.
  ['cricket'],
  // Email outbox, templates and delivery.
  ['email'],
  // HTTP plumbing: the contract's handler types, errors, sessions, rate limits.
  ['http'],
  // Leagues and their members, configurations and fixtures.
  ['leagues'],
  // Points, standings and their caches.
  ['standings'],
  // Features built on leagues and standings.
  ['autopick', 'picks', 'reminders', 'home', 'content', 'backup'],
  // Live match day: feeds, ingestion, streams.
  ['live'],
  // Accounts (deleting one reaches live data), the operator console, data vendors.
  ['accounts', 'operator', 'vendors'],
  // The demo season: imports, live replays, demo members' picks.
  ['demo'],
  // Composition roots: they build the app, register the result subscribers, start the timers.
  ['housekeeping', 'handlers', 'app', 'cli', 'main'],
];

const SOURCE = /\.(ts|mts|mjs|js)$/;
const RESOLVE = ['', '.ts', '.mts', '.mjs', '.js', '/index.ts'];

/** One relative import: where it is, what it names, and the units it goes between. */
export interface ImportEdge {
  file: string;
  line: number;
  specifier: string;
  from: string;
  /** The target's unit; null outside the source folder; undefined when it resolves to no file. */
  to: string | null | undefined;
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** `src/cricket/import/write.ts` → `cricket`; `src/app.ts` → `app`. */
export function unitOf(srcDir: string, file: string): string {
  const parts = relative(srcDir, file).split(sep);
  const first = parts[0] ?? '';
  return parts.length > 1 ? first : first.replace(SOURCE, '');
}

function resolveSpecifier(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  for (const ext of RESOLVE) {
    const path = base + ext;
    if (existsSync(path) && statSync(path).isFile()) return path;
  }
  return undefined;
}

/**
 * Every relative import between files of `srcDir`: { file, line, specifier, from, to } with `from`
 * and `to` the units. An import that resolves to no file is reported with `to: undefined`.
 */
export function importEdges(srcDir: string = API_SRC): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const file of sourceFiles(srcDir)) {
    const text = readFileSync(file, 'utf8');
    for (const imp of ts.preProcessFile(text, true, true).importedFiles) {
      if (!imp.fileName.startsWith('.')) continue;
      const target = resolveSpecifier(file, imp.fileName);
      const line = text.slice(0, imp.pos).split('\n').length;
      const inside = target && !relative(srcDir, target).startsWith('..');
      edges.push({
        file: relative(srcDir, file),
        line,
        specifier: imp.fileName,
        from: unitOf(srcDir, file),
        to: target ? (inside ? unitOf(srcDir, target) : null) : undefined,
      });
    }
  }
  return edges;
}

/** Strongly connected components of more than one unit (Tarjan), each sorted, in a stable order. */
function unitCycles(graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  let index = 0;
  const stack: string[] = [];
  const state = new Map<string, { index: number; low: number; onStack: boolean }>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    const sv = { index, low: index, onStack: true };
    state.set(v, sv);
    index += 1;
    stack.push(v);
    for (const w of [...(graph.get(v) ?? [])].sort()) {
      const sw = state.get(w);
      if (!sw) {
        visit(w);
        sv.low = Math.min(sv.low, state.get(w)!.low);
      } else if (sw.onStack) {
        sv.low = Math.min(sv.low, sw.index);
      }
    }
    if (sv.low === sv.index) {
      const component: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop()!;
        state.get(w)!.onStack = false;
        component.push(w);
      } while (w !== v);
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!state.has(v)) visit(v);
  return cycles.sort((a, b) => (a[0] ?? '').localeCompare(b[0] ?? ''));
}

/**
 * One way round a cycle of units, shortest from its first unit back to it, each step with the first
 * import that makes it: `standings → live (standings/standings.ts:7) → standings (live/events.ts:4)`.
 */
function describeCycle(
  cycle: readonly string[],
  graph: ReadonlyMap<string, ReadonlySet<string>>,
  edges: readonly ImportEdge[],
): string {
  const members = new Set(cycle);
  const start = cycle[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  let last: string | undefined;
  while (queue.length && last === undefined) {
    const u = queue.shift()!;
    for (const v of [...(graph.get(u) ?? [])].sort()) {
      if (!members.has(v)) continue;
      if (v === start) {
        last = u;
        break;
      }
      if (!cameFrom.has(v)) {
        cameFrom.set(v, u);
        queue.push(v);
      }
    }
  }
  const path = [start];
  for (let u = last; u !== undefined && u !== start; u = cameFrom.get(u)) path.splice(1, 0, u);
  path.push(start);
  const steps = path.slice(1).map((to, i) => {
    const from = path[i]!;
    const e = edges.find((x) => x.from === from && x.to === to);
    return `${to} (${e ? `${e.file}:${e.line}` : '?'})`;
  });
  return [start, ...steps].join(' → ');
}

/**
 * The faults of `edges` against `layers`: one message per upward import, unresolved import, unit
 * without a layer, and folder cycle (one way round it, with the imports that make it).
 */
export function layerFaults(
  edges: readonly ImportEdge[],
  layers: readonly (readonly string[])[] = API_LAYERS,
): string[] {
  const layerOf = new Map(layers.flatMap((units, i) => units.map((u) => [u, i] as const)));
  const faults: string[] = [];
  const unplaced = new Set<string>();
  const graph = new Map<string, Set<string>>();
  for (const e of edges) {
    const where = `${e.file}:${e.line}`;
    if (e.to === undefined) {
      faults.push(`${where}: '${e.specifier}' resolves to no file`);
      continue;
    }
    if (e.to === null || e.to === e.from) continue;
    for (const u of [e.from, e.to]) if (!layerOf.has(u)) unplaced.add(u);
    const targets = graph.get(e.from) ?? new Set<string>();
    targets.add(e.to);
    graph.set(e.from, targets);
    const a = layerOf.get(e.from);
    const b = layerOf.get(e.to);
    if (a !== undefined && b !== undefined && b > a) {
      faults.push(`${where}: upward import of ${e.to}/ (layer ${b}) from ${e.from}/ (layer ${a}): '${e.specifier}'`);
    }
  }
  for (const u of [...unplaced].sort())
    faults.push(`${u}: not in the layer order (scripts/check-imports.ts API_LAYERS)`);
  for (const cycle of unitCycles(graph))
    faults.push(`folder cycle among ${cycle.join(', ')}: ${describeCycle(cycle, graph, edges)}`);
  return faults;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const edges = importEdges(process.argv[2] ? resolve(process.argv[2]) : API_SRC);
  const faults = layerFaults(edges);
  if (faults.length) {
    console.error(`apps/api/src import layers: ${faults.length} fault${faults.length === 1 ? '' : 's'}`);
    for (const f of faults) console.error(`  ${f}`);
    console.error('Layer order and the reason for it: docs/decisions/0038-results-pipeline.md');
    process.exit(1);
  }
  const units = new Set(edges.map((e) => e.from)).size;
  console.log(`apps/api/src import layers: ${edges.length} imports across ${units} units, no upward import, no cycle`);
}
