import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importSchedule } from '../../src/cricket/import/schedule';
import { linesOfRows, withCliRun } from '../../src/operator/cli-runs';
import {
  type ImportsWorld,
  MATCHES,
  matchBytes,
  matchJson,
  scoring,
  startImportsWorld,
  upload,
  writeCounts,
} from './imports-setup';

/** Results from the operator console: Cricsheet uploads, results set by hand, fixtures, import history (issue 18). */

describe('operator results and import history', () => {
  let w: ImportsWorld;
  const post = (Files: { FileName: string; ContentBase64: string }[], Prefer?: string[]) =>
    w.op.client.post('/api/operator/results/cricsheet', { Files, ...(Prefer ? { Prefer } : {}) });
  const lines = (body: { Lines: { Key: string; Status: string }[] }) => body.Lines.map((l) => `${l.Key}: ${l.Status}`);
  const fixtureOf = async (matchId: string) =>
    await w.t.db.selectFrom('fixtures').selectAll().where('cricsheet_match_id', '=', matchId).executeTakeFirstOrThrow();

  beforeAll(async () => {
    w = await startImportsWorld();
  });
  afterAll(async () => {
    await w.t.close();
  });

  it('imports one file, then many, then a zip; the same file again is unchanged', async () => {
    const one = await post([upload(`${MATCHES[0]}.json`, matchBytes(MATCHES[0]))]);
    expect(one.statusCode).toBe(200);
    expect(lines(one.json())).toEqual([`${MATCHES[0]}.json: imported`]);
    const f1 = await fixtureOf(MATCHES[0]);
    expect(one.json()).toMatchObject({ Kind: 'cricsheet', Outcome: 'succeeded', RescoredFixtureIDs: [f1.id] });

    const many = await post([
      upload(`${MATCHES[0]}.json`, matchBytes(MATCHES[0])),
      upload(`${MATCHES[1]}.json`, matchBytes(MATCHES[1])),
    ]);
    expect(lines(many.json())).toEqual([`${MATCHES[0]}.json: unchanged`, `${MATCHES[1]}.json: imported`]);

    const zip = zipSync({
      [`ipl/${MATCHES[2]}.json`]: new Uint8Array(matchBytes(MATCHES[2])),
      [`ipl/${MATCHES[3]}.json`]: new Uint8Array(matchBytes(MATCHES[3])),
      'ipl/README.txt': new TextEncoder().encode('not a match'),
    });
    const zipped = await post([upload('recent.zip', zip)]);
    expect(zipped.statusCode).toBe(200);
    expect(lines(zipped.json()).sort()).toEqual([`${MATCHES[2]}.json: imported`, `${MATCHES[3]}.json: imported`]);
    const audit = await w.t.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'results.upload')
      .execute();
    expect(audit).toHaveLength(3);
  });

  it('reports an edited file as updated and re-scores its fixture', async () => {
    const m = matchJson(MATCHES[2]);
    const f = await fixtureOf(MATCHES[2]);
    const before = await scoring(w.t, f.id);
    // A correction: the first ball of the match was a six, not a dot.
    const d = m.innings[0]!.overs[0]!.deliveries[0]!;
    const extras = d.runs?.extras ?? 0;
    d.runs = { batter: 6, extras, total: extras + 6 };
    const res = await post([upload(`${MATCHES[2]}.json`, JSON.stringify(m))]);
    expect(res.statusCode).toBe(200);
    expect(lines(res.json())).toEqual([`${MATCHES[2]}.json: updated`]);
    expect(res.json().RescoredFixtureIDs).toContain(f.id);
    expect(await scoring(w.t, f.id)).not.toBe(before);
  });

  it('reports a malformed file as failed with its JSON path and writes nothing', async () => {
    const m = matchJson('1422123');
    delete m.innings[1]!.overs[2]!.deliveries[3]!.runs;
    const counts = await writeCounts(w.t);
    const res = await post([upload('1422123.json', JSON.stringify(m)), upload('junk.json', '{ nope')]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.Outcome).toBe('failed');
    const bad = body.Lines.find((l: { Key: string }) => l.Key === '1422123.json');
    expect(bad).toMatchObject({ Status: 'failed' });
    expect(bad.Path).toMatch(/^innings\[1\]\.overs\[2\]\.deliveries\[3\]/);
    expect(body.Lines.find((l: { Key: string }) => l.Key === 'junk.json')).toMatchObject({
      Status: 'failed',
      Path: '$',
    });
    const now = await writeCounts(w.t);
    expect({ ...now, import_runs: 0, import_run_lines: 0, audit_log: 0 }).toEqual({
      ...counts,
      import_runs: 0,
      import_run_lines: 0,
      audit_log: 0,
    });
  });

  it('answers 400 for a broken zip, garbage base64 or wrong types, changing nothing', async () => {
    const counts = await writeCounts(w.t);
    const broken = await post([upload('broken.zip', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5]))]);
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.message).toMatch(/broken\.zip: not a readable zip file/);
    const garbage = await w.op.client.post('/api/operator/results/cricsheet', {
      Files: [{ FileName: 'a.json', ContentBase64: '***' }],
    });
    expect(garbage.statusCode).toBe(400);
    expect((await w.op.client.post('/api/operator/results/cricsheet', { Files: 'a.json' })).statusCode).toBe(400);
    expect((await w.op.client.post('/api/operator/results/cricsheet', { Files: [] })).statusCode).toBe(400);
    const now = await writeCounts(w.t);
    expect({ ...now, import_runs: 0, import_run_lines: 0 }).toEqual({ ...counts, import_runs: 0, import_run_lines: 0 });
    const run = await w.t.db.selectFrom('import_runs').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(run).toMatchObject({ kind: 'cricsheet', outcome: 'failed' });
    expect(
      (await w.user.client.post('/api/operator/results/cricsheet', { Files: [upload('a.json', '{}')] })).statusCode,
    ).toBe(403);
  });

  it("lists a season's fixtures with the result as read and where it came from", async () => {
    const f = await fixtureOf(MATCHES[3]);
    const res = await w.op.client.get(`/api/operator/fixtures?seasonId=${f.season_id}`);
    expect(res.statusCode).toBe(200);
    const rows = res.json() as { FixtureID: number; Result: string; ResultSource: string; PlayerOfMatch: string[] }[];
    expect(rows.find((r) => r.FixtureID === f.id)).toMatchObject({
      Result: 'RR won by 20 runs',
      ResultSource: 'cricsheet',
      PlayerOfMatch: ['SV Samson'],
    });
    const rr = (await w.t.db.selectFrom('teams').select('id').where('code', '=', 'RR').executeTakeFirstOrThrow()).id;
    const samson = (
      await w.t.db.selectFrom('players').select('id').where('full_name', '=', 'SV Samson').executeTakeFirstOrThrow()
    ).id;
    expect(rows.find((r) => r.FixtureID === f.id)).toMatchObject({
      Current: {
        Status: 'completed',
        Tie: false,
        WinnerTeamID: rr,
        WonByRuns: 20,
        WonByWickets: null,
        PlayerOfMatchIDs: [samson],
      },
    });
    expect((await w.op.client.get('/api/operator/fixtures?seasonId=99999')).statusCode).toBe(404);
    expect((await w.op.client.get('/api/operator/fixtures?seasonId=abc')).statusCode).toBe(400);
  });

  it('marks a fixture washed out and corrects a result, re-scoring each time', async () => {
    const f = await fixtureOf(MATCHES[3]);
    const url = `/api/operator/fixtures/${f.id}/result`;
    const played = await scoring(w.t, f.id);
    const washed = await w.op.client.post(url, { Status: 'washed_out' });
    expect(washed.statusCode).toBe(200);
    expect(washed.json()).toMatchObject({ Kind: 'result', RescoredFixtureIDs: [f.id] });
    expect(washed.json().Lines[0]).toMatchObject({
      Status: 'updated',
      Before: { Status: 'completed', Result: 'RR won by 20 runs' },
      After: { Status: 'abandoned', Result: 'Abandoned', PlayerOfMatch: [] },
    });
    const afterWash = await scoring(w.t, f.id);
    expect(afterWash).not.toBe(played);
    const again = await w.op.client.post(url, { Status: 'washed_out' });
    expect(again.json().Lines[0].Status).toBe('unchanged');
    expect(again.json().RescoredFixtureIDs).toEqual([]);

    const lsg = (await w.t.db.selectFrom('teams').select('id').where('code', '=', 'LSG').executeTakeFirstOrThrow()).id;
    const pooran = await w.t.db
      .selectFrom('players')
      .select('id')
      .where('full_name', '=', 'N Pooran')
      .executeTakeFirstOrThrow();
    const corrected = await w.op.client.post(url, {
      Status: 'completed',
      WinnerTeamID: lsg,
      WonByWickets: 3,
      PlayerOfMatchIDs: [pooran.id],
    });
    expect(corrected.statusCode).toBe(200);
    expect(corrected.json().Lines[0].After).toMatchObject({ Status: 'completed', Result: 'LSG won by 3 wickets' });
    expect(await scoring(w.t, f.id)).not.toBe(afterWash);
    const listed = (await w.op.client.get(`/api/operator/fixtures?seasonId=${f.season_id}`)).json();
    expect(listed.find((r: { FixtureID: number }) => r.FixtureID === f.id)).toMatchObject({
      Status: 'completed',
      Result: 'LSG won by 3 wickets',
      PlayerOfMatch: ['N Pooran'],
    });
    // The stored result in the request's shape (what the correction form starts from): sent back as it
    // is, it changes nothing.
    const current = listed.find((r: { FixtureID: number }) => r.FixtureID === f.id).Current;
    expect(current).toMatchObject({
      Status: 'completed',
      WinnerTeamID: lsg,
      WonByWickets: 3,
      PlayerOfMatchIDs: [pooran.id],
    });
    expect((await w.op.client.post(url, current)).json().Lines[0].Status).toBe('unchanged');
    const audit = await w.t.db.selectFrom('audit_log').selectAll().where('action', '=', 'fixture.result').execute();
    // Washed out, corrected; not the unchanged repeats (they are runs in the history, not changes).
    expect(audit).toHaveLength(2);
    expect(audit[0]!.target).toContain(`fixture ${f.id}`);

    // Results that do not hold together, or a fixture that has not started: 400; unknown: 404.
    const bad = async (body: Record<string, unknown>, message: RegExp) => {
      const res = await w.op.client.post(url, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toMatch(message);
    };
    const other = await w.t.db.selectFrom('teams').select('id').where('code', '=', 'KKR').executeTakeFirstOrThrow();
    await bad({ Status: 'completed', WinnerTeamID: other.id, WonByRuns: 5 }, /must be one of the fixture's teams/);
    await bad({ Status: 'completed', WinnerTeamID: lsg, WonByRuns: 5, WonByWickets: 2 }, /by runs or by wickets/);
    await bad({ Status: 'completed' }, /needs a winner, or a tie/);
    await bad({ Status: 'completed', Tie: true, WinnerTeamID: lsg }, /tied fixture has no winner/);
    await bad({ Status: 'no_result', WinnerTeamID: lsg }, /has no winner/);
    const outsider = await w.t.db
      .selectFrom('players')
      .select('id')
      .where('full_name', '=', 'AD Russell')
      .executeTakeFirstOrThrow();
    await bad(
      { Status: 'completed', WinnerTeamID: lsg, PlayerOfMatchIDs: [outsider.id] },
      /not in either team's squad/,
    );
    await bad({ Status: 'rained_off' }, /.+/);
    expect((await w.op.client.post('/api/operator/fixtures/999999/result', { Status: 'no_result' })).statusCode).toBe(
      404,
    );

    const [future] = await importSchedule(w.t.db, [
      {
        season: 'IPL 2024',
        matchNumber: 70,
        startTime: '2099-05-19T14:00:00Z',
        home: 'Rajasthan Royals',
        away: 'Kolkata Knight Riders',
      },
    ]);
    const notYet = await w.op.client.post(`/api/operator/fixtures/${future!.fixtureId}/result`, {
      Status: 'no_result',
    });
    expect(notYet.statusCode).toBe(400);
    expect(notYet.json().error.message).toMatch(/has not started yet/);
  });

  it('keeps the history of every run, with who started it, page by page, and CLI runs too', async () => {
    await withCliRun(w.t.db, 'schedule', '/tmp/s.json', async () => {
      const rows = await importSchedule(w.t.db, [
        {
          season: 'IPL 2024',
          matchNumber: 71,
          startTime: '2099-05-20T14:00:00Z',
          home: 'Rajasthan Royals',
          away: 'Punjab Kings',
        },
      ]);
      return { value: rows, result: { lines: linesOfRows(rows) } };
    });
    const first = await w.op.client.get('/api/operator/imports?limit=3');
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(page.Runs).toHaveLength(3);
    expect(page.Runs[0]).toMatchObject({
      Kind: 'schedule',
      Trigger: 'cli',
      StartedBy: expect.stringMatching(/^cli \(/),
    });
    expect(page.Runs[1]).toMatchObject({
      Kind: 'result',
      Trigger: 'console',
      StartedBy: expect.stringContaining('Olive Operator'),
    });
    const ids: number[] = page.Runs.map((r: { ImportRunID: number }) => r.ImportRunID);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const next = (await w.op.client.get(`/api/operator/imports?limit=3&before=${page.NextBefore}`)).json();
    expect(next.Runs[0].ImportRunID).toBeLessThan(ids[2]!);
    let all = 0;
    let before: number | null = null;
    do {
      const p: { Runs: unknown[]; NextBefore: number | null } = (
        await w.op.client.get(`/api/operator/imports?limit=200${before ? `&before=${before}` : ''}`)
      ).json();
      all += p.Runs.length;
      before = p.NextBefore;
    } while (before);
    expect(all).toBe((await w.t.db.selectFrom('import_runs').select('id').execute()).length);

    const cli = (await w.op.client.get(`/api/operator/imports/${ids[0]}`)).json();
    expect(cli.Lines).toEqual([expect.objectContaining({ Line: 1, Key: 'IPL 2024 Match 71', Status: 'created' })]);
    const upload1 = (await w.op.client.get('/api/operator/imports?limit=200')).json().Runs.at(-1);
    const report = (await w.op.client.get(`/api/operator/imports/${upload1.ImportRunID}`)).json();
    expect(report).toMatchObject({ Kind: 'cricsheet', Lines: [expect.objectContaining({ Status: 'imported' })] });
    expect((await w.op.client.get('/api/operator/imports/999999')).statusCode).toBe(404);
    expect((await w.op.client.get('/api/operator/imports/abc')).statusCode).toBe(400);
    expect((await w.op.client.get('/api/operator/imports?before=-1')).statusCode).toBe(400);
    expect((await w.user.client.get('/api/operator/imports')).statusCode).toBe(403);
    expect((await w.t.client().get('/api/operator/imports/1')).statusCode).toBe(401);
  });
});
