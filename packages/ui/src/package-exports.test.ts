import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * package.json `exports` is the one list of entry points (tsup.config.ts builds an entry for each): every
 * component folder needs its JavaScript subpath, and its stylesheet subpath when it has styles, or other
 * teams cannot import it on its own (decision 0022).
 */
const root = join(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  exports: Record<string, string | { types: string; import: string }>;
  sideEffects: string[];
};
const kebab = (name: string) => name.replace(/(?<!^)([A-Z])/g, '-$1').toLowerCase();
const components = readdirSync(join(root, 'src/components')).filter((d) => !d.startsWith('_'));

describe('package.json exports', () => {
  it('has a subpath for every component, with its stylesheet when it has styles', () => {
    const missing: string[] = [];
    for (const name of components) {
      const sub = `./${kebab(name)}`;
      if (!pkg.exports[sub]) missing.push(sub);
      const styled = existsSync(join(root, `src/components/${name}/${name}.css.ts`));
      if (styled !== Boolean(pkg.exports[`${sub}.css`]))
        missing.push(`${sub}.css${styled ? '' : ' (not styled: remove it)'}`);
    }
    expect(missing).toEqual([]);
  });

  it('lists only existing components, types before import', () => {
    for (const [sub, target] of Object.entries(pkg.exports)) {
      if (typeof target === 'string') continue;
      expect(Object.keys(target)).toEqual(['types', 'import']);
      if (sub === '.' || sub === './theme') continue;
      expect(components.map(kebab)).toContain(sub.slice(2));
    }
  });

  it('marks only styles as side effects, so unused components are dropped', () => {
    expect(pkg.sideEffects).toEqual(['**/*.css', '**/*.css.ts']);
  });
});
