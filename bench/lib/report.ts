/** What a benchmark hands the runner: tables to print, targets checked, raw figures for the JSON file. */
export interface Table {
  title: string;
  columns: string[];
  rows: (string | number)[][];
  notes?: string[];
}

export interface TargetCheck {
  /** What is measured, e.g. "reads: leaderboard 20 members, postgres, throughput". */
  name: string;
  /** The target, e.g. "≥ 50% of baseline". */
  target: string;
  measured: string;
  met: boolean;
}

export interface BenchReport {
  name: string;
  title: string;
  tables: Table[];
  targets: TargetCheck[];
  data: Record<string, unknown>;
}

export const fmt = {
  n: (v: number, digits = 0) => (Number.isFinite(v) ? v.toFixed(digits) : String(v)),
  ms: (v: number) => (Number.isFinite(v) ? (v >= 100 ? v.toFixed(0) : v.toFixed(1)) : String(v)),
  pct: (v: number) => `${(v * 100).toFixed(0)}%`,
  x: (v: number) => `${v.toFixed(2)}×`,
  kb: (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`,
};

export function renderTable(t: Table): string {
  const cells = [t.columns, ...t.rows.map((r) => r.map(String))];
  const widths = t.columns.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) =>
    r
      .map((c, i) => {
        const w = widths[i] ?? 0;
        return /^[-+]?[\d.,]+(\s?(ms|KB|%|×|s|B))?$/.test(c) ? c.padStart(w) : c.padEnd(w);
      })
      .join('  ');
  const out = [`\n${t.title}`, line(t.columns), widths.map((w) => '─'.repeat(w)).join('  ')];
  for (const r of cells.slice(1)) out.push(line(r));
  for (const n of t.notes ?? []) out.push(`  · ${n}`);
  return out.join('\n');
}

export function renderTargets(targets: TargetCheck[]): string {
  if (targets.length === 0) return '';
  return renderTable({
    title: 'targets',
    columns: ['', 'measured', 'target', 'what'],
    rows: targets.map((t) => [t.met ? 'met' : 'NOT MET', t.measured, t.target, t.name]),
  });
}

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t0 = performance.now();
  const value = await fn();
  return { ms: performance.now() - t0, value };
}

export function log(message: string): void {
  process.stderr.write(`  [${new Date().toISOString().slice(11, 19)}] ${message}\n`);
}
