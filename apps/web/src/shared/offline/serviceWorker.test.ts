import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHELL_PUBLIC_FILES, serviceWorkerSource } from '../../../service-worker/plugin';

const template = readFileSync(join(import.meta.dirname, '../../../service-worker/sw.js'), 'utf8');
const built = ['assets/index-AAA.js', 'assets/index-BBB.css', 'assets/landing-CCC.js'];
const precacheOf = (source: string) => JSON.parse(/const PRECACHE = (\[.*?\]);/.exec(source)?.[1] ?? 'null');
const versionOf = (source: string) => /const VERSION = '([0-9a-f]+)';/.exec(source)?.[1];

describe('service worker build', () => {
  it('precaches the shell: index.html, the public files and every built script and stylesheet', () => {
    const source = serviceWorkerSource(template, built);
    expect(precacheOf(source)).toEqual([...SHELL_PUBLIC_FILES, ...built.map((f) => `/${f}`)]);
    expect(precacheOf(source)).toContain('/index.html');
    expect(precacheOf(source).some((url: string) => url.startsWith('/api'))).toBe(false);
  });

  it('gets a new version (so a new cache and an update) whenever a built file changes', () => {
    const one = versionOf(serviceWorkerSource(template, built));
    expect(one).toMatch(/^[0-9a-f]{12}$/);
    expect(versionOf(serviceWorkerSource(template, [...built]))).toBe(one);
    expect(versionOf(serviceWorkerSource(template, ['assets/index-AAB.js', ...built.slice(1)]))).not.toBe(one);
  });

  it('never answers /api: the fetch handler returns before any cache for API paths', () => {
    expect(template).toMatch(/if \(url\.origin !== self\.location\.origin \|\| isApi\(url\)\) return;/);
    expect(template).toContain("url.pathname.startsWith('/api/')");
  });
});
