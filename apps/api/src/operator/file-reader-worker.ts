import { parentPort } from 'node:worker_threads';
import { type ReadJob, type ReaderMessage, runReadJob } from './file-reading';

/**
 * The file reader's worker thread (started by file-reader.ts through file-reader-worker.mjs): jobs one
 * after the other, each one's messages posted as it reads. A job that throws (not a refusal: a fault
 * of the reader) ends the thread; the main thread then refuses that job and starts another reader.
 */
const port = parentPort;
if (!port) throw new Error('file-reader-worker runs in a worker thread');
let jobs = Promise.resolve();
port.on('message', (job: ReadJob) => {
  jobs = jobs.then(() => runReadJob(job, (m: ReaderMessage) => port.postMessage(m)));
});
