import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import { recomputeDerived } from './cricket/scoring/derived';
import type { Database } from './db/database';
import { updatePlannerStatistics } from './db/maintenance';
import { EmailWorker } from './email/worker';
import { fileTransport, type MailTransport, smtpTransport } from './email/transport';
import { handlers as defaultHandlers } from './handlers';
import type { AppDeps, HandlerMap } from './http/contract';
import { answerFrameworkError, apiMessages, errorBody, installErrorHandler } from './http/errors';
import { installValidators, loadOpenApi, type RegisteredHandler, registerOpenApiRoutes } from './http/openapi';
import { runHousekeeping } from './housekeeping';
import { registerApiReference } from './http/reference';
import { helmetHeaders, installApiNoStore, installSecurityHeaders } from './http/security-headers';
import { registerWeb, type WebApp } from './http/web';
import { installXsrf } from './http/xsrf';
import { closeLiveHub } from './live/hub';
import { queueResultEmails } from './reminders/result-queue';
import { type ResultFailure, type ResultSubscriber, resultsPipeline } from './results/pipeline';
import { touchStandings } from './standings/cache';
import { refreshStandingsPoints } from './standings/materialize';

export interface BuildAppOptions {
  database: Database;
  config: Config;
  /** Replaces the transport chosen from the config (SMTP_URL → SMTP, else .eml files); tests use it. */
  mailTransport?: MailTransport;
  /** Serve the built web app from config.webDist (main does; API tests don't). */
  serveWeb?: boolean;
  /** Start the email delivery poller (default true). Tests may drive the worker by hand. */
  startWorkers?: boolean;
  /** Where log lines go (default stdout); tests capture them. */
  logStream?: { write(line: string): void };
  /** Replaces the handler map (contract tests). */
  handlers?: Record<string, RegisteredHandler | undefined>;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

/**
 * What follows every result (src/results/pipeline.ts), in this order. In the result's transaction,
 * all or nothing with it: the fixture's derived winners and stat counts, the standings versions that
 * make every cache drop what it computed from the old result, the result email queued (or re-queued
 * when the result changed). Once committed, failures reported and the result standing: every
 * league's standings points computed ahead of the readers, and on PGlite the planner statistics of
 * the tables that grew. The demo's upkeep joins them where the demo runs (main.ts).
 */
export const RESULT_SUBSCRIBERS: readonly ResultSubscriber[] = [
  {
    name: 'derived figures',
    phase: 'transaction',
    run: (trx, change) => recomputeDerived(trx, { fixtureIds: change.fixtureIds }),
  },
  { name: 'standings versions', phase: 'transaction', run: (trx, change) => touchStandings(trx, change.fixtureIds) },
  { name: 'result emails', phase: 'transaction', run: (trx, change) => queueResultEmails(trx, change.fixtureIds) },
  {
    name: 'standings points',
    phase: 'committed',
    ifFailed: 'they are computed on the next read',
    run: (db, change) => refreshStandingsPoints(db, change.fixtureIds),
  },
  { name: 'planner statistics', phase: 'committed', run: (db) => updatePlannerStatistics(db) },
];

/**
 * Registers RESULT_SUBSCRIBERS on the process's results pipeline (again: each takes its own place),
 * reporting failures to `log` (default stderr): the app, the CLI and the API tests' setup call it.
 */
export function registerResultSubscribers(log?: {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}): void {
  resultsPipeline.use(...RESULT_SUBSCRIBERS);
  if (log) {
    resultsPipeline.reportTo((f: ResultFailure) =>
      log[f.phase === 'transaction' ? 'error' : 'warn'](
        { err: f.error, subscriber: f.subscriber, source: f.change.source, fixtureIds: f.change.fixtureIds },
        f.phase === 'transaction'
          ? `result not stored: ${f.subscriber} failed`
          : `after a result: ${f.subscriber} failed`,
      ),
    );
  }
}

/** Sent with every answer: features the app does not use are disabled. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';

function isApiPath(url: string): boolean {
  const path = url.split('?', 1)[0] ?? '';
  return path === '/api' || path.startsWith('/api/');
}

/**
 * The whole HTTP application: security headers, cookies, XSRF, the contract's routes under /api,
 * one error handler, the email worker, and (optionally) the built web app at `/`.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, ...(options.logStream ? { stream: options.logStream } : {}) },
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: answerFrameworkError,
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
  });

  const transport =
    options.mailTransport ??
    (config.smtpUrl
      ? smtpTransport(config.smtpUrl, config.mailFrom)
      : fileTransport(join(config.dataDir, 'outbox'), config.mailFrom, (line) => app.log.info(line)));
  const mail = new EmailWorker({ db: database.db, transport, settings: config.email, log: app.log });
  const deps: AppDeps = { db: database.db, config, mail, log: app.log };
  app.decorate('deps', deps);
  registerResultSubscribers(app.log);

  await app.register(fastifyCookie);
  // helmet's headers for these options, computed once and set on every answer (src/http/security-headers.ts).
  installSecurityHeaders(
    app,
    helmetHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // vanilla-extract emits .css files; inline styles (style attributes, Radix) are allowed.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          // The installable app: its service worker (/sw.js) and manifest, from our own origin only.
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          // The Terms and Privacy PDFs open in a modal (object/iframe) from our own origin.
          objectSrc: ["'self'"],
          frameSrc: ["'self'"],
          frameAncestors: ["'self'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          ...(config.production ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      hsts: config.production ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    }),
  );
  // No /api answer is ever stored by a browser or a proxy (the web app's files keep their own caching).
  installApiNoStore(app, isApiPath);
  // Powerful browser features the app never uses stay off, for its pages and anything they embed.
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    done(null, payload);
  });

  // The API speaks JSON only: other bodies answer 415 instead of reaching validation as text.
  app.removeContentTypeParser('text/plain');
  installErrorHandler(app);
  installValidators(app);
  installXsrf(app, config);
  app.decorateRequest('session', null);

  registerOpenApiRoutes(app, {
    doc: loadOpenApi(),
    handlers: options.handlers ?? (defaultHandlers satisfies HandlerMap),
    deps,
  });
  await registerApiReference(app); // the interactive API reference at /api/docs

  let web: WebApp | undefined;
  if (options.serveWeb) web = await registerWeb(app, config.webDist);

  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url)) return reply.code(404).send(errorBody(apiMessages.notFound));
    const path = request.url.split('?', 1)[0] ?? '/';
    const looksLikeFile = /\.[A-Za-z0-9]+$/.test(path);
    if (web && (request.method === 'GET' || request.method === 'HEAD') && !looksLikeFile) {
      return web.fallback(request, reply);
    }
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found.\n');
  });

  let housekeeping: NodeJS.Timeout | undefined;
  if (options.startWorkers !== false) {
    app.addHook('onReady', async () => {
      mail.start();
      housekeeping = setInterval(() => {
        runHousekeeping(database.db, config.session.idleMs).catch((err) =>
          app.log.error({ err }, 'housekeeping failed'),
        );
      }, config.housekeepingIntervalMs);
      housekeeping.unref();
    });
  }
  // Live event streams are ended before the server waits for its connections to close.
  app.addHook('preClose', async () => {
    await closeLiveHub(database.db);
  });
  app.addHook('onClose', async () => {
    if (housekeeping) clearInterval(housekeeping);
    await mail.stop();
  });

  return app;
}
