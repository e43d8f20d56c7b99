// Loaded into an API process by the live benchmark (NODE_OPTIONS=--import …): on SIGUSR2 it runs a
// full garbage collection and writes process.memoryUsage() to $BENCH_MEM_FILE. Nothing else.
import { writeFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc');
process.on('SIGUSR2', () => {
  gc();
  const file = process.env.BENCH_MEM_FILE;
  if (file) writeFileSync(file, JSON.stringify({ at: Date.now(), ...process.memoryUsage() }));
});
