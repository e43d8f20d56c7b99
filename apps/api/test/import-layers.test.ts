import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { API_LAYERS, importEdges, layerFaults } from '../../../scripts/check-imports';

/** A source tree in a temporary folder: path → text. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'fc-layers-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  made.push(root);
  return root;
}
const made: string[] = [];
afterAll(() => {
  for (const root of made) rmSync(root, { recursive: true, force: true });
});

describe('the API import layers (scripts/check-imports.ts, decision 0038)', () => {
  it('src has no upward import, no folder cycle and no folder outside the layer order', () => {
    const edges = importEdges();
    expect(edges.length).toBeGreaterThan(500);
    expect(layerFaults(edges)).toEqual([]);
  });

  it('cricket/ imports nothing but the database, the settings and the results pipeline', () => {
    const above = importEdges()
      .filter((e) => e.from === 'cricket' && e.to && !['cricket', 'db', 'config', 'results'].includes(e.to))
      .map((e) => `${e.file}:${e.line} ${e.specifier}`);
    expect(above).toEqual([]);
  });

  it('fails an upward import, type-only and dynamic ones included', () => {
    const root = tree({
      'cricket/import/write.ts': "import type { Points } from '../../standings/points';\nexport const a = 1;\n",
      'cricket/late.ts': "export const b = () => import('../live/feed');\n",
      'standings/points.ts': "import { a } from '../cricket/import/write';\nexport type Points = number;\n",
      'live/feed.ts': 'export const c = 1;\n',
    });
    expect(layerFaults(importEdges(root))).toEqual([
      "cricket/import/write.ts:1: upward import of standings/ (layer 6) from cricket/ (layer 2): '../../standings/points'",
      "cricket/late.ts:1: upward import of live/ (layer 8) from cricket/ (layer 2): '../live/feed'",
      'folder cycle among cricket, standings: cricket → standings (cricket/import/write.ts:1) → cricket (standings/points.ts:1)',
    ]);
  });

  it('fails a cycle between folders of one layer, a folder without a layer and an import of no file', () => {
    const root = tree({
      'picks/a.ts': "import { b } from '../reminders/b';\nexport const a = b;\n",
      'reminders/b.ts': "export { a as b } from '../picks/a';\n",
      'wallet/c.ts': "import { a } from '../picks/a';\nimport { gone } from './gone';\nexport const c = a + gone;\n",
    });
    expect(layerFaults(importEdges(root))).toEqual([
      "wallet/c.ts:2: './gone' resolves to no file",
      'wallet: not in the layer order (scripts/check-imports.ts API_LAYERS)',
      'folder cycle among picks, reminders: picks → reminders (picks/a.ts:1) → picks (reminders/b.ts:1)',
    ]);
  });

  it('places every folder of src once', () => {
    const units = API_LAYERS.flat();
    expect(new Set(units).size).toBe(units.length);
    const used = new Set(importEdges().flatMap((e) => [e.from, e.to ?? e.from]));
    for (const u of used) expect(units, u).toContain(u);
  });
});
