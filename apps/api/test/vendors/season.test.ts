import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MP } from '../../src/cricket/catalogue';
import { importCricsheetPath } from '../../src/cricket/import/folder';
import { importSchedule } from '../../src/cricket/import/schedule';
import { writeSquadRecords } from '../../src/cricket/import/squads';
import type { DB } from '../../src/db/schema';
import { VendorSync } from '../../src/vendors/sync';
import { checkRealData, HAVE_IPL_2024, IPL_2024_DIR, isCi } from '../cricket/builder';
import { DB_TARGET } from '../db';
import { pollUntil, type SignedIn, startTestApp, type TestApp } from '../helpers';
import { joinAs, mpPick, person, psPicks, setUpLeague } from '../standings/setup';
import { testClock } from './clock';
import { cricsheetPath, seasonWorld } from './entitysport/world';
import { connectAndApply, fixtureOf } from './flow';
import { startVendorWorld, type VendorWorld } from './setup';

/**
 * The proof: a slice of IPL 2024 (VENDOR_SEASON_MATCHES, default 8; 71 for the whole season) from the
 * local Entity Sport server through the console's connect → preview → apply, then the sync by itself
 * — every match followed live ball by ball and its result written when the vendor marks it finished —
 * against the Cricsheet import of the same matches in another database: the same results, the same
 * leaderboards of a Match Prediction and a Player Selection league with the same picks, and the same
 * season statistics. Positions are the vendor's in both (the Cricsheet side gets them as a squads file).
 */

const N = Number(process.env.VENDOR_SEASON_MATCHES ?? 8);
const skip = checkRealData(HAVE_IPL_2024, isCi(process.env.CI), IPL_2024_DIR);

interface Side {
  t: TestApp;
  ada: SignedIn;
  bo: SignedIn;
  cy: SignedIn;
  mp: { LeagueID: number; LeagueCode: string };
  ps: { LeagueID: number; LeagueCode: string };
}

/** Players of a fixture's teams by name, from the season's squads. */
async function squadIds(db: Kysely<DB>, fixtureId: number) {
  const f = await db.selectFrom('fixtures').selectAll().where('id', '=', fixtureId).executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('squads as s')
    .innerJoin('players as p', 'p.id', 's.player_id')
    .select(['p.id', 'p.full_name', 's.team_id'])
    .where('s.season_id', '=', f.season_id)
    .where('s.team_id', 'in', [f.local_team_id, f.visitor_team_id])
    .execute();
  const of = (teamId: number) => new Map(rows.filter((r) => r.team_id === teamId).map((r) => [r.full_name, r.id]));
  return { f, home: of(f.local_team_id), away: of(f.visitor_team_id) };
}

