import { vanillaExtractPlugin } from '@vanilla-extract/esbuild-plugin';
import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  dts: { compilerOptions: { ignoreDeprecations: '6.0' } },
  clean: true,
  sourcemap: true,
  target: 'es2022',
  // Consumers provide React; Radix, TanStack and vanilla-extract's runtime are dependencies.
  external: [/^react($|\/)/, /^react-dom($|\/)/, /^@radix-ui\//, /^@tanstack\//, /^@vanilla-extract\//],
  esbuildPlugins: [vanillaExtractPlugin()],
});
