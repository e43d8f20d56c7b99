// Adds up the JSON reports of every vitest and Playwright run and prints the closing line.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const [dir, failedSteps = '0'] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  if (report.stats && 'expected' in report.stats) {
    // Playwright
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
  } else {
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  }
  console.log(`  ${file.replace(/\.json$/, '')}: ${report.numPassedTests ?? report.stats?.expected} passed`);
}
if (Number(failedSteps) > 0 && failed === 0) failed = Number(failedSteps);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