/** The same leagues, members and picks on either side; picks name players as the match file lists them. */
async function leaguesAndPicks(t: TestApp, fixtures: { fixtureId: number; mid: number }[]): Promise<Side> {
  await importSchedule(t.db, [
    {
      season: 'IPL 2024',
      name: 'Exhibition',
      stage: 'Playoffs',
      startTime: '2099-05-26T14:00:00Z',
      home: 'Chennai Super Kings',
      away: 'Royal Challengers Bengaluru',
    },
  ]);
  await t.db.updateTable('seasons').set({ is_active: true }).where('name', '=', 'IPL 2024').execute();
  const season = await t.db.selectFrom('seasons').select('id').where('name', '=', 'IPL 2024').executeTakeFirstOrThrow();
  const w = { t, seasonId: season.id, seasonName: 'IPL 2024' };
  const ada = await person(t, 'Ada', 'Lovelace');
  const bo = await person(t, 'Bo', 'Diddley');
  const cy = await person(t, 'Cy', 'Young');
  const mp = await setUpLeague(w, ada, { type: 1, name: 'MP Vendor', showOthersPicks: true });
  const ps = await setUpLeague(w, ada, { type: 2, name: 'PS Vendor' });
  for (const l of [mp, ps]) {
    await joinAs(ada, bo, l, 'Bobby');
    await joinAs(ada, cy, l, 'Cyril');
  }
  const world = seasonWorld(N);
  for (const [k, { fixtureId, mid }] of fixtures.entries()) {
    const m = world.matches.get(mid)!;
    const { f, home, away } = await squadIds(t.db, fixtureId);
    const listed = (team: string, map: Map<string, number>) =>
      (m.match.info.players[team] ?? []).map((name) => {
        // Cricsheet tells two people of one name apart with a suffix ("Arshad Khan (2)"); a vendor's
        // squad may carry the name without it.
        const id = map.get(name) ?? map.get(name.replace(/ \(\d+\)$/, ''));
        if (id === undefined) throw new Error(`${name} is not in the ${team} squad`);
        return id;
      });
    const h = listed(m.teama.title, home);
    const a = listed(m.teamb.title, away);
    const L = mp.LeagueID;
    await mpPick(t.db, L, ada.userId, f.id, MP.MatchWinner, { team: f.local_team_id });
    await mpPick(t.db, L, ada.userId, f.id, MP.MostRuns, { player: h[0]! });
    await mpPick(t.db, L, ada.userId, f.id, MP.MostWickets, { player: a[10]! });
    await mpPick(t.db, L, ada.userId, f.id, MP.ManOfTheMatch, { player: h[1]! });
    await mpPick(t.db, L, ada.userId, f.id, MP.WinningMargin, { bonus: 501 + (k % 6) });
    await mpPick(t.db, L, ada.userId, f.id, MP.TotalSixes, { bonus: 601 + (k % 4) });
    await mpPick(t.db, L, bo.userId, f.id, MP.MatchWinner, { team: f.visitor_team_id });
    await mpPick(t.db, L, bo.userId, f.id, MP.MostRuns, { player: a[1]! });
    await mpPick(t.db, L, bo.userId, f.id, MP.MostWickets, { player: h[9]! });
    await mpPick(t.db, L, bo.userId, f.id, MP.ManOfTheMatch, { player: a[0]! });
    if (k % 2) await mpPick(t.db, L, cy.userId, f.id, MP.MatchWinner, { team: f.local_team_id });
    const P = ps.LeagueID;
    await psPicks(t.db, P, ada.userId, f.id, [h[0]!, h[1]!, h[2]!, h[3]!, a[0]!, a[10]!]);
    await psPicks(t.db, P, bo.userId, f.id, [a[1]!, a[2]!, a[3]!, a[4]!, h[9]!, h[10]!]);
    if (k % 3) await psPicks(t.db, P, cy.userId, f.id, [h[4]!, h[5]!, h[6]!, a[6]!, a[7]!, a[8]!]);
  }
  return { t, ada, bo, cy, mp, ps };
}

