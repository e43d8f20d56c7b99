import { readFileSync, rmSync } from 'node:fs';
import { vanillaExtractPlugin } from '@vanilla-extract/esbuild-plugin';
import { defineConfig } from 'tsup';

/**
 * One entry per public subpath of package.json `exports` (the one list): `.` (the barrel), `./theme`,
 * one per component (`./button` → src/components/Button/Button.tsx) and the opt-in `./global.css`.
 * Each entry's JavaScript is its own module, code shared by several entries goes into `dist/chunks/`, and
 * esbuild writes one stylesheet per entry with the CSS that entry uses (`dist/button.css`), the barrel's
 * being all of it (`dist/index.css`, exported as `./styles.css`). With `sideEffects` false for JS, a
 * bundler drops every module a consumer does not import, so unused components cost nothing.
 */
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  exports: Record<string, string | { import: string }>;
};
const pascal = (kebab: string) => kebab.replace(/(^|-)([a-z])/g, (_m, _dash, c: string) => c.toUpperCase());

const jsEntries: Record<string, string> = {};
for (const [subpath, target] of Object.entries(pkg.exports)) {
  if (typeof target === 'string') continue; // stylesheets and package.json
  const name = subpath === '.' ? 'index' : subpath.slice(2);
  jsEntries[name] =
    name === 'index'
      ? 'src/index.ts'
      : name === 'theme'
        ? 'src/theme/index.ts'
        : `src/components/${pascal(name)}/${pascal(name)}.tsx`;
}

export default defineConfig({
  // global.css.ts is an entry only for its stylesheet (dist/global.css); its empty JS is removed below.
  entry: { ...jsEntries, global: 'src/theme/global.css.ts' },
  format: ['esm'],
  dts: { entry: jsEntries, compilerOptions: { ignoreDeprecations: '6.0' } },
  clean: true,
  sourcemap: true,
  splitting: true,
  target: 'es2022',
  // Consumers provide React; Radix, TanStack and vanilla-extract's runtime are dependencies.
  external: [/^react($|\/)/, /^react-dom($|\/)/, /^@radix-ui\//, /^@tanstack\//, /^@vanilla-extract\//],
  esbuildPlugins: [vanillaExtractPlugin()],
  esbuildOptions(options) {
    // Shared code in dist/chunks/, out of the way of the subpaths. (esbuild's `pure` option would not
    // help: it only matters when esbuild itself minifies, and writes no /* @__PURE__ */ for a bundler.)
    options.chunkNames = 'chunks/[name]-[hash]';
  },
  async onSuccess() {
    rmSync('dist/global.js', { force: true });
    rmSync('dist/global.js.map', { force: true });
  },
});
