import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CricsheetDelivery, CricsheetMatch } from '../../../src/cricket/import/cricsheet-format';
import { parseCricsheetMatch } from '../../../src/cricket/import/parse';
import type { Database } from '../../../src/db/database';
import { databaseCallCounter, VendorError } from '../../../src/vendors/http';
import { checkRealData, HAVE_IPL_2024, IPL_2024_DIR, isCi } from '../../cricket/builder';
import { DB_TARGET, freshDatabase } from '../../db';
import { compareFigures, cricsheetPid, liveAsCricsheet, parsedFigures, vendorPid } from './figures';
import { files, providerFor, worldOf } from './scenarios';
import { type EsServer, startEsServer } from './server';
import type { WorldMatch } from './world';

/**
 * A match followed as it is played: the local server publishes it ball by ball and the provider's
 * `live` hands out the balls so far, null when nothing changed, a corrected ball at its place; the
 * calls of a match day are counted in the database (PGlite and PostgreSQL) and a spent budget stops
 * them.
 */

const skip = checkRealData(HAVE_IPL_2024, isCi(process.env.CI), IPL_2024_DIR);

/** The Cricsheet delivery as the provider hands it out (names; a substitute flag only when true). */
const expected = (d: CricsheetDelivery) => JSON.parse(JSON.stringify(d)) as CricsheetDelivery;

describe.skipIf(skip !== null)(`Entity Sport live on ${DB_TARGET}`, () => {
  let all: Map<number, CricsheetMatch>;
  let database: Database;
  let server: EsServer | undefined;
  const FIRST = 1422119;
  const SECOND = 1422120;

  beforeAll(async () => {
    all = files();
    database = await freshDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  const play = async (m: WorldMatch, p: ReturnType<typeof providerFor>, upTo: number) => {
    m.revealed = upTo;
    return p.live(String(m.mid));
  };

  it('hands out the balls so far, over by over, and null when nothing changed', async () => {
    server = await startEsServer(worldOf([[FIRST, all.get(FIRST)]]));
    const m = server.world.matches.get(FIRST)!;
    const p = providerFor(server);
    const first = await play(m, p, 0);
    expect(first?.balls).toEqual([]);
    expect(first?.info.teams).toEqual(['Royal Challengers Bengaluru', 'Chennai Super Kings']);
    expect(first?.info.players['Chennai Super Kings']).toHaveLength(11);
    expect(await p.live(String(FIRST))).toBeNull();
    for (let upTo = 7; upTo < m.balls.length; upTo += 7) {
      const u = (await play(m, p, upTo))!;
      expect(u.balls.map((b) => b.delivery)).toEqual(m.balls.slice(0, upTo).map((b) => expected(b.delivery)));
      expect(u.balls.map((b) => [b.innings, b.over])).toEqual(m.balls.slice(0, upTo).map((b) => [b.innings, b.over]));
      expect(await p.live(String(FIRST))).toBeNull();
    }
  });

  it('a ball corrected after its over comes at its place, in this innings or an earlier one', async () => {
    const json = structuredClone(all.get(FIRST)!);
    server = await startEsServer(worldOf([[FIRST, json]]));
    const m = server.world.matches.get(FIRST)!;
    const p = providerFor(server);
    const plain = m.balls.findIndex((b) => !b.delivery.extras && !b.delivery.wickets && b.delivery.runs.batter < 4);
    await play(m, p, plain + 12);
    // The vendor corrects that ball (a four, not the runs first given) two overs later.
    const ball = m.balls[plain]!.delivery;
    const given = ball.runs.batter;
    ball.runs = { batter: 4, extras: 0, total: 4 };
    m.version += 1;
    const u = (await play(m, p, plain + 14))!;
    expect(u.balls[plain]!.delivery.runs).toEqual({ batter: 4, extras: 0, total: 4 });
    expect(u.balls).toHaveLength(plain + 14);

    // Into the second innings, a ball of the first innings is corrected: its commentary is fetched again.
    const second = m.balls.findIndex((b) => b.innings === 1);
    await play(m, p, second + 6);
    const early = m.balls[plain + 1]!.delivery;
    const before = early.runs.batter;
    early.runs = { ...early.runs, batter: before + 1, total: early.runs.total + 1 };
    m.version += 1;
    const v = (await play(m, p, second + 7))!;
    expect(v.balls[plain + 1]!.delivery.runs.batter).toBe(before + 1);
    // The whole match, corrected, replays to the figures of the corrected file.
    const w = (await play(m, p, m.balls.length))!;
    const parsed = parseCricsheetMatch(m.match, 'corrected.json');
    const replay = parseCricsheetMatch(liveAsCricsheet(w, m.match.info.outcome), 'replay.json');
    const diff = compareFigures(parsedFigures(parsed, cricsheetPid), parsedFigures(replay, vendorPid));
    expect(diff.differ).toEqual([]);
    expect(replay.innings).toEqual(parsed.innings);
    const original = parseCricsheetMatch(all.get(FIRST)!, `${FIRST}.json`).innings[0]!.runs;
    expect(parsed.innings[0]!.runs).toBe(original + (4 - given) + 1);
  });

  it('a match day of two T20s: every call counted in the database, a spent budget makes none', async () => {
    server = await startEsServer(worldOf([FIRST, SECOND].map((mid) => [mid, all.get(mid)])));
    const s = server;
    const calls = databaseCallCounter(database.db);
    const p = providerFor(s, { calls, dailyCallBudget: 2000 });
    await p.schedule(String(s.world.cid));
    for (const mid of [FIRST, SECOND]) {
      const m = s.world.matches.get(mid)!;
      m.revealed = 0;
      // Toss and XIs looked for three times before the start, then the match polled after every over.
      for (let i = 0; i < 3; i++) await p.lineup(String(mid));
      let upTo = 0;
      while (upTo < m.balls.length) {
        const over = m.balls[upTo]!.over;
        const inn = m.balls[upTo]!.innings;
        while (upTo < m.balls.length && m.balls[upTo]!.over === over && m.balls[upTo]!.innings === inn) upTo += 1;
        await play(m, p, upTo);
      }
      expect((await p.result(String(mid))).status).toBe('finished');
    }
    const usage = await p.http.usage();
    expect(usage.calls).toBe(s.requests.length);
    // One schedule, two matches of about 40 overs: 1 + 2 × (3 × 2 lineup + ~40 polls × 2 + 2 result) + tokens.
    expect(usage.calls).toBeLessThan(200);
    expect(usage.remaining).toBe(2000 - usage.calls);

    const spent = providerFor(s, { calls, dailyCallBudget: usage.calls });
    const before = s.requests.length;
    const e = await spent.result(String(FIRST)).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(VendorError);
    expect(e).toMatchObject({ kind: 'quota' });
    expect(s.requests.length).toBe(before);
  });
});
