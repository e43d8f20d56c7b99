import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyBall, flushLive } from '../src/live/ingest';
import { DELETED_ACCOUNT_LABEL } from '../src/operator/audit';
import { DB_TARGET } from './db';
import { type SignedIn, signUp, uniqueEmail } from './helpers';
import { person } from './leagues/setup';
import { beginLive, type LeagueWorld, type LiveFixture, nextFixture, startLeagueWorld } from './live/setup';
import { cli } from './operator/setup';
import { joinAs, psPicks, setUpLeague } from './standings/setup';

/**
 * What deleting an account leaves behind (docs/decisions/0004-account-deletion.md): after the
 * deletion, no text or JSON column of any table holds the person's email, name or display names —
 * every column of every table is searched — except the contact message they sent, which the decision
 * keeps. The person was everywhere first: a member of a live league (standings table and events), an
 * operator who granted another operator, created a season and applied a schedule (audit log, operator
 * list, import history), someone else's audit entry about them, mail to them, a contact message.
 */

interface Hit {
  table: string;
  column: string;
  needle: string;
}

/** Every (table, column, needle) where a text or JSON column of a table holds a needle (any case). */
async function findEverywhere(db: LeagueWorld['t']['db'], needles: readonly string[]): Promise<Hit[]> {
  const { rows: columns } = await sql<{ table_name: string; column_name: string }>`
    SELECT c.table_name, c.column_name FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
      AND c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb')
    ORDER BY c.table_name, c.column_name`.execute(db);
  expect(columns.length).toBeGreaterThan(50);
  const hits: Hit[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    for (const needle of needles) {
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM ${sql.table(table)}
        WHERE strpos(lower(${sql.ref(column)}::text), lower(${needle})) > 0`.execute(db);
      if (rows[0]!.n > 0) hits.push({ table, column, needle });
    }
  }
  return hits;
}

const tablesOf = (hits: Hit[]) => [...new Set(hits.map((h) => h.table))].sort();

describe(`deleting an account leaves no name or email on ${DB_TARGET}`, () => {
  let w: LeagueWorld;
  let f: LiveFixture;
  let admin: SignedIn;
  let bob: SignedIn;
  let victim: SignedIn;
  let league: { LeagueID: number; LeagueCode: string };
  const email = uniqueEmail('quenby.zarkovitch');
  const needles = [email, 'Zarkovitch', 'Zarkovian Rex'];

  beforeAll(async () => {
    w = await startLeagueWorld();
    admin = await person(w.t, 'Admin');
    bob = await person(w.t, 'Bob');
    victim = await signUp(w.t, email, { first: 'Quenby', last: 'Zarkovitch' });

    // A member of a Player Selection league whose fixture is live: the table and its events name them.
    league = await setUpLeague(w, admin, { type: 2, name: 'Deletion PS', showOthersPicks: true });
    await joinAs(admin, victim, league, 'Zarkovian Rex');
    await joinAs(admin, bob, league, 'Bob');
    f = await nextFixture(w, 0, 'deletion');
    const players = [...f.players.values()].map((p) => p.id);
    await psPicks(w.t.db, league.LeagueID, victim.userId, f.fixtureId, players.slice(0, 4));
    await psPicks(w.t.db, league.LeagueID, bob.userId, f.fixtureId, players.slice(4, 8));
    await beginLive(w.t.db, f);
    for (const b of f.balls.slice(0, 24)) await applyBall(w.t.db, f.fixtureId, b, new Date());
    await flushLive(w.t.db, f.fixtureId, new Date(), { force: true });

    // An operator: granted by the CLI (an entry about them), then granting, creating, importing.
    expect((await cli(w.t.db, ['operator', 'grant', email])).code).toBe(0);
    for (const other of [admin, bob]) {
      expect((await victim.client.post('/api/operator/operators', { Email: other.email })).statusCode).toBe(200);
    }
    const season = await victim.client.post('/api/operator/seasons', {
      Name: 'Deletion Cup 2031',
      Competition: 'Deletion Cup',
      Year: 2031,
    });
    expect(season.statusCode, season.body).toBe(201);
    const schedule = await victim.client.post('/api/operator/schedule', {
      File: {
        FileName: 'cup.csv',
        ContentBase64: Buffer.from(
          'season,match_number,start_time,home,away\nDeletion Cup 2031,1,2031-04-01 14:00:00,Alpha XI,Beta XI\n',
        ).toString('base64'),
      },
      Apply: true,
    });
    expect(schedule.statusCode, schedule.body).toBe(200);
    // Another operator's entry that copies their label: the admin revokes someone the victim granted.
    expect((await admin.client.post('/api/operator/operators/revoke', { Email: bob.email })).statusCode).toBe(200);

    // Mail to them, and a contact message from them (delivered to support by the worker).
    await victim.client.post('/api/user/initiate_change_password', { email });
    const contact = await victim.client.post('/api/contact_us/add_contact_message', {
      name: 'Quenby Zarkovitch',
      email,
      message: 'Bye',
    });
    expect(contact.statusCode, contact.body).toBeLessThan(300);
    await w.t.sentMail();
  }, 240_000);
  afterAll(async () => {
    await w?.t.close();
  });

  it('before: the person is in the live table and events, the audit log, the operators, the imports, the outbox', async () => {
    expect(tablesOf(await findEverywhere(w.t.db, needles))).toEqual([
      'audit_log',
      'contact_messages',
      'email_outbox',
      'import_runs',
      'league_members',
      'live_events',
      'live_standing_rows',
      'operators',
      'users',
    ]);
  });

  it('after: only the contact message they sent holds their name or email; the records stay, anonymous', async () => {
    const audit = await w.t.db.selectFrom('audit_log').select(['id', 'action']).orderBy('id').execute();
    const events = await w.t.db.selectFrom('live_events').select('id').orderBy('id').execute();
    const res = await victim.client.delete(`/api/user/${victim.userId}`, { user_id: victim.userId });
    expect(res.statusCode, res.body).toBe(200);

    const hits = await findEverywhere(w.t.db, needles);
    expect(tablesOf(hits)).toEqual(['contact_messages']);
    expect(hits.map((h) => h.column).sort()).toEqual(['email', 'email', 'name']);
    // Nothing else went: every audit entry and event is still there, the person's part anonymous.
    expect(await w.t.db.selectFrom('audit_log').select(['id', 'action']).orderBy('id').execute()).toEqual(audit);
    expect(await w.t.db.selectFrom('live_events').select('id').orderBy('id').execute()).toEqual(events);
    const entries = await w.t.db.selectFrom('audit_log').selectAll().orderBy('id').execute();
    const byVictim = entries.filter((e) => ['operator.grant', 'season.create', 'schedule.apply'].includes(e.action));
    expect(byVictim.map((e) => e.actor_label)).toEqual([
      'cli (tester)',
      DELETED_ACCOUNT_LABEL,
      DELETED_ACCOUNT_LABEL,
      DELETED_ACCOUNT_LABEL,
      DELETED_ACCOUNT_LABEL,
    ]);
    expect(entries.find((e) => e.action === 'operator.revoke')?.before).toMatchObject({
      GrantedBy: DELETED_ACCOUNT_LABEL,
    });
    const operators = await w.t.db
      .selectFrom('operators')
      .select(['user_id', 'granted_by', 'granted_by_label'])
      .execute();
    expect(operators).toEqual([{ user_id: admin.userId, granted_by: null, granted_by_label: DELETED_ACCOUNT_LABEL }]);
    expect(entries.find((e) => e.action === 'operator.grant')).toMatchObject({
      target: DELETED_ACCOUNT_LABEL,
      after: { Name: DELETED_ACCOUNT_LABEL, Email: DELETED_ACCOUNT_LABEL, UserID: victim.userId },
    });
    expect(entries.find((e) => e.action === 'season.create')?.after).toMatchObject({ Name: 'Deletion Cup 2031' });
    const runs = await w.t.db.selectFrom('import_runs').select('started_by_label').execute();
    expect(runs.map((r) => r.started_by_label)).toEqual([DELETED_ACCOUNT_LABEL]);
  });

  it('after: a replay of the league from the first event names the other members only', async () => {
    const replay = await bob.client.get(`/api/live/events?leagues=${league.LeagueID}&after=0`);
    expect(replay.statusCode).toBe(200);
    const standings = (
      replay.json().Events as { Type: string; Rows?: { UserID: number }[]; Removed?: number[] }[]
    ).filter((e) => e.Type === 'standings');
    expect(standings.length).toBeGreaterThan(0);
    const ids = standings.flatMap((e) => [...(e.Rows ?? []).map((r) => r.UserID), ...(e.Removed ?? [])]);
    expect(ids).toContain(bob.userId);
    expect(ids).not.toContain(victim.userId);
    expect(replay.body).not.toMatch(/Zarkovian/i);
    const snapshot = await bob.client.get(`/api/live/standings/${league.LeagueID}`);
    const rows = snapshot.json().Rows.map((r: { UserID: number }) => r.UserID);
    expect(rows).toContain(bob.userId);
    expect(rows).not.toContain(victim.userId);

    // The next standings event applies to the table as it is now (without them) and names Bob only.
    for (const b of f.balls.slice(24, 60)) await applyBall(w.t.db, f.fixtureId, b, new Date());
    await flushLive(w.t.db, f.fixtureId, new Date(), { force: true });
    const next = await bob.client.get(`/api/live/events?leagues=${league.LeagueID}&after=0`);
    expect(next.body).not.toMatch(/Zarkovian/i);
    const after = (next.json().Events as { Type: string; Rows: { UserID: number }[]; Removed: number[] }[]).filter(
      (e) => e.Type === 'standings',
    );
    expect(after.flatMap((e) => [...e.Rows.map((r) => r.UserID), ...e.Removed])).not.toContain(victim.userId);
    expect(tablesOf(await findEverywhere(w.t.db, needles))).toEqual(['contact_messages']);
  });
});
