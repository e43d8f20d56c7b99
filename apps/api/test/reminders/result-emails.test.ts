import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { MP } from '../../src/cricket/catalogue';
import { importCricsheetPath } from '../../src/cricket/import/folder';
import { importResults } from '../../src/cricket/import/results';
import { importSchedule } from '../../src/cricket/import/schedule';
import { type ResultLeague, rankChangeText, resultLeagueLine } from '../../src/email/templates';
import { importCricsheetFiles } from '../../src/operator/cricsheet-files';
import { resultEmailDedupeKey, runResultEmails, scoreDetailsLink } from '../../src/reminders/result-emails';
import { unsubscribeKey, unsubscribeToken, verifyUnsubscribeToken } from '../../src/email/unsubscribe-token';
import { recordResults } from '../../src/results/pipeline';
import { HAVE_IPL_2024, IPL_2024_DIR } from '../cricket/builder';
import { DB_TARGET } from '../db';
import { type SignedIn, startTestApp, type TestApp } from '../helpers';
import { insertPlayers, joinAs, mpPick, person, psPicks, setUpLeague } from '../standings/setup';

/**
 * Result emails over real IPL 2024 Cricsheet files: three matches scheduled, two of them picked in a
 * Match Prediction and a Player Selection league, the third picked by nobody (so no league counts it).
 * Each result arrives through a real import path (the CLI's folder import, the console's file
 * import); the job then runs as the API processes run it. The figures in every email are checked
 * against the standings API's leaderboards.
 */
const FILES = ['1422119.json', '1422120.json', '1422121.json'];
const APP = 'http://app.test';
const settings = { appUrl: APP, delayMs: 0 };

interface MatchFile {
  json: Record<string, unknown> & {
    info: {
      dates: string[];
      teams: [string, string];
      event: { match_number: number };
      players: Record<string, string[]>;
      registry: { people: Record<string, string> };
      player_of_match?: string[];
    };
    innings: { team: string; overs: { deliveries: { batter: string; runs: { batter: number; total: number } }[] }[] }[];
  };
}

interface Mail {
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  kind: string;
  dedupe_key: string | null;
}

interface BoardRow {
  UserID: number;
  Position: number;
  PositionChange: number;
  TotalPoints: number;
  PointsGained: number;
}

describe('result email wording and settings', () => {
  const base: ResultLeague = {
    leagueName: 'Office',
    scored: true,
    points: 1,
    total: 12.5,
    rank: 1,
    members: 30,
    rankChange: 0,
    link: 'http://app.test/x',
  };
  it('says places as people do', () => {
    const ranks = [1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map((rank) =>
      resultLeagueLine({ ...base, rank }).replace(/.*You are (\S+) of.*/, '$1'),
    );
    expect(ranks).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '101st',
      '111th',
    ]);
    expect(resultLeagueLine(base)).toBe(
      'Office: 1 point for this match. You are 1st of 30 with 12.5 points (no change).',
    );
    expect([2, 1, -1, -3].map(rankChangeText)).toEqual(['up 2 places', 'up 1 place', 'down 1 place', 'down 3 places']);
    expect(resultLeagueLine({ ...base, scored: false, points: 0 })).toContain('Office: no points for this match.');
  });
  it('waits RESULT_EMAIL_DELAY_MS (default 5 minutes) for a result to settle', () => {
    expect(loadConfig({}).resultEmailDelayMs).toBe(300_000);
    expect(loadConfig({ RESULT_EMAIL_DELAY_MS: '0' }).resultEmailDelayMs).toBe(0);
    expect(() => loadConfig({ RESULT_EMAIL_DELAY_MS: '-1' })).toThrow(/RESULT_EMAIL_DELAY_MS must be/);
  });
});