/** A league's leaderboard by display name (user ids differ between the two databases). */
async function leaderboard(side: Side, type: 'MP' | 'PS') {
  const league = type === 'MP' ? side.mp : side.ps;
  const path = type === 'MP' ? 'leaderboard' : 'player_selection_leaderboard';
  const res = await side.bo.client.get(`/api/view/${path}/${league.LeagueID}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { UserDisplayName: string; Position: number; TotalPoints: number; PointsGained: number }[])
    .map((r) => ({ name: r.UserDisplayName, position: r.Position, total: r.TotalPoints, gained: r.PointsGained }))
    .sort((x, y) => x.name.localeCompare(y.name));
}

/** Results by match number or name, in words. */
async function results(db: Kysely<DB>) {
  const rows = await db
    .selectFrom('fixtures as f')
    .innerJoin('fixture_results as r', 'r.fixture_id', 'f.id')
    .leftJoin('teams as w', 'w.id', 'r.winner_team_id')
    .select([
      'f.name',
      'f.status',
      'r.result_type',
      'w.name as winner',
      'r.won_by_runs',
      'r.won_by_wickets',
      'r.method',
    ])
    .orderBy('f.name')
    .execute();
  return rows;
}

/** Every player's season figures by name and team. */
async function seasonFigures(db: Kysely<DB>) {
  const rows = await db
    .selectFrom('player_fixture_stats as s')
    .innerJoin('players as p', 'p.id', 's.player_id')
    .innerJoin('teams as t', 't.id', 's.team_id')
    .innerJoin('fixtures as f', 'f.id', 's.fixture_id')
    .select([
      'p.full_name',
      't.name as team',
      'f.name as fixture',
      's.runs',
      's.balls',
      's.fours',
      's.sixes',
      's.dismissed',
      's.balls_bowled',
      's.maidens',
      's.runs_conceded',
      's.wickets',
      's.catches',
      's.stumpings',
      's.run_outs_direct',
      's.run_outs_indirect',
      's.did_play',
    ])
    .execute();
  return rows.map((r) => JSON.stringify(r)).sort();
}

/** The home page's season statistics widgets, without ids. */
async function widgets(side: Side) {
  const res = await side.ada.client.get('/api/player_stats/');
  expect(res.statusCode, res.body).toBe(200);
  return JSON.stringify(res.json(), (k, v) => (/ID$/.test(k) ? undefined : v));
}

describe.skipIf(skip !== null)(`IPL 2024 (${N} matches) through Entity Sport against Cricsheet on ${DB_TARGET}`, () => {
  let v: VendorWorld;
  let c: TestApp;
  let vendorSide: Side;
  let cricsheetSide: Side;
  const tmp = mkdtempSync(join(tmpdir(), 'vendor-season-'));
  const clock = testClock('2024-03-01T00:00:00Z');
  let sync: VendorSync;
  const fixtures: { fixtureId: number; mid: number }[] = [];

  beforeAll(async () => {
    v = await startVendorWorld(seasonWorld(N));
    c = await startTestApp();
  }, 120_000);
  afterAll(async () => {
    sync?.stop();
    await sync?.settled();
    await v?.close();
    await c?.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('connects, previews and applies the competition from the console', async () => {
    const preview = await v.op.client.post('/api/operator/vendors/entitysport/competition', {
      CompetitionID: String(v.es.world.cid),
      Apply: false,
    });
    expect(preview.statusCode).toBe(400); // not connected yet
    // Before the season: nothing bowled yet at the vendor, every match still to come.
    const matches = [...v.es.world.matches.values()].sort((a, b) => a.start - b.start || a.mid - b.mid);
    for (const m of matches) {
      m.revealed = 0;
      m.version += 1;
    }
    await connectAndApply(v);
    for (const m of matches) fixtures.push({ fixtureId: (await fixtureOf(v, m.mid)).id, mid: m.mid });
    expect(fixtures).toHaveLength(N);
    vendorSide = await leaguesAndPicks(v.t, fixtures);
  }, 300_000);

  it(
    'plays every match by itself: live, then the result the vendor marks finished',
    async () => {
      sync = new VendorSync(v.t.db, v.t.app.deps.config, {
        clock,
        resultCheckMs: 0,
        lineupRecheckMs: 0,
        provider: { retries: 0 },
      });
      // Matches by start time: a double-header's two matches start together (the local server gives each
      // match its day at 14:00 UTC), so both are followed live at once, as on a real match day.
      const days = new Map<number, { fixtureId: number; mid: number }[]>();
      for (const f of fixtures) {
        const start = v.es.world.matches.get(f.mid)!.start;
        days.set(start, [...(days.get(start) ?? []), f]);
      }
      const count = (fixtureId: number) =>
        v.t.db
          .selectFrom('live_deliveries')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('fixture_id', '=', fixtureId)
          .executeTakeFirstOrThrow()
          .then((r) => r.n);
      const status = (fixtureId: number) =>
        v.t.db
          .selectFrom('fixtures')
          .select('status')
          .where('id', '=', fixtureId)
          .executeTakeFirstOrThrow()
          .then((r) => r.status);
      for (const [start, group] of days) {
        clock.set(start * 1000 - 30 * 60_000);
        await sync.run('entitysport');
        clock.set(start * 1000 + 60_000);
        // Half of each match, then the rest: live points in between.
        for (const { mid } of group) {
          const m = v.es.world.matches.get(mid)!;
          m.revealed = Math.floor(m.balls.length / 2);
          m.version += 1;
        }
        await sync.run('entitysport');
        expect(sync.following().sort()).toEqual(group.map((f) => f.fixtureId).sort());
        for (const { fixtureId, mid } of group) {
          const half = v.es.world.matches.get(mid)!.revealed;
          const n = await pollUntil(
            () => count(fixtureId),
            (x) => x >= half,
            { timeoutMs: 120_000 },
          );
          expect(n, `match ${mid}: the first half followed live`).toBeGreaterThanOrEqual(half);
        }
        for (const { mid } of group) {
          const m = v.es.world.matches.get(mid)!;
          m.revealed = m.balls.length;
          m.version += 1;
        }
        for (const { fixtureId, mid } of group) {
          const s = await pollUntil(
            () => status(fixtureId),
            (x) => x !== 'scheduled' && x !== 'live',
            {
              timeoutMs: 120_000,
            },
          );
          expect(s, `match ${mid}: the result written when the vendor marked it finished`).toBe('completed');
        }
        await sync.settled();
      }
      const runs = await v.t.db.selectFrom('import_runs').select('outcome').where('kind', '=', 'vendor').execute();
      expect(runs.filter((r) => r.outcome === 'succeeded').length).toBeGreaterThanOrEqual(N);
    },
    Math.max(300_000, N * 40_000),
  );

  it('gives the results, leaderboards and season statistics of the Cricsheet import of the same matches', async () => {
    // The Cricsheet side: the same files imported, the vendor's positions as a squads file, the same picks.
    for (const { mid } of fixtures) symlinkSync(cricsheetPath(mid), join(tmp, `${mid}.json`));
    const report = await importCricsheetPath(c.db, tmp);
    expect(report.entries.filter((e) => e.status !== 'imported')).toEqual([]);
    const positions = await v.t.db
      .selectFrom('squads as s')
      .innerJoin('players as p', 'p.id', 's.player_id')
      .innerJoin('teams as t', 't.id', 's.team_id')
      .innerJoin('positions as po', 'po.id', 'p.position_id')
      .select(['p.full_name', 't.name as team', 'po.name as position'])
      .execute();
    const ours = await c.db
      .selectFrom('squads as s')
      .innerJoin('players as p', 'p.id', 's.player_id')
      .innerJoin('teams as t', 't.id', 's.team_id')
      .select(['p.full_name', 'p.cricsheet_id', 't.name as team'])
      .execute();
    const keyOf = new Map(ours.map((r) => [`${r.team}|${r.full_name}`, r.cricsheet_id!]));
    await c.db.transaction().execute(async (trx) => {
      const lines = await writeSquadRecords(trx, {
        season: 'IPL 2024',
        rows: positions
          .filter((p) => keyOf.has(`${p.team}|${p.full_name}`))
          .map((p, i) => ({
            where: `row ${i}`,
            team: p.team,
            record: { name: p.full_name, cricsheetId: keyOf.get(`${p.team}|${p.full_name}`)!, position: p.position },
          })),
      });
      expect(lines.filter((l) => l.status === 'failed' || l.status === 'conflict')).toEqual([]);
    });
    const cFixtures: { fixtureId: number; mid: number }[] = [];
    for (const { mid } of fixtures) {
      const f = await c.db
        .selectFrom('fixtures')
        .select('id')
        .where('cricsheet_match_id', '=', String(mid))
        .executeTakeFirstOrThrow();
      cFixtures.push({ fixtureId: f.id, mid });
    }
    cricsheetSide = await leaguesAndPicks(c, cFixtures);

    expect(await results(v.t.db)).toEqual(await results(c.db));
    expect(await seasonFigures(v.t.db)).toEqual(await seasonFigures(c.db));
    for (const type of ['MP', 'PS'] as const) {
      const got = await leaderboard(vendorSide, type);
      expect(got.some((r) => r.total > 0)).toBe(true);
      expect(got).toEqual(await leaderboard(cricsheetSide, type));
    }
    expect(await widgets(vendorSide)).toEqual(await widgets(cricsheetSide));
  }, 600_000);
});
