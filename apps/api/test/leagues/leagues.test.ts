import { featurePointsError, messages } from '@fantasy-cricket/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURES } from '../../src/cricket/catalogue';
import { playerStats } from '../../src/cricket/stats';
import { apiMessages } from '../../src/http/errors';
import { LEAGUE_CODE_ALPHABET } from '../../src/leagues/codes';
import { updateConfigurations } from '../../src/leagues/config';
import { leagueFixtureList } from '../../src/picks/options';
import type { SignedIn } from '../helpers';
import { type LeagueWorld, createLeague, expectRefused, leagueTables, person, startLeagueWorld } from './setup';

const L = messages.leagueApi;
let w: LeagueWorld;
let a: SignedIn;
let b: SignedIn;
let c: SignedIn;
let d: SignedIn;

beforeAll(async () => {
  w = await startLeagueWorld();
  a = await person(w.t, 'Asha', 'Patel');
  b = await person(w.t, 'Ben', 'Okafor');
  c = await person(w.t, 'Chen', 'Li');
  d = await person(w.t, 'Dara', 'Quinn');
});
afterAll(async () => {
  await w.t.close();
});

const codeShape = new RegExp(`^[${LEAGUE_CODE_ALPHABET}]{8}$`);

describe('reference data', () => {
  it('lists the two league types and the active series (season, then its stages)', async () => {
    const types = await a.client.get('/api/leaguetype/getAll');
    expect(types.json()).toEqual([
      { ID: 1, Name: 'Match Prediction' },
      { ID: 2, Name: 'Player Selection' },
    ]);
    const series = (await a.client.get('/api/stage/active_stages_namelist')).json();
    expect(series[0]).toEqual({ StageID: null, StageName: null, SeasonID: w.seasonId, SeasonName: w.seasonName });
    for (const s of series) expect(s.SeasonName).toBe(w.seasonName);
  });

  it('serves the stats widgets with every entry key (no serializer stripping)', async () => {
    const res = await a.client.get('/api/player_stats/');
    expect(res.statusCode).toBe(200);
    const expected = await playerStats(w.t.db);
    expect(expected.length).toBeGreaterThan(0);
    expect(res.json()).toEqual(JSON.parse(JSON.stringify(expected)));
    expect(Object.keys(res.json()[0].StatEntry[0])).toContain('Player');
  });

  it('needs a session', async () => {
    const anon = w.t.client();
    expect((await anon.get('/api/leaguetype/getAll')).statusCode).toBe(401);
    expect((await anon.get(`/api/league/userLeagues/${a.userId}`)).statusCode).toBe(401);
  });
});

