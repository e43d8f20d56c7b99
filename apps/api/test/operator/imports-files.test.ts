import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ImportsWorld, MATCHES, matchBytes, startImportsWorld, upload, writeCounts } from './imports-setup';

/** Schedule and squads files from the operator console: preview, apply, refusals (issue 18). */

const HEADER = 'season,match_number,start_time,home,away,home_code,away_code,venue,city';
const ROWS = {
  m1: 'IPL 2024,1,2024-03-22 14:30:00,Chennai Super Kings,Royal Challengers Bengaluru,CSK,RCB,"MA Chidambaram Stadium, Chepauk, Chennai",Chennai',
  m2: 'IPL 2024,2,2024-03-23 10:00:00,Punjab Kings,Delhi Capitals,PBKS,DC,Maharaja Yadavindra Singh International Cricket Stadium,Mullanpur',
  m3: 'IPL 2024,3,2024-03-23 14:00:00,Kolkata Knight Riders,Sunrisers Hyderabad,KKR,SRH,"Eden Gardens, Kolkata",Kolkata',
  m4: 'IPL 2024,4,2024-03-24 10:00:00,Rajasthan Royals,Lucknow Super Giants,RR,LSG,"Sawai Mansingh Stadium, Jaipur",Jaipur',
};
const csv = (...rows: string[]) => [HEADER, ...rows].join('\n');

