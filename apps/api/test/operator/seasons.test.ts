import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seasonRules } from '../../src/operator/seasons';
import { DB_TARGET } from '../db';
import type { SignedIn } from '../helpers';
import { type LeagueWorld, person, startLeagueWorld } from '../leagues/setup';
import { auditRows, cli, makeOperator } from './setup';

let w: LeagueWorld;
let op: SignedIn;
let user: SignedIn;

beforeAll(async () => {
  w = await startLeagueWorld();
  op = await person(w.t, 'Olu', 'Operator');
  user = await person(w.t, 'Uma', 'User');
  await makeOperator(w.t.db, op);
});
afterAll(async () => {
  await w.t.close();
});

interface Season {
  SeasonID: number;
  Name: string;
  Active: boolean;
  [k: string]: unknown;
}
const seasons = async (): Promise<Season[]> => {
  const res = await op.client.get('/api/operator/seasons');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const seriesSeasonIds = async () => [
  ...new Set(
    ((await user.client.get('/api/stage/active_stages_namelist')).json() as { SeasonID: number }[]).map(
      (s) => s.SeasonID,
    ),
  ),
];
const homeStats = async () => (await user.client.get('/api/player_stats/')).json() as { Header: string }[];

describe(`seasons in the operator console on ${DB_TARGET}`, () => {
  it("lists the demo season with its counts, as the fixtures' statuses say", async () => {
    const demo = (await seasons()).find((s) => s.SeasonID === w.seasonId)!;
    const db = w.t.db;
    const fixtures = await db
      .selectFrom('fixtures')
      .select(['status', 'start_time'])
      .where('season_id', '=', w.seasonId)
      .execute();
    const starts = fixtures.map((f) => f.start_time.getTime());
    expect(demo).toEqual({
      SeasonID: w.seasonId,
      Name: w.seasonName,
      Competition: expect.any(String),
      Year: expect.any(Number),
      Source: 'demo',
      Active: true,
      Teams: 8,
      Fixtures: fixtures.length,
      Completed: fixtures.filter((f) => ['completed', 'no_result', 'abandoned'].includes(f.status)).length,
      Scheduled: fixtures.filter((f) => f.status === 'scheduled').length,
      FirstStart: new Date(Math.min(...starts)).toISOString(),
      LastStart: new Date(Math.max(...starts)).toISOString(),
    });
    expect(demo.Completed).toBeGreaterThan(0);
    expect(demo.Scheduled).toBeGreaterThan(0);
  });

  it('creates a season inactive, from the console, audited; the series list does not show it yet', async () => {
    const res = await op.client.post('/api/operator/seasons', {
      Name: ' IPL 2031 ',
      Competition: 'Indian Premier League',
      Year: 2031,
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      Name: 'IPL 2031',
      Competition: 'Indian Premier League',
      Year: 2031,
      Source: 'console',
      Active: false,
      Teams: 0,
      Fixtures: 0,
      Completed: 0,
      Scheduled: 0,
      FirstStart: null,
      LastStart: null,
    });
    expect((await seasons())[0]).toEqual(created); // newest first
    expect(await seriesSeasonIds()).not.toContain(created.SeasonID);

    const entry = (await auditRows(w.t.db)).at(-1)!;
    expect(entry).toMatchObject({
      actor_user_id: op.userId,
      action: 'season.create',
      target: `season ${created.SeasonID} (IPL 2031)`,
      before: null,
      after: { SeasonID: created.SeasonID, Name: 'IPL 2031', Active: false, Source: 'console' },
    });
  });

  it('refuses a name that exists in any case, and a blank name (400, nothing written)', async () => {
    const before = { seasons: await seasons(), audit: await auditRows(w.t.db) };
    const dup = await op.client.post('/api/operator/seasons', { Name: 'ipl 2031', Competition: 'IPL', Year: 2031 });
    expect([dup.statusCode, dup.json().error.message]).toEqual([400, seasonRules.nameTaken('IPL 2031')]);
    const demo = await op.client.post('/api/operator/seasons', { Name: w.seasonName, Competition: 'x', Year: 2030 });
    expect(demo.statusCode).toBe(400);
    const blank = await op.client.post('/api/operator/seasons', { Name: '   ', Competition: 'IPL', Year: 2031 });
    expect(blank.statusCode).toBe(400);
    expect(typeof blank.json().error.message).toBe('string');
    const badYear = await op.client.post('/api/operator/seasons', { Name: 'Old', Competition: 'IPL', Year: 1200 });
    expect(badYear.statusCode).toBe(400);
    expect(await seasons()).toEqual(before.seasons);
    expect(await auditRows(w.t.db)).toEqual(before.audit);
  });

  it('activating shows it in the Start League series list, with the audit before and after', async () => {
    const id = (await seasons()).find((s) => s.Name === 'IPL 2031')!.SeasonID;
    const res = await op.client.post(`/api/operator/seasons/${id}/activation`, { Active: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ SeasonID: id, Active: true });
    expect(await seriesSeasonIds()).toEqual(expect.arrayContaining([id, w.seasonId]));
    const entry = (await auditRows(w.t.db)).at(-1)!;
    expect(entry).toMatchObject({
      action: 'season.activate',
      target: `season ${id} (IPL 2031)`,
      before: { SeasonID: id, Active: false },
      after: { SeasonID: id, Active: true },
    });

    // Asking again changes nothing and records nothing.
    const count = (await auditRows(w.t.db)).length;
    const again = await op.client.post(`/api/operator/seasons/${id}/activation`, { Active: true });
    expect([again.statusCode, again.json().Active]).toEqual([200, true]);
    expect(await auditRows(w.t.db)).toHaveLength(count);
  });

  it('deactivating the demo season hides it from the series list and the home statistics; activating brings them back', async () => {
    const shown = await homeStats();
    expect(shown.length).toBeGreaterThan(0);
    const off = await op.client.post(`/api/operator/seasons/${w.seasonId}/activation`, { Active: false });
    expect([off.statusCode, off.json().Active]).toEqual([200, false]);
    expect(await seriesSeasonIds()).not.toContain(w.seasonId);
    expect(await homeStats()).toEqual([]);
    expect((await auditRows(w.t.db)).at(-1)).toMatchObject({
      action: 'season.deactivate',
      before: { SeasonID: w.seasonId, Active: true },
      after: { SeasonID: w.seasonId, Active: false },
    });

    const on = await op.client.post(`/api/operator/seasons/${w.seasonId}/activation`, { Active: true });
    expect(on.statusCode).toBe(200);
    expect(await seriesSeasonIds()).toContain(w.seasonId);
    expect(await homeStats()).toEqual(shown);
  });

  it('an unknown season is 404; a non-operator is 403 and changes nothing', async () => {
    const unknown = await op.client.post('/api/operator/seasons/999999/activation', { Active: true });
    expect([unknown.statusCode, unknown.json().error.message]).toEqual([404, seasonRules.notFound]);
    const count = (await auditRows(w.t.db)).length;
    const refused = await user.client.post(`/api/operator/seasons/${w.seasonId}/activation`, { Active: false });
    expect(refused.statusCode).toBe(403);
    const create = await user.client.post('/api/operator/seasons', { Name: 'Sneaky', Competition: 'x', Year: 2030 });
    expect(create.statusCode).toBe(403);
    expect(await seriesSeasonIds()).toContain(w.seasonId);
    expect(await auditRows(w.t.db)).toHaveLength(count);
  });
});

describe(`season activate|deactivate from the command line on ${DB_TARGET}`, () => {
  it('is audited as the CLI, and an unknown name exits 1', async () => {
    const off = await cli(w.t.db, ['season', 'deactivate', 'IPL 2031']);
    expect([off.code, off.out]).toEqual([0, ['IPL 2031: deactivated']]);
    expect((await auditRows(w.t.db)).at(-1)).toMatchObject({
      actor_user_id: null,
      actor_label: 'cli (tester)',
      action: 'season.deactivate',
      before: { Name: 'IPL 2031', Active: true },
      after: { Name: 'IPL 2031', Active: false },
    });
    expect(await seriesSeasonIds()).not.toContain((await seasons()).find((s) => s.Name === 'IPL 2031')!.SeasonID);

    const count = (await auditRows(w.t.db)).length;
    const again = await cli(w.t.db, ['season', 'deactivate', 'IPL 2031']);
    expect([again.code, again.out]).toEqual([0, ['IPL 2031: already deactivated, nothing changed']]);
    const unknown = await cli(w.t.db, ['season', 'activate', 'No Such Cup']);
    expect([unknown.code, unknown.err]).toEqual([1, [seasonRules.noSeasonNamed('No Such Cup')]]);
    expect(await auditRows(w.t.db)).toHaveLength(count);

    const on = await cli(w.t.db, ['season', 'activate', 'IPL 2031']);
    expect(on.code).toBe(0);
    expect((await auditRows(w.t.db)).at(-1)).toMatchObject({ action: 'season.activate', after: { Active: true } });
  });
});