describe('creating a league', () => {
  it('starts Draft with the creator as admin and Approved member, a code and the default configuration', async () => {
    const ps = await createLeague(w, a, { name: '  Office XI  ', type: 2, displayName: ' Skipper ' });
    expect(ps.message).toBe(messages.startLeague.created);
    expect(ps.LeagueCode).toMatch(codeShape);
    const league = (await a.client.get(`/api/league/${ps.LeagueID}`)).json();
    expect(league).toMatchObject({
      LeagueID: ps.LeagueID,
      LeagueName: 'Office XI',
      LeagueCode: ps.LeagueCode,
      IsPrivate: true,
      Status: 'Draft',
      AdminUserID: a.userId,
      LeagueTypeID: 2,
      LeagueTypeName: 'Player Selection',
      Description: 'Friendly league',
      LeagueDescription: 'Friendly league',
      SeasonID: w.seasonId,
      StageID: null,
      SeriesName: w.seasonName,
      MemberStatus: 'Approved',
      DisplayName: 'Skipper',
      MemberCount: 1,
    });
    expect(league.FixturesRemaining).toBeGreaterThan(0);

    const configs = (await a.client.get(`/api/league_configuration/getConfigurationsForLeague/${ps.LeagueID}`)).json();
    const psFeatures = FEATURES.filter((f) => f.leagueType === 'PS');
    expect(configs).toHaveLength(psFeatures.length);
    for (const item of configs) {
      const f = psFeatures.find((x) => x.id === item.FeatureID);
      expect(item).toMatchObject({ Points: f?.defaultPoints, MaxPoints: f?.maxPoints, Sign: f?.sign, IsActive: true });
    }
    const counts = (await a.client.get(`/api/selection_config/getSelectionConfigsForLeague/${ps.LeagueID}`)).json();
    expect(
      Object.fromEntries(counts.map((r: { PositionTypeName: string; Count: number }) => [r.PositionTypeName, r.Count])),
    ).toEqual({
      Batsman: 4,
      Bowler: 4,
      Allrounder: 2,
      Wicketkeeper: 1,
    });
    expect(counts.find((r: { PositionTypeName: string }) => r.PositionTypeName === 'Batsman').MaxAllowed).toBe(5);

    const mp = await createLeague(w, a, { name: 'Predictors', type: 1 });
    expect(mp.LeagueCode).not.toBe(ps.LeagueCode);
    const mpConfigs = (
      await a.client.get(`/api/league_configuration/getConfigurationsForLeague/${mp.LeagueID}`)
    ).json();
    expect(mpConfigs.map((x: { FeatureID: number }) => x.FeatureID)).toEqual([1, 2, 3, 4, 5, 6]);
    expect((await a.client.get(`/api/selection_config/getSelectionConfigsForLeague/${mp.LeagueID}`)).json()).toEqual(
      [],
    );

    const mine = (await a.client.get(`/api/league/userLeagues/${a.userId}`)).json().data;
    expect(mine.map((l: { LeagueID: number }) => l.LeagueID)).toEqual(
      expect.arrayContaining([ps.LeagueID, mp.LeagueID]),
    );
  });

  it('on a stage: the series label is the stage name and the fixtures are the stage ones', async () => {
    const series = (await a.client.get('/api/stage/active_stages_namelist')).json();
    const stage = series.find((s: { StageID: number | null }) => s.StageID !== null);
    expect(stage).toBeDefined();
    const { LeagueID } = await createLeague(w, a, { name: 'Stage league', stageId: stage.StageID });
    const league = (await a.client.get(`/api/league/${LeagueID}`)).json();
    expect(league).toMatchObject({ StageID: stage.StageID, SeriesName: stage.StageName });
    const fixtures = await leagueFixtureList(w.t.db, LeagueID, new Date());
    const stageFixtures = await w.t.db
      .selectFrom('fixtures')
      .select('id')
      .where('stage_id', '=', stage.StageID)
      .execute();
    expect(fixtures.map((f) => f.FixtureID).sort()).toEqual(stageFixtures.map((f) => f.id).sort());
    const now = Date.now();
    const upcoming = fixtures.filter((f) => f.Status === 'scheduled' && Date.parse(f.StartTime) > now);
    expect(league.FixturesRemaining).toBe(upcoming.length);
  });

  it('refuses bad payloads and broken rules without writing anything', async () => {
    const base = {
      Name: 'Refused',
      Description: '',
      LeagueTypeID: 1,
      IsPrivate: true,
      ShowOthersPicks: false,
      SeasonID: w.seasonId,
      AdminUserID: a.userId,
      AdminDisplayName: 'Captain',
    };
    const post = (body: object) => () => a.client.post('/api/league/', { ...base, ...body });
    const db = w.t.db;
    await expectRefused(db, post({ IsPrivate: false, LeagueTypeID: 2 }), 400, L.publicMatchPredictionOnly);
    await expectRefused(db, post({ Name: '   ' }), 400, messages.startLeague.nameRequired);
    await expectRefused(db, post({ AdminDisplayName: ' ab ' }), 400, messages.startLeague.displayNameRequired);
    await expectRefused(db, post({ Description: 'x'.repeat(1501) }), 400);
    await expectRefused(db, post({ LeagueTypeID: 9 }), 400, L.unknownLeagueType);
    await expectRefused(db, post({ SeasonID: 999_999 }), 400, L.unknownSeries);
    await expectRefused(db, post({ StageID: 999_999 }), 400, L.unknownSeries);
    await expectRefused(db, post({ Name: 'My daily challenge' }), 400, L.nameReserved);
    await expectRefused(db, post({ AdminUserID: b.userId }), 403, apiMessages.notYours);
  });
});

