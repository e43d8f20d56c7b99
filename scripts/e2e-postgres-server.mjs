#!/usr/bin/env node
// The second end-to-end server: the same API + built web app, on PostgreSQL instead of PGlite.
// Tests that need to move the clock of a fixture (its start time) do it the way an operator would —
// with the CLI's schedule import — which needs a database that two processes can open at once.
//
// 1. waits for the first e2e server (it builds the web app: `npm start`),
// 2. recreates the database named by E2E_PG_DATABASE on 127.0.0.1:5432,
// 3. runs the API (`pnpm start:built`'s command) with DATABASE_URL pointing at it.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { apiDir, runApi, waitForUrl } from './e2e-server-lib.mjs';

const require = createRequire(join(apiDir, 'package.json'));
const pg = require('pg');

const database = process.env.E2E_PG_DATABASE ?? 'fcl_e2e';
const adminUrl = process.env.E2E_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const waitFor = process.env.E2E_WAIT_FOR_URL;

if (!/^[a-z_][a-z0-9_]*$/.test(database)) throw new Error(`bad database name ${database}`);

if (waitFor) await waitForUrl(waitFor);

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${database}`);
await admin.end();

const url = new URL(adminUrl);
url.pathname = `/${database}`;
runApi({ ...process.env, DATABASE_URL: url.toString() });
