import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files worth compressing; images, fonts and PDFs are compressed already. Source maps only devtools fetch. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this a compressed copy saves next to nothing (and can be larger than the file). */
const MIN_BYTES = 512;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every compressible file
 * of the build, once, so the API's static serving (apps/api/src/http/web.ts, @fastify/static
 * `preCompressed`) sends them as they are instead of compressing on each request (or not at all).
 * A copy that is not smaller than the file is not written: the server then sends the file itself.
 */
export function precompressFiles(dir: string): { files: number; bytes: number; br: number; gz: number } {
  const total = { files: 0, bytes: 0, br: 0, gz: 0 };
  for (const path of files(dir)) {
    if (!COMPRESSIBLE.test(path) || statSync(path).size < MIN_BYTES) continue;
    const content = readFileSync(path);
    const br = brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    const gz = gzipSync(content, { level: 9 });
    total.files += 1;
    total.bytes += content.length;
    if (br.length < content.length) {
      writeFileSync(`${path}.br`, br);
      total.br += br.length;
    }
    if (gz.length < content.length) {
      writeFileSync(`${path}.gz`, gz);
      total.gz += gz.length;
    }
  }
  return total;
}

/** Vite plugin: precompress the output directory after a production build has written it. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'fantasy-cricket:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    closeBundle() {
      const t = precompressFiles(outDir);
      const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
      this.info(`precompressed ${t.files} files (${kb(t.bytes)}): brotli ${kb(t.br)}, gzip ${kb(t.gz)}`);
    },
  };
}