describe('two users: a private Player Selection league', () => {
  it('configures, activates, joins, approves, shows members and transfers admin', async () => {
    const { LeagueID, LeagueCode } = await createLeague(w, a, { name: 'Two of us', type: 2, displayName: 'Asha' });
    const db = w.t.db;
    const counts = (await a.client.get(`/api/selection_config/getSelectionConfigsForLeague/${LeagueID}`)).json() as {
      ID: number;
      PositionTypeName: string;
    }[];
    const id = (name: string) => counts.find((r) => r.PositionTypeName === name)?.ID as number;
    const setCounts = (who: SignedIn, c: Record<string, number>) => () =>
      who.client.post('/api/selection_config/bulkUpdate', {
        LeagueSelectionConfig: Object.entries(c).map(([name, n]) => ({
          SelectionConfigID: id(name),
          Count: n,
          IsActive: true,
        })),
      });

    await expectRefused(db, setCounts(a, { Batsman: 6 }), 400, messages.configure.positionMax(5, 'Batsman'));
    await expectRefused(db, setCounts(a, { Wicketkeeper: 2 }), 400, messages.configure.positionMax(1, 'Wicketkeeper'));
    await expectRefused(db, setCounts(a, { Batsman: 5, Bowler: 5, Allrounder: 1 }), 400, messages.configure.totalMax);
    await expectRefused(
      db,
      setCounts(a, { Batsman: 0, Bowler: 0, Allrounder: 0, Wicketkeeper: 0 }),
      400,
      messages.configure.totalMin,
    );
    await expectRefused(db, setCounts(a, { Batsman: 2.5 }), 400);
    await expectRefused(db, setCounts(b, { Batsman: 5 }), 403, L.adminOnly);
    const saved = await setCounts(a, { Batsman: 5, Bowler: 3, Allrounder: 2, Wicketkeeper: 1 })();
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe(messages.configure.selectionConfigSaved);
    // Step 1 is final once saved (spec section 4): the counts say so, and a second save changes nothing.
    const lockedCounts = (await a.client.get(`/api/selection_config/getSelectionConfigsForLeague/${LeagueID}`)).json();
    expect(lockedCounts.map((r: { IsLocked: boolean }) => r.IsLocked)).toEqual([true, true, true, true]);
    await expectRefused(db, setCounts(a, { Batsman: 4, Bowler: 3 }), 400, L.selectionConfigLocked);

    const configs = (await a.client.get(`/api/league_configuration/getConfigurationsForLeague/${LeagueID}`)).json() as {
      ID: number;
      FeatureID: number;
      FeatureName: string;
      MaxPoints: number;
    }[];
    const run = configs[0]!;
    const setPoints =
      (who: SignedIn, points: number, isActive = true) =>
      () =>
        who.client.post('/api/league_configuration/bulkUpdate', {
          LeagueConfiguration: [
            { LeagueConfigurationID: run.ID, LeagueID, FeatureID: run.FeatureID, Points: points, IsActive: isActive },
          ],
        });
    await expectRefused(db, setPoints(a, 1.5), 400, messages.configure.pointsWhole);
    await expectRefused(
      db,
      setPoints(a, run.MaxPoints + 1),
      400,
      messages.configure.pointsRange(run.FeatureName, run.MaxPoints),
    );
    await expectRefused(db, setPoints(a, -1), 400, messages.configure.pointsRange(run.FeatureName, run.MaxPoints));
    await expectRefused(
      db,
      () =>
        a.client.post('/api/league_configuration/bulkUpdate', {
          LeagueConfiguration: [{ LeagueConfigurationID: run.ID, LeagueID, FeatureID: 1, Points: 1, IsActive: true }],
        }),
      400,
      L.featureMismatch,
    );
    await expectRefused(db, setPoints(b, 2), 403, L.adminOnly);
    const pointsSaved = await setPoints(a, 3)();
    expect(pointsSaved.statusCode, pointsSaved.body).toBe(200);
    expect(pointsSaved.json().message).toBe(messages.configure.configSaved);

    await expectRefused(
      db,
      () => b.client.post('/api/league/activate', { UserID: b.userId, LeagueID }),
      403,
      L.adminOnly,
    );
    await expectRefused(db, () => b.client.post('/api/league/activate', { UserID: a.userId, LeagueID }), 403);
    const activated = await a.client.post('/api/league/activate', { UserID: a.userId, LeagueID });
    expect(activated.statusCode, activated.body).toBe(200);
    expect((await a.client.get(`/api/league/${LeagueID}`)).json().Status).toBe('Active');
    // Nothing changes after activation.
    await expectRefused(db, setPoints(a, 4), 400, L.notDraft);
    await expectRefused(db, setCounts(a, { Batsman: 4 }), 400, L.notDraft);
    await expectRefused(
      db,
      () => a.client.post('/api/league/activate', { UserID: a.userId, LeagueID }),
      400,
      L.onlyDraftActivate,
    );
    await expectRefused(db, () => a.client.delete(`/api/league/${LeagueID}`), 400, L.onlyDraftDelete);

    // B joins by code (typed loosely) and waits for approval.
    await expectRefused(db, () => b.client.get(`/api/league/${LeagueID}`), 403, L.notMember);
    const join = await b.client.post('/api/league_member/joinLeague', {
      UserID: b.userId,
      LeagueCode: ` ${LeagueCode.toLowerCase()} `,
      DisplayName: ' Benny ',
    });
    expect(join.statusCode, join.body).toBe(200);
    expect(join.json()).toEqual({ message: messages.join.privateSent, LeagueID, Status: 'Pending' });
    expect((await b.client.get(`/api/league/${LeagueID}`)).json()).toMatchObject({
      MemberStatus: 'Pending',
      DisplayName: 'Benny',
    });
    await expectRefused(
      db,
      () => b.client.get(`/api/league_configuration/getConfigurationsForLeague/${LeagueID}`),
      403,
      L.notApproved,
    );
    await expectRefused(db, () => b.client.get(`/api/league_member/${LeagueID}/members`), 403, L.notApproved);
    const pendingList = (await b.client.get(`/api/league/userLeagues/${b.userId}`)).json().data;
    expect(
      pendingList.map((l: { LeagueID: number; MemberStatus: string }) => [l.LeagueID, l.MemberStatus]),
    ).toContainEqual([LeagueID, 'Pending']);
    await expectRefused(
      db,
      () => b.client.post('/api/league_member/joinLeague', { UserID: b.userId, LeagueCode, DisplayName: 'Benny2' }),
      400,
      L.alreadyRequested,
    );

    const adminView = (await a.client.get(`/api/league_member/${LeagueID}/members`)).json().data;
    expect(adminView).toEqual([
      {
        MemberID: expect.any(Number),
        UserID: a.userId,
        FirstName: 'Asha',
        LastName: 'Patel',
        DisplayName: 'Asha',
        Status: 'Approved',
        IsAdmin: true,
        Email: a.email,
      },
      {
        MemberID: expect.any(Number),
        UserID: b.userId,
        FirstName: 'Ben',
        LastName: 'Okafor',
        DisplayName: 'Benny',
        Status: 'Pending',
        IsAdmin: false,
        Email: b.email,
      },
    ]);
    const bMember = adminView[1].MemberID;
    const decide =
      (who: SignedIn, status: string, adminId = who.userId, memberId = bMember) =>
      () =>
        who.client.post('/api/league_member/update_member_status', {
          LeagueMemberID: memberId,
          LeagueID,
          Status: status,
          AdminUserID: adminId,
        });
    await expectRefused(db, decide(b, 'Approved'), 403, L.adminOnly);
    await expectRefused(db, decide(b, 'Approved', a.userId), 403, apiMessages.notYours);
    await expectRefused(db, decide(a, 'Approved', a.userId, 999_999), 404, L.memberNotFound);
    // Admin transfer only to an Approved member.
    await expectRefused(
      db,
      () => a.client.post('/api/league/changeAdmin', { LeagueID, AdminID: a.userId, NewAdminID: b.userId }),
      400,
      L.newAdminNotApproved,
    );
    const approved = await decide(a, 'Approved')();
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().message).toBe(messages.members.statusChanged('approved'));
    await expectRefused(db, decide(a, 'Rejected'), 400, L.notPending);

    const memberView = (await b.client.get(`/api/league_member/${LeagueID}/members`)).json().data;
    expect(memberView).toHaveLength(2);
    for (const m of memberView) {
      expect(m.Status).toBe('Approved');
      expect(m).not.toHaveProperty('Email');
    }
    expect(memberView[0]).toMatchObject({ FirstName: 'Asha', IsAdmin: true });

    await expectRefused(
      db,
      () => b.client.post('/api/league/changeAdmin', { LeagueID, AdminID: b.userId, NewAdminID: b.userId }),
      403,
      L.adminOnly,
    );
    await expectRefused(
      db,
      () => a.client.post('/api/league/changeAdmin', { LeagueID, AdminID: a.userId, NewAdminID: c.userId }),
      400,
      L.newAdminNotApproved,
    );
    const transfer = await a.client.post('/api/league/changeAdmin', {
      LeagueID,
      AdminID: a.userId,
      NewAdminID: b.userId,
    });
    expect(transfer.statusCode, transfer.body).toBe(200);
    expect(transfer.json().message).toBe(messages.members.adminChanged);

    const afterTransfer = (await a.client.get(`/api/league/${LeagueID}`)).json();
    expect(afterTransfer).toMatchObject({ AdminUserID: b.userId, MemberStatus: 'Approved' });
    await expectRefused(
      db,
      () => a.client.put(`/api/league/${LeagueID}`, { Description: 'mine', ShowOthersPicks: true }),
      403,
      L.adminOnly,
    );
    const aMembers = (await a.client.get(`/api/league_member/${LeagueID}/members`)).json().data;
    expect(aMembers.every((m: object) => !('Email' in m))).toBe(true);
    const edit = await b.client.put(`/api/league/${LeagueID}`, { Description: '  New rules  ', ShowOthersPicks: true });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().message).toBe(messages.editLeague.updated);
    expect((await a.client.get(`/api/league/${LeagueID}`)).json()).toMatchObject({
      Description: 'New rules',
      ShowOthersPicks: true,
    });
    expect(
      (await b.client.get(`/api/league_member/${LeagueID}/members`))
        .json()
        .data.find((m: { UserID: number }) => m.UserID === b.userId).IsAdmin,
    ).toBe(true);
  });
});

