// Fails when src/generated/schema.ts is not what openapi-typescript makes of ../../openapi.yaml today.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'codegen-'));
const out = join(dir, 'schema.ts');
try {
  execFileSync('pnpm', ['exec', 'openapi-typescript', '../../openapi.yaml', '-o', out], { stdio: 'pipe' });
  const fresh = readFileSync(out, 'utf8');
  const committed = readFileSync('src/generated/schema.ts', 'utf8');
  if (fresh !== committed) {
    console.error('packages/api-client/src/generated/schema.ts is stale: run `pnpm codegen` and commit the result.');
    process.exit(1);
  }
  console.log('api-client: generated types match openapi.yaml');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
