import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import type { LoadResult, LoadSpec } from './load';

/**
 * Runs one autocannon load in its own process (argv: spec file) and prints the result as JSON.
 * With `variants`, request i carries variant i mod n (its own headers and body): a different user per
 * request, as many users saving at once would.
 */
const spec = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as LoadSpec;
const method = (spec.method ?? (spec.variants ? 'POST' : 'GET')) as autocannon.Request['method'];
const url = new URL(spec.url);
let i = 0;
const variants = spec.variants ?? [];
const instance = autocannon({
  url: spec.url,
  connections: spec.connections,
  duration: spec.durationSec,
  pipelining: 1,
  timeout: 30,
  method,
  headers: spec.headers ?? {},
  ...(spec.body !== undefined ? { body: spec.body } : {}),
  ...(variants.length > 0
    ? {
        requests: [
          {
            method,
            path: url.pathname + url.search,
            setupRequest: (req: autocannon.Request) => {
              const v = variants[i % variants.length]!;
              i += 1;
              return { ...req, headers: { ...(spec.headers ?? {}), ...v.headers }, body: v.body };
            },
          },
        ],
      }
    : {}),
});
const r = await instance;
const out: LoadResult = {
  connections: spec.connections,
  durationSec: r.duration,
  requests: r.requests.total,
  rps: r.requests.total / r.duration,
  ok: r['2xx'],
  non2xx: r.non2xx,
  errors: r.errors,
  timeouts: r.timeouts,
  latencyMs: { p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max, mean: r.latency.mean },
  bytesPerSec: r.throughput.average,
};
process.stdout.write(`${JSON.stringify(out)}\n`);