describe('joining', () => {
  it('rejects unknown codes, display-name clashes, and lets a rejection stand', async () => {
    const db = w.t.db;
    const { LeagueID, LeagueCode } = await createLeague(w, a, { name: 'Strict club', displayName: 'Asha' });
    const join = (who: SignedIn, code: string, name: string) => () =>
      who.client.post('/api/league_member/joinLeague', { UserID: who.userId, LeagueCode: code, DisplayName: name });
    await expectRefused(db, join(c, 'ZZZZ2222', 'Chen'), 404, L.codeNotFound);
    await expectRefused(db, join(c, LeagueCode, ' ASHA '), 400, L.displayNameTaken);
    await expectRefused(db, join(c, LeagueCode, 'Ch'), 400, messages.join.displayNameRequired);
    await expectRefused(
      db,
      () => c.client.post('/api/league_member/joinLeague', { UserID: d.userId, LeagueCode, DisplayName: 'Chen' }),
      403,
      apiMessages.notYours,
    );
    const ok = await join(c, LeagueCode, 'Chen')();
    expect(ok.json().Status).toBe('Pending');
    await expectRefused(db, join(a, LeagueCode, 'Other'), 400, L.alreadyMember);
    await expectRefused(db, join(d, LeagueCode, 'chen'), 400, L.displayNameTaken);

    const members = (await a.client.get(`/api/league_member/${LeagueID}/members`)).json().data;
    const cMember = members.find((m: { UserID: number }) => m.UserID === c.userId).MemberID;
    const rejected = await a.client.post('/api/league_member/update_member_status', {
      LeagueMemberID: cMember,
      LeagueID,
      Status: 'Rejected',
      AdminUserID: a.userId,
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().message).toBe(messages.members.statusChanged('rejected'));
    await expectRefused(db, join(c, LeagueCode, 'Chen again'), 400, L.rejectedFinal);
    await expectRefused(db, () => c.client.get(`/api/league/${LeagueID}`), 403, L.notMember);
    const cLeagues = (await c.client.get(`/api/league/userLeagues/${c.userId}`)).json().data;
    expect(cLeagues.some((l: { LeagueID: number }) => l.LeagueID === LeagueID)).toBe(false);
    await expectRefused(db, () => d.client.get(`/api/league_member/${LeagueID}/members`), 403, L.notMember);
    await expectRefused(
      db,
      () => d.client.get(`/api/league_configuration/getConfigurationsForLeague/${LeagueID}`),
      403,
      L.notMember,
    );
    await expectRefused(
      db,
      () => d.client.get(`/api/selection_config/getSelectionConfigsForLeague/${LeagueID}`),
      403,
      L.notMember,
    );
    await expectRefused(db, () => d.client.get('/api/league/999999'), 404, L.notFound);
    await expectRefused(db, () => d.client.get(`/api/league/userLeagues/${a.userId}`), 403, apiMessages.notYours);
  });

  it('two people racing for one display name: one joins, the other gets 400', async () => {
    const { LeagueCode } = await createLeague(w, a, { name: 'Race club', isPrivate: false, displayName: 'Asha' });
    const join = (who: SignedIn) =>
      who.client.post('/api/league_member/joinLeague', { UserID: who.userId, LeagueCode, DisplayName: 'Twin' });
    const statuses = (await Promise.all([join(c), join(d)])).map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 400]);
  });

  it('finds public leagues by name or description and joins them at once', async () => {
    const db = w.t.db;
    const { LeagueID, LeagueCode } = await createLeague(w, a, {
      name: 'Sunday Sloggers',
      description: 'Weekend fun for EVERYONE',
      isPrivate: false,
      displayName: 'Asha',
    });
    const search = async (who: SignedIn, q?: string) => {
      const res = await who.client.get(
        `/api/league/publicLeagues/${who.userId}${q === undefined ? '' : `?search=${encodeURIComponent(q)}`}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.map((l: { LeagueID: number }) => l.LeagueID) as number[];
    };
    expect(await search(d, 'SLOG')).toContain(LeagueID);
    expect(await search(d, 'everyone')).toContain(LeagueID);
    expect(await search(d, 'cricket-less')).not.toContain(LeagueID);
    expect(await search(d)).toContain(LeagueID);
    expect(await search(d, '   ')).toContain(LeagueID);
    expect(await search(a)).not.toContain(LeagueID);
    await expectRefused(
      db,
      () => d.client.get(`/api/league/publicLeagues/${d.userId}?search=ab`),
      400,
      L.searchTooShort,
    );
    await expectRefused(
      db,
      () => d.client.get(`/api/league/publicLeagues/${d.userId}?search=%20a%20b%20`),
      400,
      L.searchTooShort,
    );
    const row = (await d.client.get(`/api/league/publicLeagues/${d.userId}?search=sloggers`)).json().data[0];
    expect(row).toEqual({
      LeagueID,
      LeagueName: 'Sunday Sloggers',
      LeagueCode,
      Description: 'Weekend fun for EVERYONE',
      LeagueTypeName: 'Match Prediction',
      SeriesName: w.seasonName,
      MemberCount: 1,
    });

    const join = await d.client.post('/api/league_member/joinLeague', {
      UserID: d.userId,
      LeagueCode,
      DisplayName: 'Dara',
    });
    expect(join.json()).toEqual({ message: messages.join.publicJoined, LeagueID, Status: 'Approved' });
    expect(await search(d, 'sloggers')).not.toContain(LeagueID);
    await expectRefused(
      db,
      () => d.client.post('/api/league_member/joinLeague', { UserID: d.userId, LeagueCode, DisplayName: 'Dara 2' }),
      400,
      L.alreadyMember,
    );
    const members = (await a.client.get(`/api/league_member/${LeagueID}/members`)).json().data;
    expect(members.map((m: { FirstName: string; LastName: string }) => [m.FirstName, m.LastName])).toEqual([
      ['', ''],
      ['', ''],
    ]);
    expect(members[1]).toMatchObject({ DisplayName: 'Dara', Status: 'Approved', Email: d.email });
    // Public leagues keep the default configuration.
    const cfg = (await a.client.get(`/api/league_configuration/getConfigurationsForLeague/${LeagueID}`)).json()[0];
    await expectRefused(
      db,
      () =>
        a.client.post('/api/league_configuration/bulkUpdate', {
          LeagueConfiguration: [
            { LeagueConfigurationID: cfg.ID, LeagueID, FeatureID: cfg.FeatureID, Points: 1, IsActive: true },
          ],
        }),
      403,
      L.publicNotConfigurable,
    );
  });
});

describe("a feature's points", () => {
  it('are checked by the rule the admin form uses: one answer for empty, blank and NaN', async () => {
    const { LeagueID } = await createLeague(w, a, { name: 'Points rule', displayName: 'Asha' });
    const run = (
      (await a.client.get(`/api/league_configuration/getConfigurationsForLeague/${LeagueID}`)).json() as {
        ID: number;
        FeatureID: number;
        FeatureName: string;
        MaxPoints: number;
      }[]
    )[0]!;
    // What the bulk update answers for a value (the contract types Points as a number, so text reaches
    // this check only from a caller inside the API; the rule must still answer it as the form does).
    const answer = async (Points: unknown) => {
      const item = { LeagueConfigurationID: run.ID, LeagueID, FeatureID: run.FeatureID, Points, IsActive: true };
      try {
        await updateConfigurations(w.t.db, a.userId, [item as { Points: number } & typeof item]);
        return undefined;
      } catch (error) {
        expect(error).toMatchObject({ status: 400 });
        return (error as Error).message;
      }
    };
    for (const blank of ['', '   ', 'NaN', Number.NaN, null]) {
      expect(await answer(blank), JSON.stringify(blank)).toBe(messages.configure.pointsRequired);
    }
    for (const value of ['', '  ', 'NaN', '2.5', 2.5, 'abc', -1, run.MaxPoints + 1, true, 0, run.MaxPoints, '3']) {
      expect(await answer(value), JSON.stringify(value)).toBe(
        featurePointsError(value, run.FeatureName, run.MaxPoints),
      );
    }
    // Over HTTP a number is required by the contract; a valid one is saved as sent.
    const saved = await a.client.post('/api/league_configuration/bulkUpdate', {
      LeagueConfiguration: [
        { LeagueConfigurationID: run.ID, LeagueID, FeatureID: run.FeatureID, Points: 2, IsActive: true },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const points = await w.t.db
      .selectFrom('league_configurations')
      .select('points')
      .where('id', '=', run.ID)
      .executeTakeFirstOrThrow();
    expect(Number(points.points)).toBe(2);
  });
});

describe('admin-only actions', () => {
  it('activation needs a playable configuration; non-admins change nothing', async () => {
    const db = w.t.db;
    const { LeagueID, LeagueCode } = await createLeague(w, a, { name: 'Unplayable', displayName: 'Asha' });
    await b.client.post('/api/league_member/joinLeague', { UserID: b.userId, LeagueCode, DisplayName: 'Ben' });
    const configs = (await a.client.get(`/api/league_configuration/getConfigurationsForLeague/${LeagueID}`)).json();
    const off = await a.client.post('/api/league_configuration/bulkUpdate', {
      LeagueConfiguration: configs.map((x: { ID: number; FeatureID: number; Points: number }) => ({
        LeagueConfigurationID: x.ID,
        LeagueID,
        FeatureID: x.FeatureID,
        Points: x.Points,
        IsActive: false,
      })),
    });
    expect(off.statusCode, off.body).toBe(200);
    await expectRefused(
      db,
      () => a.client.post('/api/league/activate', { UserID: a.userId, LeagueID }),
      400,
      L.noActiveFeature,
    );
    await expectRefused(
      db,
      () => b.client.put(`/api/league/${LeagueID}`, { Description: 'x', ShowOthersPicks: true }),
      403,
      L.adminOnly,
    );
    await expectRefused(db, () => b.client.delete(`/api/league/${LeagueID}`), 403, L.adminOnly);
    await expectRefused(db, () => d.client.delete(`/api/league/${LeagueID}`), 403, L.adminOnly);
    await expectRefused(db, () => a.client.delete('/api/league/999999'), 404, L.notFound);
    await expectRefused(
      db,
      () => a.client.put(`/api/league/${LeagueID}`, { Description: 'x'.repeat(1501), ShowOthersPicks: true }),
      400,
    );
    // Items of another league in the same request.
    await expectRefused(
      db,
      () =>
        a.client.post('/api/league_configuration/bulkUpdate', {
          LeagueConfiguration: [
            {
              LeagueConfigurationID: configs[0].ID,
              LeagueID,
              FeatureID: configs[0].FeatureID,
              Points: 1,
              IsActive: true,
            },
            {
              LeagueConfigurationID: configs[1].ID,
              LeagueID: LeagueID + 1000,
              FeatureID: configs[1].FeatureID,
              Points: 1,
              IsActive: true,
            },
          ],
        }),
      400,
      L.oneLeaguePerRequest,
    );
    await expectRefused(
      db,
      () =>
        a.client.post('/api/selection_config/bulkUpdate', {
          LeagueSelectionConfig: [{ SelectionConfigID: 999_999, Count: 1, IsActive: true }],
        }),
      404,
    );
  });

  it('deleting a Draft league removes it, its members and configuration in one go', async () => {
    const { LeagueID, LeagueCode } = await createLeague(w, a, { name: 'Short lived', type: 2, displayName: 'Asha' });
    await b.client.post('/api/league_member/joinLeague', { UserID: b.userId, LeagueCode, DisplayName: 'Ben' });
    const res = await a.client.delete(`/api/league/${LeagueID}`);
    expect(res.statusCode, res.body).toBe(200);
    const tables = await leagueTables(w.t.db);
    const mentions = (rows: Record<string, unknown>[], key: string) => rows.filter((r) => r[key] === LeagueID);
    expect(mentions(tables.leagues, 'id')).toEqual([]);
    expect(mentions(tables.members, 'league_id')).toEqual([]);
    expect(mentions(tables.configurations, 'league_id')).toEqual([]);
    expect(mentions(tables.selection, 'league_id')).toEqual([]);
    const joinDeleted = await c.client.post('/api/league_member/joinLeague', {
      UserID: c.userId,
      LeagueCode,
      DisplayName: 'Chen',
    });
    expect(joinDeleted.statusCode).toBe(404);
  });

  it("a deleted admin's league passes to the longest-standing Approved member, or goes", async () => {
    const e = await person(w.t, 'Eve');
    const f = await person(w.t, 'Fay');
    const shared = await createLeague(w, e, { name: 'Inherited', isPrivate: false, displayName: 'Eve' });
    await f.client.post('/api/league_member/joinLeague', {
      UserID: f.userId,
      LeagueCode: shared.LeagueCode,
      DisplayName: 'Fay',
    });
    await d.client.post('/api/league_member/joinLeague', {
      UserID: d.userId,
      LeagueCode: shared.LeagueCode,
      DisplayName: 'Dee',
    });
    const alone = await createLeague(w, e, { name: 'Solo', displayName: 'Eve' });
    const del = await e.client.delete(`/api/user/${e.userId}`, { user_id: e.userId, message: 'bye' });
    expect(del.statusCode, del.body).toBe(200);
    expect((await f.client.get(`/api/league/${shared.LeagueID}`)).json()).toMatchObject({
      AdminUserID: f.userId,
      MemberCount: 2,
    });
    const solo = await w.t.db.selectFrom('leagues').select('id').where('id', '=', alone.LeagueID).execute();
    expect(solo).toEqual([]);
  });
});
