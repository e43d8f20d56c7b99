#!/usr/bin/env node
// The third end-to-end server: the same API + built web app on its own embedded database, with the
// demo season played live at a test pace (DEMO_PACE from the environment, e.g. 1/1.5) for e2e/live.spec.ts.
// 1. waits for the first e2e server (it builds the web app: `npm start`),
// 2. runs the API (`pnpm start:built`'s command) with its own DATA_DIR and port.
import { runApi, waitForUrl } from './e2e-server-lib.mjs';

const waitFor = process.env.E2E_WAIT_FOR_URL;
if (waitFor) await waitForUrl(waitFor);
runApi(process.env);