describe('operator schedule and squads files', () => {
  let w: ImportsWorld;
  const schedule = (name: string, text: string, Apply: boolean) =>
    w.op.client.post('/api/operator/schedule', { File: upload(name, text), Apply });
  const squads = (name: string, text: string, Apply: boolean) =>
    w.op.client.post('/api/operator/squads', { File: upload(name, text), Apply });
  const statuses = (body: { Lines: { Key: string; Status: string }[] }) =>
    body.Lines.map((l) => `${l.Key}: ${l.Status}`);

  beforeAll(async () => {
    w = await startImportsWorld();
  });
  afterAll(async () => {
    await w.t.close();
  });

  it('previews a schedule without writing anything, and applying it does what the preview said', async () => {
    const file = csv(ROWS.m1, ROWS.m2, ROWS.m3, ROWS.m4);
    const before = await writeCounts(w.t);
    const preview = await schedule('ipl-2024.csv', file, false);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ ImportRunID: null, Outcome: 'preview', Kind: 'schedule' });
    expect(preview.json().Message).toMatch(/IPL 2024 does not exist yet/);
    expect(statuses(preview.json())).toEqual([
      'IPL 2024 Match 1: new',
      'IPL 2024 Match 2: new',
      'IPL 2024 Match 3: new',
      'IPL 2024 Match 4: new',
    ]);
    expect(preview.json().Lines[2].After).toMatchObject({
      Home: 'Kolkata Knight Riders',
      Venue: 'Eden Gardens, Kolkata',
    });
    expect(await writeCounts(w.t)).toEqual(before);

    const applied = await schedule('ipl-2024.csv', file, true);
    expect(applied.statusCode).toBe(200);
    const body = applied.json();
    expect(statuses(body)).toEqual(statuses(preview.json()));
    expect(body).toMatchObject({
      Outcome: 'succeeded',
      Trigger: 'console',
      StartedBy: expect.stringContaining('Olive Operator'),
    });
    expect(body.ImportRunID).toBeGreaterThan(0);
    const season = await w.t.db
      .selectFrom('seasons')
      .selectAll()
      .where('name', '=', 'IPL 2024')
      .executeTakeFirstOrThrow();
    expect(season).toMatchObject({ source: 'console', year: 2024 });
    const fixtures = await w.t.db.selectFrom('fixtures').selectAll().where('season_id', '=', season.id).execute();
    expect(fixtures.map((f) => f.status)).toEqual(['scheduled', 'scheduled', 'scheduled', 'scheduled']);
    const audit = await w.t.db.selectFrom('audit_log').selectAll().where('action', '=', 'schedule.apply').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.target).toBe(`season ${season.id} (IPL 2024)`);

    // The same file again: all unchanged.
    const again = await schedule('ipl-2024.csv', file, false);
    expect(again.json().Lines.map((l: { Status: string }) => l.Status)).toEqual(Array(4).fill('unchanged'));
  });

  it('reports moved fixtures with before and after, and moving them keeps their picks', async () => {
    const f2 = await w.t.db.selectFrom('fixtures').selectAll().where('name', '=', 'Match 2').executeTakeFirstOrThrow();
    // A pick on Match 2, made before it moves.
    const now = new Date();
    const league = await w.t.db
      .insertInto('leagues')
      .values({
        name: 'Movers',
        code: 'MOVERS01',
        league_type: 'MP',
        is_private: true,
        season_id: f2.season_id,
        admin_user_id: w.user.userId,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const feature = await w.t.db.selectFrom('features').select('id').orderBy('id').executeTakeFirstOrThrow();
    const config = await w.t.db
      .insertInto('league_configurations')
      .values({ league_id: league.id, feature_id: feature.id, points: 10 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await w.t.db
      .insertInto('league_selections')
      .values({
        league_id: league.id,
        user_id: w.user.userId,
        fixture_id: f2.id,
        league_configuration_id: config.id,
        team_id: f2.local_team_id,
        created_at: now,
        updated_at: now,
      })
      .execute();

    const moved2 = ROWS.m2.replace('2024-03-23 10:00:00', '2024-03-23 14:00:00');
    const moved3 = ROWS.m3.replace('"Eden Gardens, Kolkata"', 'Wankhede Stadium');
    const file = JSON.stringify(
      [ROWS.m1, moved2, moved3].map((r) => {
        const [season, matchNumber, startTime, home, away] = r.split(',');
        const venue = r === moved3 ? 'Wankhede Stadium' : undefined;
        return { season, matchNumber: Number(matchNumber), startTime, home, away, ...(venue ? { venue } : {}) };
      }),
    );
    const preview = await schedule('moves.json', file, false);
    expect(preview.statusCode).toBe(200);
    expect(statuses(preview.json())).toEqual([
      'IPL 2024 Match 1: unchanged',
      'IPL 2024 Match 2: moved',
      'IPL 2024 Match 3: moved',
    ]);
    const line2 = preview.json().Lines[1];
    expect(line2.FixtureID).toBe(f2.id);
    expect(line2.Before.StartTime).toBe('2024-03-23T10:00:00.000Z');
    expect(line2.After.StartTime).toBe('2024-03-23T14:00:00.000Z');
    expect(preview.json().Lines[2].Before.Venue).toBe('Eden Gardens, Kolkata');
    expect(preview.json().Lines[2].After.Venue).toBe('Wankhede Stadium');

    const applied = await schedule('moves.json', file, true);
    expect(applied.statusCode).toBe(200);
    expect(statuses(applied.json())).toEqual(statuses(preview.json()));
    const after = await w.t.db.selectFrom('fixtures').selectAll().where('id', '=', f2.id).executeTakeFirstOrThrow();
    expect(after.start_time.toISOString()).toBe('2024-03-23T14:00:00.000Z');
    const picks = await w.t.db.selectFrom('league_selections').selectAll().where('fixture_id', '=', f2.id).execute();
    expect(picks).toHaveLength(1);
  });

  it('refuses the whole file when a row conflicts or fails, writing nothing but a failed run', async () => {
    // Match 1 played (a real Cricsheet file): its teams can no longer change.
    const up = await w.op.client.post('/api/operator/results/cricsheet', {
      Files: [upload(`${MATCHES[0]}.json`, matchBytes(MATCHES[0]))],
    });
    expect(up.json().Lines[0]).toMatchObject({ Status: 'imported' });
    const file = csv(
      ROWS.m1.replace('Chennai Super Kings,Royal Challengers Bengaluru,CSK,RCB', 'Gujarat Titans,Mumbai Indians,GT,MI'),
      ROWS.m4,
      ROWS.m4.replace('10:00:00', '11:00:00'),
      'IPL 2024,5,2024-03-24 14:00:00,Gujarat Titans,Mumbai Indians,GT,MI,Ahmedabad,Ahmedabad',
      'IPL 2024,6,next tuesday,Punjab Kings,Delhi Capitals,PBKS,DC,,',
    );
    const before = await writeCounts(w.t);
    const preview = await schedule('bad.csv', file, false);
    expect(preview.statusCode).toBe(200);
    expect(statuses(preview.json())).toEqual([
      'IPL 2024 Match 1: conflict',
      'IPL 2024 Match 4: unchanged',
      'IPL 2024 Match 4: conflict',
      'IPL 2024 Match 5: new',
      'bad.csv row 6: failed',
    ]);
    expect(preview.json().Lines[0].Reason).toMatch(
      /completed between Royal Challengers Bengaluru and Chennai Super Kings|completed between Chennai Super Kings and Royal Challengers Bengaluru/,
    );
    expect(preview.json().Lines[2].Reason).toMatch(/another row of the file/);
    expect(preview.json().Lines[4].Reason).toMatch(/start time "next tuesday"/);
    expect(await writeCounts(w.t)).toEqual(before);

    const applied = await schedule('bad.csv', file, true);
    expect(applied.statusCode).toBe(400);
    expect(applied.json().error.message).toMatch(
      /^Nothing was applied: 3 rows cannot be taken \(first: IPL 2024 Match 1 — conflict/,
    );
    const afterCounts = await writeCounts(w.t);
    expect(afterCounts.import_runs).toBe(before.import_runs! + 1);
    expect({ ...afterCounts, import_runs: 0, import_run_lines: 0 }).toEqual({
      ...before,
      import_runs: 0,
      import_run_lines: 0,
    });
    const run = await w.t.db.selectFrom('import_runs').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(run).toMatchObject({ kind: 'schedule', trigger: 'console', outcome: 'failed', source: 'bad.csv' });
  });

  it('uses a season created in the console by its name', async () => {
    const s = await w.t.db
      .insertInto('seasons')
      .values({ name: 'IPL 2031', competition: 'Indian Premier League', year: 2031, source: 'console' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await schedule(
      's.json',
      JSON.stringify({
        season: 'IPL 2031',
        fixtures: [
          { matchNumber: 1, startTime: '2031-03-20T14:00:00Z', home: 'Chennai Super Kings', away: 'Mumbai Indians' },
        ],
      }),
      true,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().Message).toBeNull();
    const f = await w.t.db
      .selectFrom('fixtures')
      .select('season_id')
      .where('id', '=', res.json().Lines[0].FixtureID)
      .executeTakeFirstOrThrow();
    expect(f.season_id).toBe(s.id);
    expect(await w.t.db.selectFrom('seasons').select('id').where('name', '=', 'IPL 2031').execute()).toHaveLength(1);
  });

  it('previews and applies squads from CSV and JSON: new, moved, unchanged, and refuses conflicts', async () => {
    const sq = [
      'season,team,team_code,player,cricsheet_id,position',
      'IPL 2031,Chennai Super Kings,CSK,MS Dhoni,4a8a2e3b,Wicketkeeper',
      'IPL 2031,Chennai Super Kings,CSK,RD Gaikwad,45a43fe2,Batsman',
      'IPL 2031,Mumbai Indians,MI,JJ Bumrah,462411b3,Bowler',
    ].join('\n');
    const before = await writeCounts(w.t);
    const preview = await squads('squads.csv', sq, false);
    expect(preview.statusCode).toBe(200);
    expect(statuses(preview.json())).toEqual(['CSK: MS Dhoni: new', 'CSK: RD Gaikwad: new', 'MI: JJ Bumrah: new']);
    expect(await writeCounts(w.t)).toEqual(before);
    const applied = await squads('squads.csv', sq, true);
    expect(applied.statusCode).toBe(200);
    expect(statuses(applied.json())).toEqual(statuses(preview.json()));
    const season = await w.t.db
      .selectFrom('seasons')
      .select('id')
      .where('name', '=', 'IPL 2031')
      .executeTakeFirstOrThrow();
    const inSquads = await w.t.db.selectFrom('squads').select('player_id').where('season_id', '=', season.id).execute();
    expect(inSquads).toHaveLength(3);
    expect(
      await w.t.db.selectFrom('audit_log').select('action').where('action', '=', 'squads.apply').execute(),
    ).toHaveLength(1);

    const json = JSON.stringify({
      season: 'IPL 2031',
      teams: [
        {
          name: 'Chennai Super Kings',
          code: 'CSK',
          players: [
            { name: 'MS Dhoni', cricsheetId: '4a8a2e3b', position: 'Batsman' },
            { name: 'RD Gaikwad', cricsheetId: '45a43fe2', position: 'Batsman' },
          ],
        },
      ],
    });
    const moved = await squads('squads.json', json, false);
    expect(statuses(moved.json())).toEqual(['CSK: MS Dhoni: moved', 'CSK: RD Gaikwad: unchanged']);
    expect(moved.json().Lines[0].Before).toMatchObject({ Position: 'Wicketkeeper' });
    expect(moved.json().Lines[0].After).toMatchObject({ Position: 'Batsman' });
    expect((await squads('squads.json', json, true)).statusCode).toBe(200);
    const dhoni = await w.t.db
      .selectFrom('players')
      .selectAll()
      .where('cricsheet_id', '=', '4a8a2e3b')
      .executeTakeFirstOrThrow();
    expect(dhoni).toMatchObject({ position_id: 1, position_source: 'data' }); // Batsman

    const bad = [
      'season,team,team_code,player,cricsheet_id,position',
      'IPL 2031,Mumbai Indians,MI,HH Pandya,aaaa0001,Allrounder',
      'IPL 2031,Mumbai Indians,MI,HH Pandya again,aaaa0001,Allrounder',
      'IPL 2031,Mumbai Indians,MI,SA Yadav,aaaa0002,Keeper-ish',
    ].join('\n');
    const counts = await writeCounts(w.t);
    const badPreview = await squads('bad.csv', bad, false);
    expect(statuses(badPreview.json())).toEqual([
      'MI: HH Pandya: new',
      'MI: HH Pandya again: conflict',
      'MI: SA Yadav: failed',
    ]);
    expect(badPreview.json().Lines[2].Reason).toMatch(/unknown position "Keeper-ish"/);
    const refused = await squads('bad.csv', bad, true);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toMatch(/2 rows cannot be taken/);
    const now = await writeCounts(w.t);
    expect(now.players).toBe(counts.players);
    expect(now.squads).toBe(counts.squads);
  });

  it('answers 4xx, never 500, for garbage uploads, wrong types, and people who are not operators', async () => {
    const garbage = await w.op.client.post('/api/operator/schedule', {
      File: { FileName: 'x.csv', ContentBase64: '%%% not base64 %%%' },
      Apply: false,
    });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().error.message).toMatch(/not base64/);
    const wrongType = await w.op.client.post('/api/operator/schedule', { File: upload('x.csv', 'a'), Apply: 'yes' });
    expect(wrongType.statusCode).toBe(400);
    const notJson = await schedule('x.json', '{ not json', true);
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().error.message).toMatch(/x\.json: not valid JSON/);
    const binary = await w.op.client.post('/api/operator/squads', {
      File: { FileName: 'x.csv', ContentBase64: Buffer.from([0xff, 0xfe, 0x00, 0xc3]).toString('base64') },
      Apply: false,
    });
    expect(binary.statusCode).toBe(400);
    const noSeason = await squads('s.json', JSON.stringify({ teams: [] }), false);
    expect(noSeason.statusCode).toBe(400);
    expect(noSeason.json().error.message).toMatch(/season/);
    const user = await w.user.client.post('/api/operator/schedule', {
      File: upload('x.csv', csv(ROWS.m1)),
      Apply: false,
    });
    expect(user.statusCode).toBe(403);
    const anonymous = await w.t.client().post('/api/operator/squads', { File: upload('x.csv', 'a'), Apply: false });
    expect(anonymous.statusCode).toBe(401);
  });
});