describe.skipIf(!HAVE_IPL_2024)(`result emails on ${DB_TARGET}`, () => {
  let t: TestApp;
  let matches: MatchFile['json'][];
  const fixtureIds: number[] = [];
  const playerId = new Map<string, number>();
  const tmp = mkdtempSync(join(tmpdir(), 'result-emails-'));
  let ada: SignedIn;
  let bo: SignedIn;
  let cy: SignedIn;
  let off: SignedIn;
  let unsub: SignedIn;
  let pe: SignedIn;
  let unverifiedId: number;
  let mpLeague: { LeagueID: number; LeagueCode: string };
  let psLeague: { LeagueID: number; LeagueCode: string };

  const xi = (k: number, team: 0 | 1) => {
    const info = matches[k]!.info;
    return info.players[info.teams[team]]!.map((name) => playerId.get(info.registry.people[name]!)!);
  };

  /** Imports files through the CLI's folder importer (a folder holding just these files). */
  async function cliImport(files: { name: string; from?: string }[]) {
    const dir = mkdtempSync(join(tmp, 'import-'));
    for (const f of files) copyFileSync(f.from ?? join(IPL_2024_DIR, f.name), join(dir, f.name));
    return importCricsheetPath(t.db, dir, { onWarning: () => {} });
  }

  /** Re-scores a fixture without changing its result (as a position change does), through the pipeline. */
  const rescore = (fixtureId: number) =>
    recordResults(t.db, 'positions', async () => ({ value: undefined, fixtureIds: [fixtureId] }));

  const resultMails = async (): Promise<Mail[]> =>
    t.db
      .selectFrom('email_outbox')
      .select(['to_address', 'subject', 'text_body', 'html_body', 'kind', 'dedupe_key'])
      .where('kind', 'in', ['result', 'result_correction'])
      .orderBy('id')
      .execute();
  const mailsFor = async (who: { email: string }, fixtureId: number) =>
    (await resultMails()).filter(
      (m) => m.to_address === who.email && m.dedupe_key?.split(':')[2] === String(fixtureId),
    );

  async function board(who: SignedIn, type: 'MP' | 'PS'): Promise<BoardRow[]> {
    const league = type === 'MP' ? mpLeague : psLeague;
    const path = type === 'MP' ? 'leaderboard' : 'player_selection_leaderboard';
    const res = await who.client.get(`/api/view/${path}/${league.LeagueID}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as BoardRow[];
  }

  /**
   * The league's line the email must carry for `who`, built from the leaderboard API's numbers: the
   * fixture is the most recently scored one, so PointsGained is its points; `change` is the rank change
   * it made (the API's PositionChange once two fixtures are scored).
   */
  async function expectedLine(who: SignedIn, type: 'MP' | 'PS', fixtureId: number, change?: number | null) {
    const rows = await board(who, type);
    const me = rows.find((r) => r.UserID === who.userId)!;
    const league = type === 'MP' ? mpLeague : psLeague;
    const line: ResultLeague = {
      leagueName: type === 'MP' ? 'MP Office' : 'PS Office',
      scored: true,
      points: me.PointsGained,
      total: me.TotalPoints,
      rank: me.Position,
      members: rows.length,
      rankChange: change === undefined ? me.PositionChange : change,
      link: scoreDetailsLink(APP, league.LeagueID, fixtureId),
    };
    return { line, text: resultLeagueLine(line), me };
  }

  beforeAll(async () => {
    t = await startTestApp({}, { startWorkers: false });
    const { db } = t;
    matches = FILES.map((f) => JSON.parse(readFileSync(join(IPL_2024_DIR, f), 'utf8')) as MatchFile['json']);
    await importSchedule(db, [
      ...matches.map((m, i) => ({
        season: 'IPL 2024',
        competition: 'Indian Premier League',
        year: 2024,
        matchNumber: m.info.event.match_number,
        startTime: `${m.info.dates[0]}T${matches[i + 1]?.info.dates[0] === m.info.dates[0] ? '10' : '14'}:00:00Z`,
        home: m.info.teams[0],
        away: m.info.teams[1],
      })),
      // One fixture still to come, so the leagues are Active.
      {
        season: 'IPL 2024',
        name: 'Exhibition',
        stage: 'Playoffs',
        startTime: '2099-05-26T14:00:00Z',
        home: matches[0]!.info.teams[0],
        away: matches[0]!.info.teams[1],
      },
    ]);
    await db.updateTable('seasons').set({ is_active: true }).where('name', '=', 'IPL 2024').execute();
    const season = await db.selectFrom('seasons').select('id').where('name', '=', 'IPL 2024').executeTakeFirstOrThrow();
    for (const m of matches) {
      const f = await db
        .selectFrom('fixtures')
        .select('id')
        .where('season_id', '=', season.id)
        .where('match_number', '=', m.info.event.match_number)
        .executeTakeFirstOrThrow();
      fixtureIds.push(f.id);
    }
    const people = new Map<string, string>();
    for (const m of matches) {
      for (const name of Object.values(m.info.players).flat()) people.set(m.info.registry.people[name]!, name);
    }
    for (const [cricsheetId, id] of await insertPlayers(db, people)) playerId.set(cricsheetId, id);

    const w = { t, seasonId: season.id, seasonName: 'IPL 2024' };
    ada = await person(t, 'Ada', 'Lovelace');
    bo = await person(t, 'Bo', 'Diddley');
    cy = await person(t, 'Cy', 'Young');
    off = await person(t, 'Ole', 'Optout');
    unsub = await person(t, 'Una', 'Subscribed');
    pe = await person(t, 'Pe', 'Pending');
    mpLeague = await setUpLeague(w, ada, {
      type: 1,
      name: 'MP Office',
      points: { [MP.MatchWinner]: 7, [MP.MostRuns]: 13, [MP.MostWickets]: 11, [MP.ManOfTheMatch]: 17 },
    });
    psLeague = await setUpLeague(w, ada, { type: 2, name: 'PS Office', points: { 101: 2, 108: 20 } });
    for (const [who, name] of [
      [bo, 'Bobby'],
      [off, 'Ollie'],
      [unsub, 'Unity'],
    ] as const) {
      await joinAs(ada, who, mpLeague, name);
      await joinAs(ada, who, psLeague, name);
    }
    await joinAs(ada, cy, mpLeague, 'Cyril');
    await joinAs(ada, pe, mpLeague, 'Penny', false);
    // An Approved member whose address was never verified (e.g. an account from before verification).
    const unverified = await db
      .insertInto('users')
      .values({
        first_name: 'Vic',
        last_name: 'Unverified',
        email: `unverified.${Date.now()}@example.com`,
        password_hash: 'x',
        email_verified_at: null,
        created_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    unverifiedId = unverified.id;
    for (const leagueId of [mpLeague.LeagueID, psLeague.LeagueID]) {
      await db
        .insertInto('league_members')
        .values({
          league_id: leagueId,
          user_id: unverifiedId,
          display_name: 'Vic',
          status: 'Approved',
          joined_at: new Date(),
        })
        .execute();
    }
    // Reminder emails off: in the profile, and through an emailed unsubscribe link.
    const profile = await off.client.put(`/api/user/${off.userId}`, {
      missing_pick_notification: false,
      use_ai_auto_pick: false,
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const token = unsubscribeToken(await unsubscribeKey(db), unsub.userId);
    const gone = await t.client().post('/api/user/unsubscribe', { token });
    expect(gone.statusCode, gone.body).toBe(200);

    // Picks for the first two matches (in the past: written straight into the pick tables).
    const teams = await db
      .selectFrom('fixtures')
      .select(['id', 'local_team_id', 'visitor_team_id'])
      .where('id', 'in', fixtureIds)
      .execute();
    const teamOf = new Map(teams.map((r) => [r.id, r]));
    for (const k of [0, 1]) {
      const f = fixtureIds[k]!;
      const { local_team_id: home, visitor_team_id: away } = teamOf.get(f)!;
      const [h, a] = [xi(k, 0), xi(k, 1)];
      const L = mpLeague.LeagueID;
      await mpPick(db, L, ada.userId, f, MP.MatchWinner, { team: home });
      await mpPick(db, L, ada.userId, f, MP.MostRuns, { player: h[0]! });
      await mpPick(db, L, ada.userId, f, MP.ManOfTheMatch, { player: h[1]! });
      await mpPick(db, L, bo.userId, f, MP.MatchWinner, { team: away });
      await mpPick(db, L, bo.userId, f, MP.MostRuns, { player: a[0]! });
      await mpPick(db, L, bo.userId, f, MP.MostWickets, { player: h[9]! });
      await mpPick(db, L, cy.userId, f, MP.MatchWinner, { team: k === 0 ? home : away });
      await mpPick(db, L, cy.userId, f, MP.MostWickets, { player: a[10]! });
      await mpPick(db, L, off.userId, f, MP.MatchWinner, { team: home });
      const P = psLeague.LeagueID;
      await psPicks(db, P, ada.userId, f, [h[0]!, h[1]!, h[2]!, a[9]!, a[10]!]);
      await psPicks(db, P, bo.userId, f, [a[0]!, a[1]!, a[2]!, h[9]!, h[10]!]);
      await psPicks(db, P, off.userId, f, [h[3]!, a[3]!]);
    }
  }, 180_000);

  afterAll(async () => {
    await t?.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('emails each member once for a result, listing every league that counts it, with the standings figures', async () => {
    const f = fixtureIds[0]!;
    const report = await cliImport([{ name: FILES[0]! }]);
    expect(report.counts.imported).toBe(1);
    // A run that waits for results to settle for an hour sends nothing yet.
    expect(await runResultEmails(t.db, { appUrl: APP, delayMs: 3_600_000 })).toEqual({
      fixtures: 0,
      sent: 0,
      failed: 0,
    });
    expect(await resultMails()).toEqual([]);

    expect(await runResultEmails(t.db, settings)).toEqual({ fixtures: 1, sent: 3, failed: 0 });
    const mails = await resultMails();
    expect(mails.map((m) => m.to_address).sort()).toEqual([ada.email, bo.email, cy.email].sort());
    const key = await unsubscribeKey(t.db);
    for (const who of [ada, bo]) {
      const [mail] = await mailsFor(who, f);
      expect(mail!.kind).toBe('result');
      expect(mail!.subject).toMatch(/^Result: Match 1 - /);
      expect(mail!.dedupe_key).toMatch(new RegExp(`^result:${who.userId}:${f}:[0-9a-f]{32}$`));
      // The league's first scored fixture: nobody had a standing before it, so no change is told
      // (the leaderboard's PositionChange is 0 too).
      const mp = await expectedLine(who, 'MP', f, null);
      const ps = await expectedLine(who, 'PS', f, null);
      expect(mp.me.PositionChange).toBe(0);
      expect(mail!.text_body).not.toMatch(/\((up|down) \d+ places?\)|no change/);
      expect(mail!.text_body).toContain(`• ${mp.text}\n  Score details: ${mp.line.link}`);
      expect(mail!.text_body).toContain(`• ${ps.text}\n  Score details: ${ps.line.link}`);
      expect(mail!.html_body).toContain(
        `href="${APP}/home/view-leaderboard?league=${psLeague.LeagueID}&#38;fixture=${f}"`,
      );
      // The unsubscribe link is the pick reminders' one, for this user.
      const token = /\/unsubscribe\?token=([0-9a-z]+\.[A-Za-z0-9_-]+)/.exec(mail!.text_body)?.[1];
      expect(token && verifyUnsubscribeToken(key, token)).toBe(who.userId);
    }
    // The points differ between members: the figures are each member's own.
    expect((await board(ada, 'MP')).map((r) => r.PointsGained).some((p) => p > 0)).toBe(true);
    const [cyMail] = await mailsFor(cy, f);
    const cyMp = await expectedLine(cy, 'MP', f, null);
    expect(cyMail!.text_body).toContain(cyMp.text);
    expect(cyMail!.text_body).not.toContain('PS Office');
    expect(cyMail!.text_body).toMatch(/is in: .+ won by \d+ (runs|wickets)\./);
  });

  it('sends nothing to opted-out, unsubscribed, pending or unverified members', async () => {
    const to = new Set((await resultMails()).map((m) => m.to_address));
    for (const who of [off, unsub, pe]) expect(to.has(who.email)).toBe(false);
    const unverified = await t.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', unverifiedId)
      .executeTakeFirstOrThrow();
    expect(to.has(unverified.email)).toBe(false);
  });

  it('sends nothing again for a re-import of the same file or a re-score that changes nothing', async () => {
    const before = (await resultMails()).length;
    const again = await cliImport([{ name: FILES[0]! }]);
    expect(again.counts.unchanged).toBe(1);
    await rescore(fixtureIds[0]!);
    expect(await runResultEmails(t.db, settings)).toEqual({ fixtures: 0, sent: 0, failed: 0 });
    expect((await resultMails()).length).toBe(before);
  });

  it("sends nothing when only a player's position changes (a re-score of the scoring, not a new result)", async () => {
    const f = fixtureIds[0]!;
    const before = (await resultMails()).length;
    const counts = () =>
      t.db
        .selectFrom('player_fixture_points')
        .select(['player_id', 'feature_id', 'count', 'points'])
        .where('fixture_id', '=', f)
        .orderBy('player_id')
        .orderBy('feature_id')
        .execute();
    const scored = await counts();
    // Move players of the match to other positions, as a new import's position inference may, until
    // one move changes the fixture's points (not every move does: a position changes only some features).
    const lines = await t.db
      .selectFrom('player_fixture_stats as s')
      .innerJoin('players as p', 'p.id', 's.player_id')
      .select(['p.id', 'p.position_id'])
      .where('s.fixture_id', '=', f)
      .where('s.did_play', '=', true)
      .orderBy('s.balls', 'desc')
      .execute();
    let mover: { id: number; position_id: number } | undefined;
    search: for (const line of lines) {
      for (const position of [1, 2, 3, 4].filter((p) => p !== line.position_id)) {
        await t.db.updateTable('players').set({ position_id: position }).where('id', '=', line.id).execute();
        await rescore(f);
        if (JSON.stringify(await counts()) !== JSON.stringify(scored)) {
          mover = line;
          break search;
        }
      }
      await t.db.updateTable('players').set({ position_id: line.position_id }).where('id', '=', line.id).execute();
    }
    expect(mover, "a position move that changes the fixture's scoring").toBeDefined();
    expect(await runResultEmails(t.db, settings)).toEqual({ fixtures: 0, sent: 0, failed: 0 });
    await t.db.updateTable('players').set({ position_id: mover!.position_id }).where('id', '=', mover!.id).execute();
    await rescore(f);
    expect(await counts()).toEqual(scored);
    expect(await runResultEmails(t.db, settings)).toEqual({ fixtures: 0, sent: 0, failed: 0 });
    expect((await resultMails()).length).toBe(before);
  });

  it('sends once when the job runs twice, concurrently and again', async () => {
    const f = fixtureIds[1]!;
    const before = (await resultMails()).length;
    const report = await cliImport([{ name: FILES[1]! }]);
    expect(report.counts.imported).toBe(1);
    const runs = await Promise.all([runResultEmails(t.db, settings), runResultEmails(t.db, settings)]);
    expect(runs.map((r) => r.sent).reduce((a, b) => a + b)).toBe(3);
    expect(await runResultEmails(t.db, settings)).toEqual({ fixtures: 0, sent: 0, failed: 0 });
    const mails = (await resultMails()).slice(before);
    expect(mails.map((m) => m.to_address).sort()).toEqual([ada.email, bo.email, cy.email].sort());
    // Two fixtures scored: the rank change is the leaderboard's PositionChange.
    for (const who of [ada, bo]) {
      const [mail] = await mailsFor(who, f);
      for (const type of ['MP', 'PS'] as const) {
        const { text } = await expectedLine(who, type, f);
        expect(mail!.text_body).toContain(text);
      }
    }
  });

  it('sends a second email, marked as a correction, when a corrected file changes the result', async () => {
    const f = fixtureIds[1]!;
    const k = 1;
    const firstMail = (await mailsFor(ada, f))[0]!;
    const oldMp = (await board(ada, 'MP')).find((r) => r.UserID === ada.userId)!;
    const oldPs = (await board(ada, 'PS')).find((r) => r.UserID === ada.userId)!;
    // The correction: Ada's Man of the Match pick becomes the player of the match, and her Most Runs
    // pick (also in her Player Selection team) scored 30 more runs off his first ball faced.
    const json = structuredClone(matches[k]!);
    const info = json.info;
    const home = info.players[info.teams[0]]!;
    info.player_of_match = [home[1]!];
    const first = json.innings.flatMap((i) => i.overs.flatMap((o) => o.deliveries)).find((d) => d.batter === home[0]);
    first!.runs.batter += 30;
    first!.runs.total += 30;
    const lines = await importCricsheetFiles(t.db, [
      { name: FILES[k]!, bytes: new TextEncoder().encode(JSON.stringify(json)) },
    ]);
    expect(lines.lines.map((l) => l.status)).toEqual(['updated']);

    expect(await runResultEmails(t.db, settings)).toEqual({ fixtures: 1, sent: 3, failed: 0 });
    const adaMails = await mailsFor(ada, f);
    expect(adaMails).toHaveLength(2);
    const correction = adaMails[1]!;
    expect(correction.kind).toBe('result_correction');
    expect(correction.subject).toMatch(/^Corrected result: Match 2 - /);
    expect(correction.text_body).toContain('has been corrected');
    expect(correction.dedupe_key).not.toBe(firstMail.dedupe_key);
    const mp = await expectedLine(ada, 'MP', f);
    const ps = await expectedLine(ada, 'PS', f);
    expect(mp.me.PointsGained).toBeGreaterThan(oldMp.PointsGained);
    expect(ps.me.PointsGained).toBeGreaterThan(oldPs.PointsGained);
    expect(correction.text_body).toContain(mp.text);
    expect(correction.text_body).toContain(ps.text);
    expect(correction.text_body).toContain(`(${rankChangeText(mp.me.PositionChange)})`);
    // Running again, or re-importing the corrected file, sends nothing more.
    const again = await importCricsheetFiles(t.db, [
      { name: FILES[k]!, bytes: new TextEncoder().encode(JSON.stringify(json)) },
    ]);
    expect(again.lines.map((l) => l.status)).toEqual(['unchanged']);
    expect(await runResultEmails(t.db, settings)).toEqual({ fixtures: 0, sent: 0, failed: 0 });
    expect(await mailsFor(ada, f)).toHaveLength(2);
    expect(await mailsFor(bo, f)).toHaveLength(2);
  });

  it('tells the members when an operator marks a played fixture abandoned: no points, ranks as without it', async () => {
    const f = fixtureIds[0]!;
    const number = matches[0]!.info.event.match_number;
    const [line] = await importResults(t.db, [{ season: 'IPL 2024', matchNumber: number, status: 'abandoned' }]);
    expect(line?.status).toBe('updated');
    expect(await runResultEmails(t.db, settings)).toEqual({ fixtures: 1, sent: 3, failed: 0 });
    const mails = await mailsFor(bo, f);
    expect(mails).toHaveLength(2);
    const last = mails[1]!;
    expect(last.kind).toBe('result_correction');
    expect(last.text_body).toContain('has been corrected: The match was abandoned.');
    for (const type of ['MP', 'PS'] as const) {
      const rows = await board(bo, type);
      const me = rows.find((r) => r.UserID === bo.userId)!;
      const line: ResultLeague = {
        leagueName: type === 'MP' ? 'MP Office' : 'PS Office',
        scored: false,
        points: 0,
        total: me.TotalPoints,
        rank: me.Position,
        members: rows.length,
        rankChange: 0,
        link: scoreDetailsLink(APP, (type === 'MP' ? mpLeague : psLeague).LeagueID, f),
      };
      expect(last.text_body).toContain(resultLeagueLine(line));
      expect(resultLeagueLine(line)).toContain('no points for this match');
    }
    // Marking it abandoned again changes nothing and sends nothing.
    await importResults(t.db, [{ season: 'IPL 2024', matchNumber: number, status: 'abandoned' }]);
    expect(await runResultEmails(t.db, settings)).toEqual({ fixtures: 0, sent: 0, failed: 0 });
  });

  it('sends nothing for a fixture no league counts, and settles it', async () => {
    const f = fixtureIds[2]!;
    const before = (await resultMails()).length;
    const report = await cliImport([{ name: FILES[2]! }]);
    expect(report.counts.imported).toBe(1);
    expect(await runResultEmails(t.db, settings)).toEqual({ fixtures: 1, sent: 0, failed: 0 });
    expect((await resultMails()).length).toBe(before);
    const row = await t.db
      .selectFrom('result_emails')
      .selectAll()
      .where('fixture_id', '=', f)
      .executeTakeFirstOrThrow();
    expect(row.sent_digest).toBe(row.digest);
    expect(await runResultEmails(t.db, settings)).toEqual({ fixtures: 0, sent: 0, failed: 0 });
    // Keys of every result email are unique per user, fixture and result.
    const keys = (await resultMails()).map((m) => m.dedupe_key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toContain(resultEmailDedupeKey(ada.userId, fixtureIds[0]!, keys[0]!.split(':')[3]!));
  });
});
