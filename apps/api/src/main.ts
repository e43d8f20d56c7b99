import { join } from 'node:path';
import { buildApp } from './app';
import { loadConfig, openFileLimit } from './config';
import { seedFaqs } from './content/faq';
import { demoUpkeepSubscriber, startDemo } from './demo/run';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { runPickJobs } from './autopick/job';
import { runLeagueJobs } from './leagues/jobs';
import { loadLiveConfig } from './live/config';
import { LiveSupervisor } from './live/runner';
import { startCricsheetFetchTimer } from './operator/fetch';
import { runReminders } from './reminders/reminders';
import { runResultEmails } from './reminders/result-emails';
import { resultsPipeline } from './results/pipeline';
import { vendorSyncFor } from './vendors/sync';

/** Production entry: database, migrations, FAQ seed, the API and the built web app on one port. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: join(config.dataDir, 'pglite') });
  await migrateToLatest(database.db);
  await seedFaqs(database.db);
  const app = await buildApp({ database, config, serveWeb: true });

  // The demo season: a fictional league whose past fixtures have results and whose future ones are open
  // for picks; at DEMO_PACE its fixtures are played live one after another, and demo members fill its
  // Daily Challenges (demo/run.ts). Its upkeep also runs whenever a demo fixture's result comes in.
  const demo = config.demoSeason ? await startDemo(database.db, config.demoPace, app.log) : undefined;
  if (demo) resultsPipeline.use(demoUpkeepSubscriber(demo));

  // Leagues: Daily Challenges for the coming match days, and Active leagues without fixtures left → Finished.
  // Safe with several API processes (advisory lock + unique index), so every process runs it.
  const leagueJobs = async () => {
    try {
      const r = await runLeagueJobs(database.db);
      if (r.dailyCreated || r.finished)
        app.log.info(`leagues: ${r.dailyCreated} daily challenges created, ${r.finished} finished`);
    } catch (err) {
      app.log.error({ err }, 'league jobs failed');
    }
  };
  await leagueJobs();
  const leagueTimer = setInterval(() => void leagueJobs(), 10 * 60_000);
  leagueTimer.unref();

  // Picks: lock-time auto-picks for started fixtures, then reminder emails for fixtures starting soon,
  // then result emails. All claim their work in the database (fixture_jobs, pick_reminders,
  // result_emails), so every process runs them.
  let pickJobsRunning = false;
  const pickJobs = async () => {
    if (pickJobsRunning) return;
    pickJobsRunning = true;
    try {
      const picked = await runPickJobs(database.db, new Date());
      if (picked.fixtures) app.log.info(`auto-pick: ${picked.fixtures} fixtures locked, ${picked.picks} picks made`);
      const reminded = await runReminders(database.db, {
        appUrl: config.appUrl,
        windowHours: config.reminderWindowHours,
      });
      if (reminded.sent) {
        app.log.info(`pick reminders: ${reminded.sent} emails queued`);
        app.deps.mail.kick();
      }
      // Result emails for fixtures whose result landed or changed and has settled (result_emails claims).
      const told = await runResultEmails(database.db, {
        appUrl: config.appUrl,
        delayMs: config.resultEmailDelayMs,
        onError: (fixtureId, err) => app.log.error({ err, fixtureId }, 'result emails failed for a fixture'),
      });
      if (told.sent) {
        app.log.info(`result emails: ${told.sent} emails queued for ${told.fixtures} fixtures`);
        app.deps.mail.kick();
      }
    } catch (err) {
      app.log.error({ err }, 'pick jobs failed');
    } finally {
      pickJobsRunning = false;
    }
  };
  await pickJobs();
  const pickTimer = setInterval(() => void pickJobs(), config.pickJobsIntervalMs);
  pickTimer.unref();

  // Live feeds (LIVE_FEED_URL): every process looks; a lease in the database lets one of them ingest each fixture.
  const live = new LiveSupervisor(database.db, loadLiveConfig(), app.log);
  const liveTick = () => live.tick().catch((err) => app.log.error({ err }, 'live feeds failed'));
  await liveTick();
  const liveTimer = setInterval(() => void liveTick(), 30_000);
  liveTimer.unref();

  // Connected data vendors (the console's Data vendors): every process looks; a lease on the vendor's
  // connection lets one of them sync it each time, and the live_fixtures lease one ingest each match.
  const vendorSync = vendorSyncFor(database.db, config, { log: app.log, provider: { log: app.log } });
  let vendorSyncRunning = false;
  const vendorTick = async () => {
    if (vendorSyncRunning) return;
    vendorSyncRunning = true;
    try {
      await vendorSync.tick();
    } catch (err) {
      app.log.error({ err }, 'vendor sync failed');
    } finally {
      vendorSyncRunning = false;
    }
  };
  void vendorTick();
  const vendorTimer = setInterval(() => void vendorTick(), config.vendorSyncTickMs);
  vendorTimer.unref();

  // Results that arrive by themselves (CRICSHEET_FETCH_URL; off when unset): every process looks each
  // minute whether the fetch is due; a lease in the database lets one of them run each interval's fetch.
  const cricsheetFetch = startCricsheetFetchTimer(database.db, config.cricsheetFetch, app.log, config.fileLimits);
  if (cricsheetFetch)
    app.log.info(
      `cricsheet fetch: ${config.cricsheetFetch.url} every ${config.cricsheetFetch.intervalMs / 60_000} min`,
    );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    demo?.stop();
    clearInterval(leagueTimer);
    clearInterval(pickTimer);
    clearInterval(liveTimer);
    live.stop();
    clearInterval(vendorTimer);
    vendorSync.stop();
    cricsheetFetch?.stop();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `database: ${database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : join(config.dataDir, 'pglite')}; email: ${config.smtpUrl ? 'SMTP' : join(config.dataDir, 'outbox')}; app: ${config.appUrl}`,
  );
  const streams = config.liveStreams;
  app.log.info(
    `live streams: at most ${streams.perProcess} in this process (open-file limit ${openFileLimit() ?? 'unknown'}), ${streams.perSession} per session, ${streams.perAddress} per address`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
