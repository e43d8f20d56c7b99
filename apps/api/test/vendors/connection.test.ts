import type { components } from '@fantasy-cricket/api-client';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_TARGET } from '../db';
import { startEsServer } from './entitysport/server';
import { writeCounts } from '../operator/imports-setup';
import { seasonWorld } from './entitysport/world';
import { startVendorWorld, type VendorWorld } from './setup';

/**
 * Connecting Entity Sport from the console (the local server of ./entitysport/server.ts): the
 * credentials are checked, stored and never given back — not by any answer, the audit log, the import
 * history or a log line —; the competition's schedule and squads are previewed and applied through
 * the file writers (new, then unchanged, then moved), and the vendor's ids are remembered.
 */

type Status = components['schemas']['VendorStatus'];
type Report = components['schemas']['VendorCompetitionReport'];

const FIXTURES = 6;

describe(`vendor connection on ${DB_TARGET}`, () => {
  let w: VendorWorld;
  const base = '/api/operator/vendors/entitysport';

  beforeAll(async () => {
    w = await startVendorWorld(seasonWorld(FIXTURES));
  });
  afterAll(async () => {
    await w?.close();
  });
  const es = {
    get accessKey() {
      return w.es.accessKey;
    },
    get secretKey() {
      return w.es.secretKey;
    },
    get world() {
      return w.es.world;
    },
  };

  const op = () => w.op.client;
  const status = async () => (await op().get('/api/operator/vendors')).json() as Status[];

  it('is not connected until an operator enters credentials; refused ones are not stored', async () => {
    expect((await status())[0]).toMatchObject({
      Vendor: 'entitysport',
      Title: 'Entity Sport',
      CredentialFields: ['AccessKey', 'SecretKey'],
      Configured: false,
      CredentialsFrom: null,
      Competition: null,
      CallsToday: 0,
    });
    const before = await writeCounts(w.t);
    const wrong = await op().put(`${base}/credentials`, { AccessKey: es.accessKey, SecretKey: 'not-the-secret' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe('Entity Sport refused these credentials: nothing was stored.');
    expect(await writeCounts(w.t)).toEqual(before);
    const missing = await op().put(`${base}/credentials`, { AccessKey: es.accessKey });
    expect([missing.statusCode, missing.json().error.message]).toEqual([400, 'Entity Sport needs SecretKey.']);
    const stranger = await op().put(`${base}/credentials`, { ApiToken: 'x', AccessKey: 'a', SecretKey: 'b' });
    expect([stranger.statusCode, stranger.json().error.message]).toEqual([400, 'Entity Sport takes no ApiToken.']);
    expect((await w.user.client.put(`${base}/credentials`, { AccessKey: 'a', SecretKey: 'b' })).statusCode).toBe(403);
  });

  it('stores accepted credentials, counts the calls, and lists the competitions', async () => {
    const res = await op().put(`${base}/credentials`, { AccessKey: es.accessKey, SecretKey: es.secretKey });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Configured: true, CredentialsFrom: 'console', Sync: false });
    expect(res.json().CallsToday).toBeGreaterThanOrEqual(2); // the token and the competitions
    const comps = await op().get(`${base}/competitions`);
    expect(comps.json()).toEqual([
      { CompetitionID: '128471', Name: 'Indian Premier League', Season: '2024', Format: 't20' },
    ]);
  });

  it('previews the schedule and squads (writing nothing), then applies them', async () => {
    const before = await writeCounts(w.t);
    const preview = await op().post(`${base}/competition`, { CompetitionID: '128471', Apply: false });
    expect(preview.statusCode).toBe(200);
    const p = preview.json() as Report;
    expect(p.SeasonName).toBe('IPL 2024');
    expect(p.Schedule).toMatchObject({ ImportRunID: null, Outcome: 'preview', Counts: { new: FIXTURES } });
    expect(p.Schedule.Lines[0]).toMatchObject({ Key: 'IPL 2024 Match 1', Status: 'new', FixtureID: null });
    expect(p.Squads.Counts.new).toBeGreaterThan(100); // every player of the teams of the first six matches
    expect(await writeCounts(w.t)).toEqual(before);

    const applied = await op().post(`${base}/competition`, { CompetitionID: '128471', Apply: true });
    expect(applied.statusCode).toBe(200);
    const a = applied.json() as Report;
    expect(a.Schedule).toMatchObject({ Outcome: 'succeeded', Kind: 'schedule', Counts: { new: FIXTURES } });
    expect(a.Squads).toMatchObject({ Outcome: 'succeeded', Kind: 'squads' });
    expect(a.Schedule.ImportRunID).toEqual(expect.any(Number));
    // Each fixture keeps the vendor's id and no Cricsheet id; teams and players are mapped.
    const fixtures = await w.t.db
      .selectFrom('vendor_fixtures as v')
      .innerJoin('fixtures as f', 'f.id', 'v.fixture_id')
      .select(['v.vendor_id', 'f.name', 'f.cricsheet_match_id', 'f.status', 'f.start_time'])
      .orderBy('f.start_time')
      .execute();
    expect(fixtures).toHaveLength(FIXTURES);
    expect(fixtures[0]).toMatchObject({
      vendor_id: '1422119',
      name: 'Match 1',
      cricsheet_match_id: null,
      status: 'scheduled',
    });
    expect(new Date(fixtures[0]!.start_time).toISOString()).toBe('2024-03-22T14:00:00.000Z');
    const kohli = await w.t.db
      .selectFrom('vendor_players as v')
      .innerJoin('players as p', 'p.id', 'v.player_id')
      .select(['p.cricsheet_id', 'p.full_name', 'p.position_id'])
      .where('v.vendor_id', '=', String(0xba607b88))
      .executeTakeFirstOrThrow();
    expect(kohli).toMatchObject({ cricsheet_id: `entitysport:${0xba607b88}`, full_name: 'V Kohli' });
    const teams = await w.t.db
      .selectFrom('vendor_teams')
      .select(['vendor_id', 'vendor_name'])
      .orderBy('vendor_id')
      .execute();
    expect(teams.find((t) => t.vendor_id === '646')).toEqual({
      vendor_id: '646',
      vendor_name: 'Royal Challengers Bengaluru',
    });
    const st = (await status())[0]!;
    expect(st).toMatchObject({
      Sync: true,
      Competition: { CompetitionID: '128471', Name: 'Indian Premier League 2024', SeasonName: 'IPL 2024' },
    });
    const audit = await w.t.db.selectFrom('audit_log').select(['action', 'target']).orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['vendor.credentials.set', 'vendor.apply']);
  });

  it('previews again: unchanged; a postponed fixture is moved', async () => {
    const again = (await op().post(`${base}/competition`, { CompetitionID: '128471', Apply: false })).json() as Report;
    expect(again.Schedule.Counts).toEqual({ unchanged: FIXTURES });
    expect(Object.keys(again.Squads.Counts)).toEqual(['unchanged']);
    const m = es.world.matches.get(1422120)!;
    m.start += 86_400;
    m.version += 1;
    const moved = (await op().post(`${base}/competition`, { CompetitionID: '128471', Apply: false })).json() as Report;
    expect(moved.Schedule.Counts).toEqual({ unchanged: FIXTURES - 1, moved: 1 });
    const line = moved.Schedule.Lines.find((l) => l.Status === 'moved')!;
    expect(line).toMatchObject({ Key: 'IPL 2024 Match 2' });
    expect([(line.Before as { StartTime: string }).StartTime, (line.After as { StartTime: string }).StartTime]).toEqual(
      ['2024-03-23T14:00:00.000Z', '2024-03-24T14:00:00.000Z'],
    );
    m.start -= 86_400;
  });

  it('sets the intervals and budget (audited); the calls of the day count against the budget', async () => {
    const res = await op().put(`${base}/settings`, {
      Sync: true,
      ScheduleMinutes: 30,
      LiveSeconds: 15,
      LineupMinutes: 45,
      DailyCallBudget: 500,
    });
    const st = res.json() as Status;
    expect(st).toMatchObject({ ScheduleMinutes: 30, LiveSeconds: 15, LineupMinutes: 45, DailyCallBudget: 500 });
    expect(st.RemainingToday).toBe(500 - st.CallsToday);
    const { rows } = await sql<{ calls: number }>`SELECT calls FROM vendor_calls WHERE vendor = 'entitysport'`.execute(
      w.t.db,
    );
    expect(st.CallsToday).toBe(rows[0]!.calls);
  });

  it('never gives back, audits, records or logs the credentials', async () => {
    const answers = [
      (await op().get('/api/operator/vendors')).body,
      (await op().get('/api/operator/audit?limit=200')).body,
      (await op().get('/api/operator/imports')).body,
    ];
    const runs = await w.t.db.selectFrom('import_runs').select('id').execute();
    for (const r of runs) answers.push((await op().get(`/api/operator/imports/${r.id}`)).body);
    const { rows } = await sql<{ t: string }>`
      SELECT coalesce(string_agg(concat_ws('|', action, target, before::text, after::text), ' '), '') AS t FROM audit_log
      UNION ALL SELECT coalesce(string_agg(concat_ws('|', source, message), ' '), '') FROM import_runs
      UNION ALL SELECT coalesce(string_agg(concat_ws('|', key, reason, before::text, after::text), ' '), '') FROM import_run_lines`.execute(
      w.t.db,
    );
    const text = [...answers, ...rows.map((r) => r.t), ...w.logs].join('\n');
    // The vendor's calls were logged (with the token redacted from their URLs).
    expect(w.logs.join('\n')).toContain('vendor call');
    expect(text).not.toContain(es.accessKey);
    expect(text).not.toContain(es.secretKey);
    expect(text).toContain('Entity Sport');
  });

  it('clears the credentials (audited): the sync has none', async () => {
    const res = await op().delete(`${base}/credentials`);
    expect(res.json()).toMatchObject({ Configured: false, CredentialsFrom: null });
    const comps = await op().get(`${base}/competitions`);
    expect(comps.statusCode).toBe(400);
    const audit = await w.t.db.selectFrom('audit_log').select('action').orderBy('id', 'desc').limit(1).execute();
    expect(audit[0]!.action).toBe('vendor.credentials.clear');
  });
});

describe(`vendor credentials from the environment on ${DB_TARGET}`, () => {
  it('uses them when no operator entered any, and says so', async () => {
    const es = await startEsServer(seasonWorld(1));
    const w = await startVendorWorld(seasonWorld(1), {
      entitySport: { accessKey: es.accessKey, secretKey: es.secretKey, baseUrl: es.url },
    });
    try {
      const st = (await w.op.client.get('/api/operator/vendors')).json() as Status[];
      expect(st[0]).toMatchObject({ Configured: true, CredentialsFrom: 'environment', CredentialsSetAt: null });
      const comps = await w.op.client.get('/api/operator/vendors/entitysport/competitions');
      expect(comps.statusCode).toBe(200);
      expect(JSON.stringify(st)).not.toContain(es.secretKey);
    } finally {
      await w.close();
      await es.close();
    }
  });
});
