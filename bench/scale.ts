import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { hashPassword } from '../apps/api/src/accounts/password';
import { freshBenchDb, withDb } from './lib/db';
import { DURATION, type LoadResult, load } from './lib/load';
import { type Child, freePort, spawnTs, startApi, stopChild, waitForHttp } from './lib/proc';
import { type BenchReport, fmt, log, type TargetCheck } from './lib/report';
import { bulk, cookieHeader, createLeague, createUsers, importIpl, mpPicks, sessionFor } from './lib/seed';

/**
 * The path to scale, in the harness: two API processes (main.ts, demo season on, pick jobs every
 * second) on one PostgreSQL database, behind a round-robin proxy (node:http, loopback). Checks that a
 * session made through one process works on the other, that the scheduled jobs — Daily Challenges,
 * lock-time auto-picks, pick reminders, the demo season's results and their re-scoring — ran exactly
 * once (read from the tables), that no email was sent twice (email_outbox and the .eml files of both
 * processes), and measures leaderboard throughput through the proxy with one process and with two.
 */

const MEMBERS = 200;
const PASSWORD = 'bench password 42';
const CONNECTIONS = 64;
const HOUR = 3_600_000;

interface Check {
  what: string;
  expected: string;
  found: string;
  ok: boolean;
}

async function proxy(backends: string[]): Promise<Child> {
  const port = await freePort();
  const proc = spawnTs('proxy', 'bench/lib/proxy-server.ts', [String(port), ...backends], {});
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/__proxy/stats`, proc, 30_000);
  return { name: 'proxy', proc, url, port, stop: () => stopChild(proc) };
}

/** A browser stand-in through the proxy: keeps cookies, echoes XSRF-TOKEN. */
class Browser {
  cookies = new Map<string, string>();
  constructor(private readonly base: string) {}
  async request(method: string, path: string, body?: unknown) {
    const headers: Record<string, string> = { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
    if (method !== 'GET') {
      headers['x-xsrf-token'] = this.cookies.get('XSRF-TOKEN') ?? '';
      headers['content-type'] = 'application/json';
    }
    const res = await fetch(this.base + path, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, ...v] = (pair ?? '').split('=');
      if (k) this.cookies.set(k.trim(), v.join('='));
    }
    return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
  }
}

export async function scale(): Promise<BenchReport> {
  log('scale: seeding');
  const bench = await freshBenchDb('postgres', 'scale');
  const url = bench.url!;
  const now = Date.now();
  const seeded = await withDb(bench, async ({ db }) => {
    const season = await importIpl(db);
    await db.updateTable('seasons').set({ is_active: true }).where('id', '=', season.seasonId).execute();
    const first = await db
      .selectFrom('fixtures')
      .selectAll()
      .where('id', '=', season.scored[0]!)
      .executeTakeFirstOrThrow();
    const fixture = async (name: string, startsInMs: number) =>
      (
        await db
          .insertInto('fixtures')
          .values({
            season_id: season.seasonId,
            stage_id: first.stage_id,
            name,
            start_time: new Date(now + startsInMs),
            local_team_id: first.local_team_id,
            visitor_team_id: first.visitor_team_id,
            status: 'scheduled',
            updated_at: new Date(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const started = await fixture('Started ten minutes ago', -10 * 60_000);
    const soon = await fixture('In two hours', 2 * HOUR);
    await fixture('Tomorrow', 26 * HOUR);
    await fixture('In three days', 72 * HOUR);
    const users = await createUsers(db, MEMBERS, 'scale');
    await db.updateTable('users').set({ use_ai_auto_pick: true }).where('id', 'in', users).execute();
    await db
      .updateTable('users')
      .set({ password_hash: await hashPassword(PASSWORD) })
      .where('id', '=', users[0]!)
      .execute();
    const leagues: { id: number; code: string }[] = [];
    for (const [k, type] of (['MP', 'MP', 'PS'] as const).entries()) {
      leagues.push(
        await createLeague(db, {
          type,
          name: `Scale ${k + 1}`,
          isPrivate: true,
          seasonId: season.seasonId,
          adminId: users[0]!,
          memberIds: users,
        }),
      );
    }
    // Members for a week: the fixtures' reminder times (start minus the 24-hour window) came after they
    // joined, so they are reminded (a member who joins after a reminder time is not).
    await db
      .updateTable('league_members')
      .set({ joined_at: new Date(now - 7 * 24 * HOUR), decided_at: new Date(now - 7 * 24 * HOUR) })
      .where(
        'league_id',
        'in',
        leagues.map((l) => l.id),
      )
      .execute();
    await bulk(db, (trx) => mpPicks(trx, leagues[0]!.id, season.scored));
    await sql`ANALYZE`.execute(db);
    return {
      started,
      soon,
      users,
      board: leagues[0]!.id,
      cookie: cookieHeader(await sessionFor(db, users[1]!)),
      signIn: { id: users[0]!, email: 'scale-1@bench.invalid' },
    };
  });

  log('scale: starting two API processes on one database');
  const env = { DEMO_SEASON: 'on', PICK_JOBS_INTERVAL_MS: '1000', TRUST_PROXY: 'true' };
  const [a, b] = await Promise.all([
    startApi({ name: 'api-scale-a', databaseUrl: url, dataDir: join(bench.dataDir, 'a'), env }),
    startApi({ name: 'api-scale-b', databaseUrl: url, dataDir: join(bench.dataDir, 'b'), env }),
  ]);
  const checks: Check[] = [];
  const throughput: { setup: string; result: LoadResult }[] = [];
  let sessionRequests: number[] = [];
  try {
    // Sessions: sign in through the proxy, then use the session on both processes.
    const both = await proxy([a.url, b.url]);
    try {
      const browser = new Browser(both.url);
      await browser.request('GET', '/api/faq/');
      const login = await browser.request('POST', '/api/user/authenticate_user', {
        email: seeded.signIn.email,
        password: PASSWORD,
      });
      const reads = [];
      for (let i = 0; i < 6; i++) reads.push((await browser.request('GET', `/api/user/${seeded.signIn.id}`)).status);
      const write = await browser.request('PUT', `/api/user/${seeded.signIn.id}`, {
        missing_pick_notification: true,
        use_ai_auto_pick: true,
      });
      const stats = (await (await fetch(`${both.url}/__proxy/stats`)).json()) as { counts: number[] };
      sessionRequests = stats.counts;
      checks.push({
        what: 'sign-in through the proxy, then 6 profile reads and a profile write alternating between processes',
        expected: 'success, 7 × 200, both processes used',
        found: `${String(login.body?.status)}, ${[...reads, write.status].join(' ')}, requests per process ${stats.counts.join('/')}`,
        ok:
          login.body?.status === 'success' &&
          [...reads, write.status].every((s) => s === 200) &&
          stats.counts.every((c) => c >= 4),
      });

      // Let both processes' pick jobs (every second) and email workers run against each other.
      await new Promise((r) => setTimeout(r, 6_000));
      const until = Date.now() + 60_000;
      for (;;) {
        const pending = await withDb(bench, async ({ db }) =>
          Number(
            (
              await db
                .selectFrom('email_outbox')
                .select((e) => e.fn.countAll<number>().as('n'))
                .where('status', '=', 'pending')
                .executeTakeFirstOrThrow()
            ).n,
          ),
        );
        if (pending === 0 || Date.now() > until) break;
        await new Promise((r) => setTimeout(r, 1000));
      }

      log('scale: throughput through the proxy, two processes');
      const spec = { connections: CONNECTIONS, headers: { cookie: seeded.cookie } };
      const path = `/api/view/leaderboard/${seeded.board}`;
      await load({ ...spec, url: both.url + path, durationSec: DURATION.warmup });
      throughput.push({
        setup: 'proxy → 2 API processes',
        result: await load({ ...spec, url: both.url + path, durationSec: DURATION.measure }),
      });
      await both.stop();
      log('scale: throughput through the proxy, one process');
      const one = await proxy([a.url]);
      try {
        await load({ ...spec, url: one.url + path, durationSec: DURATION.warmup });
        throughput.push({
          setup: 'proxy → 1 API process',
          result: await load({ ...spec, url: one.url + path, durationSec: DURATION.measure }),
        });
      } finally {
        await one.stop();
      }
      await load({ ...spec, url: a.url + path, durationSec: DURATION.warmup });
      throughput.push({
        setup: '1 API process, no proxy',
        result: await load({ ...spec, url: a.url + path, durationSec: DURATION.measure }),
      });
    } finally {
      await both.stop();
    }

    // What the jobs left in the database.
    await withDb(bench, async ({ db }) => {
      const q = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db)).rows;
      const autoPick = await q<{ claims: number; detail: string | null; picks: number; dupes: number }>(sql`
        SELECT (SELECT count(*)::int FROM fixture_jobs WHERE fixture_id = ${seeded.started} AND job = 'auto_pick') AS claims,
               (SELECT detail FROM fixture_jobs WHERE fixture_id = ${seeded.started} AND job = 'auto_pick') AS detail,
               (SELECT count(*)::int FROM league_selections WHERE fixture_id = ${seeded.started} AND is_auto_pick)
             + (SELECT count(*)::int FROM player_selections WHERE fixture_id = ${seeded.started} AND is_auto_pick) AS picks,
               (SELECT count(*)::int FROM (SELECT 1 FROM league_selections WHERE fixture_id = ${seeded.started}
                  GROUP BY league_id, user_id, league_configuration_id HAVING count(*) > 1) d) AS dupes`);
      const ap = autoPick[0]!;
      const detailPicks = ap.detail ? Number((JSON.parse(ap.detail) as { picks?: number }).picks) : -1;
      checks.push({
        what: 'auto-pick of the fixture that started 10 minutes ago (fixture_jobs claim, picks written)',
        expected: '1 claim, picks = the claim’s count, no duplicates',
        found: `${ap.claims} claim(s), ${ap.picks} auto-picks (claim says ${detailPicks}), ${ap.dupes} duplicates`,
        ok: ap.claims === 1 && ap.picks > 0 && ap.picks === detailPicks && ap.dupes === 0,
      });
      const allClaims = await q<{ n: number; fixtures: number }>(sql`
        SELECT count(*)::int AS n, count(DISTINCT (fixture_id, job))::int AS fixtures FROM fixture_jobs`);
      checks.push({
        what: 'every fixture_jobs claim (all started fixtures, demo season included)',
        expected: 'one row per fixture and job',
        found: `${allClaims[0]!.n} rows for ${allClaims[0]!.fixtures} (fixture, job) pairs`,
        ok: allClaims[0]!.n === allClaims[0]!.fixtures,
      });
      const daily = await q<{ days: number; leagues: number; worst: number }>(sql`
        WITH due AS (
          SELECT DISTINCT f.season_id, (f.start_time AT TIME ZONE 'UTC')::date AS day
          FROM fixtures f JOIN seasons s ON s.id = f.season_id
          WHERE s.is_active AND f.status = 'scheduled' AND f.start_time > now()
            AND (f.start_time AT TIME ZONE 'UTC')::date <= (now() AT TIME ZONE 'UTC')::date + 7)
        SELECT count(*)::int AS days,
               (SELECT count(*)::int FROM leagues WHERE match_day IS NOT NULL) AS leagues,
               coalesce(max((SELECT count(*) FROM leagues l WHERE l.season_id = due.season_id AND l.match_day = due.day)), 0)::int AS worst
        FROM due`);
      const d = daily[0]!;
      checks.push({
        what: 'Daily Challenges for the coming match days (both processes ran the league job at start-up)',
        expected: 'one per season and match day',
        found: `${d.leagues} Daily Challenges for ${d.days} match days (at most ${d.worst} on a day)`,
        ok: d.leagues >= d.days && d.worst === 1,
      });
      const reminders = await q<{ rows: number; emails: number; keys: number }>(sql`
        SELECT (SELECT count(*)::int FROM pick_reminders WHERE fixture_id = ${seeded.soon}) AS rows,
               (SELECT count(*)::int FROM email_outbox WHERE dedupe_key LIKE 'pick_reminder:%:' || ${seeded.soon}) AS emails,
               (SELECT count(DISTINCT dedupe_key)::int FROM email_outbox WHERE dedupe_key LIKE 'pick_reminder:%:' || ${seeded.soon}) AS keys`);
      const r = reminders[0]!;
      checks.push({
        what: `pick reminders for the fixture in two hours (${MEMBERS} members without picks)`,
        expected: `${MEMBERS} reminders, ${MEMBERS} emails, no key twice`,
        found: `${r.rows} reminders, ${r.emails} emails, ${r.keys} distinct keys`,
        ok: r.rows === MEMBERS && r.emails === MEMBERS && r.keys === MEMBERS,
      });
      const outbox = await q<{ sent: number; pending: number; retried: number; total: number }>(sql`
        SELECT count(*) FILTER (WHERE status = 'sent')::int AS sent, count(*) FILTER (WHERE status <> 'sent')::int AS pending,
               count(*) FILTER (WHERE attempts > 1)::int AS retried, count(*)::int AS total FROM email_outbox`);
      const files = ['a', 'b'].map((p) => {
        try {
          return readdirSync(join(bench.dataDir, p, 'outbox')).filter((f) => f.endsWith('.eml')).length;
        } catch {
          return 0;
        }
      });
      const o = outbox[0]!;
      checks.push({
        what: 'email delivery by both processes’ workers (.eml files in each process’s outbox)',
        expected: 'every row sent once: files = rows sent',
        found: `${o.total} rows, ${o.sent} sent, ${o.pending} not sent, ${o.retried} with >1 attempt; files ${files.join(' + ')} = ${files[0]! + files[1]!}`,
        ok: o.pending === 0 && o.sent === files[0]! + files[1]! && o.sent >= MEMBERS,
      });
      const demo = await q<{ seasons: number; fixtures: number; completed: number; rescored_once: number }>(sql`
        SELECT (SELECT count(*)::int FROM seasons WHERE source = 'demo') AS seasons,
               count(*)::int AS fixtures,
               count(*) FILTER (WHERE f.status = 'completed')::int AS completed,
               count(*) FILTER (WHERE f.status = 'completed' AND v.version = 1)::int AS rescored_once
        FROM fixtures f JOIN seasons s ON s.id = f.season_id AND s.source = 'demo'
        LEFT JOIN standings_fixture_versions v ON v.fixture_id = f.id`);
      const dm = demo[0]!;
      checks.push({
        what: 'demo season: created and its started fixtures played (results, re-score) by one process',
        expected: '1 season; every completed fixture re-scored in exactly one transaction (version 1)',
        found: `${dm.seasons} season(s), ${dm.fixtures} fixtures, ${dm.completed} completed, ${dm.rescored_once} at version 1`,
        ok: dm.seasons === 1 && dm.completed > 0 && dm.rescored_once === dm.completed,
      });
    });
  } finally {
    await Promise.all([a.stop(), b.stop()]);
  }

  const two = throughput.find((t) => t.setup.includes('2 API'))!.result;
  const oneP = throughput.find((t) => t.setup === 'proxy → 1 API process')!.result;
  const targets: TargetCheck[] = [
    ...checks.map((c) => ({ name: `scale: ${c.what}`, target: c.expected, measured: c.found, met: c.ok })),
  ];
  return {
    name: 'scale',
    title: 'Path to scale: two API processes on one PostgreSQL behind a round-robin proxy',
    tables: [
      {
        title: 'scale: exactly once, across two processes',
        columns: ['', 'what', 'found'],
        rows: checks.map((c) => [c.ok ? 'ok' : 'FAILED', c.what, c.found]),
        notes: [`proxy requests per process during the session check: ${sessionRequests.join(' / ')}`],
      },
      {
        title: `scale: leaderboard (${MEMBERS} members, cached) at ${CONNECTIONS} connections, ${DURATION.measure} s`,
        columns: ['setup', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx'],
        rows: throughput.map((t) => [
          t.setup,
          fmt.n(t.result.rps),
          t.result.latencyMs.p50,
          t.result.latencyMs.p99,
          t.result.non2xx + t.result.errors,
        ]),
        notes: [
          `two processes vs one, both through the proxy: ${fmt.x(two.rps / oneP.rps)} — on this 2-core machine the load generator, the proxy, both API processes and PostgreSQL share the same two cores`,
        ],
      },
    ],
    targets,
    data: { checks, throughput, members: MEMBERS },
  };
}
