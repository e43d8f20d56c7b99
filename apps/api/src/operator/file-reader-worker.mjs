// The file reader's worker thread starts here. The API runs from TypeScript sources with tsx, and a
// worker thread does not inherit the main thread's loader: tsx compiles the worker's modules itself.
import { tsImport } from 'tsx/esm/api';

await tsImport('./file-reader-worker.ts', import.meta.url);
