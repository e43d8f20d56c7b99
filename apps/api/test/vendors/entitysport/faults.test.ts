import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CricsheetMatch } from '../../../src/cricket/import/cricsheet-format';
import { parseCricsheetMatch } from '../../../src/cricket/import/parse';
import { VendorError } from '../../../src/vendors/http';
import { checkRealData, HAVE_IPL_2024, IPL_2024_DIR, isCi } from '../../cricket/builder';
import { compareFigures, cricsheetPid, liveAsCricsheet, parsedFigures, vendorPid } from './figures';
import {
  files,
  type Json,
  providerFor,
  recordingClock,
  sameAsCricsheet,
  tiedWithSuperOver,
  withImpactPlayer,
  wonByDls,
  worldOf,
} from './scenarios';
import { type EsServer, startEsServer } from './server';
import { pidOf } from './world';

/**
 * Each fault a vendor can throw at us, one test each, against the local Entity Sport server: refused
 * credentials, the rate limit, server errors and timeouts, a renamed or missing field (the call fails
 * naming it and hands out nothing), and the cricket ones: an abandoned match, a postponed fixture, a
 * super over, a rain-rule result, an Impact Player, an XI changed after it was announced. (A ball
 * corrected after its over: live.test.ts.)
 */

const skip = checkRealData(HAVE_IPL_2024, isCi(process.env.CI), IPL_2024_DIR);

async function failure(p: Promise<unknown>): Promise<VendorError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof VendorError) return e;
    throw e;
  }
  throw new Error('expected a VendorError');
}

describe.skipIf(skip !== null)('Entity Sport faults', () => {
  let all: Map<number, CricsheetMatch>;
  let server: EsServer | undefined;
  const FIRST = 1422119;

  beforeAll(() => {
    all = files();
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  const start = async (matches: [number, unknown][] = [[FIRST, all.get(FIRST)]]) => {
    server = await startEsServer(worldOf(matches));
    return server;
  };

  it('token refused: wrong keys are an auth error that shows no key', async () => {
    const s = await start();
    const e = await failure(providerFor(s, { secretKey: 'wrong-secret-999' }).schedule(String(s.world.cid)));
    expect(e).toMatchObject({ kind: 'auth', status: 401 });
    expect(e.message).not.toContain('wrong-secret-999');
    expect(e.message).not.toContain(s.accessKey);
    s.faults.push({ path: /^\/auth$/, action: { status: 403 } });
    expect(await failure(providerFor(s).schedule(String(s.world.cid)))).toMatchObject({ kind: 'auth', status: 403 });
  });

  it('an expired token is bought again, once', async () => {
    const s = await start();
    const p = providerFor(s);
    await p.schedule(String(s.world.cid));
    s.expireTokens();
    await p.lineup(String(FIRST));
    expect(s.requests.filter((r) => r.path === '/auth')).toHaveLength(2);
    // A token refused again right after it was bought: the credentials are refused.
    s.faults.push({ path: /scorecard$/, action: { status: 401 } });
    expect(await failure(p.result(String(FIRST)))).toMatchObject({ kind: 'auth' });
  });

  it('quota: a short Retry-After is waited out, a long one fails with the wait', async () => {
    const s = await start();
    const clock = recordingClock();
    const p = providerFor(s, { clock, retries: 2 });
    s.faults.push({ path: /scorecard$/, times: 1, action: { status: 429, headers: { 'retry-after': '2' } } });
    expect((await p.result(String(FIRST))).status).toBe('finished');
    expect(clock.slept).toEqual([2000]);
    s.faults.push({ path: /squads$/, action: { status: 429, headers: { 'retry-after': '7200' } } });
    const e = await failure(p.lineup(String(FIRST)));
    expect(e).toMatchObject({ kind: 'quota', status: 429, retryAfterMs: 7_200_000 });
  });

  it('5xx: retried with a wait, then a server error', async () => {
    const s = await start();
    const clock = recordingClock();
    const p = providerFor(s, { clock, retries: 2 });
    s.faults.push({ path: /info$/, times: 2, action: { status: 501 } });
    expect(await p.lineup(String(FIRST))).not.toBeNull();
    expect(clock.slept).toEqual([500, 1000]);
    s.faults.push({ path: /matches$/, action: { status: 503 } });
    expect(await failure(p.schedule(String(s.world.cid)))).toMatchObject({ kind: 'server', status: 503 });
  });

  it('a timeout: the request is abandoned and tried again, then fails', async () => {
    const s = await start();
    const p = providerFor(s, { timeoutMs: 150, retries: 1, clock: recordingClock() });
    await p.schedule(String(s.world.cid)); // the token first
    s.faults.push({ path: /scorecard$/, action: 'hang' });
    expect(await failure(p.result(String(FIRST)))).toMatchObject({ kind: 'timeout' });
    expect(s.requests.filter((r) => r.path.endsWith('scorecard'))).toHaveLength(2);
  });

  it('a renamed or missing field fails the call naming the field', async () => {
    const s = await start([
      [FIRST, all.get(FIRST)],
      [1422120, all.get(1422120)],
      [1422121, all.get(1422121)],
    ]);
    const p = providerFor(s);
    s.faults.push({
      path: /scorecard$/,
      times: 1,
      action: {
        mutate: (r) => {
          const b = ((r.innings as Json[])[0]!.batsmen as Json[])[0]!;
          b.run = b.runs;
          delete b.runs;
        },
      },
    });
    const e = await failure(p.result(String(FIRST)));
    expect(e).toMatchObject({ kind: 'shape', field: 'response.innings[0].batsmen[0].runs' });
    expect(e.message).toBe(
      `entitysport: GET matches/${FIRST}/scorecard: field response.innings[0].batsmen[0].runs is missing`,
    );
    s.faults.push({ path: /matches$/, times: 1, action: { mutate: (r) => void delete (r.items as Json[])[2]!.teama } });
    expect(await failure(p.schedule(String(s.world.cid)))).toMatchObject({ field: 'response.items[2].teama' });
    // The next answer is whole again.
    expect(await p.schedule(String(s.world.cid))).toHaveLength(3);
  });

  it('an abandoned match: listed as abandoned, a no-result scorecard without innings', async () => {
    const s = await start();
    const m = s.world.matches.get(FIRST)!;
    m.revealed = 0;
    m.statusOverride = 4;
    const p = providerFor(s);
    expect((await p.schedule(String(s.world.cid)))[0]!.status).toBe('abandoned');
    const r = await p.result(String(FIRST));
    expect(r.status).toBe('abandoned');
    expect(r.scorecard).toMatchObject({ outcome: { kind: 'no result' }, innings: [], playerOfMatch: [] });
    expect(r.scorecard!.playing.map((t) => t.players.length)).toEqual([11, 11]);
  });

  it('a postponed fixture: the schedule gives its new start, still scheduled', async () => {
    const s = await start();
    const m = s.world.matches.get(FIRST)!;
    m.revealed = 0;
    m.statusOverride = 1;
    const p = providerFor(s);
    const before = (await p.schedule(String(s.world.cid)))[0]!;
    expect(before).toMatchObject({ status: 'scheduled', startTime: '2024-03-22T14:00:00.000Z' });
    m.start += 2 * 86_400;
    const after = (await p.schedule(String(s.world.cid)))[0]!;
    expect(after).toMatchObject({ status: 'scheduled', startTime: '2024-03-24T14:00:00.000Z' });
    expect(await p.result(String(FIRST))).toEqual({ status: 'scheduled', scorecard: null });
  });

  it('a super over: a tie won in the super over, its balls out of the players’ figures', async () => {
    const tie = tiedWithSuperOver(all);
    const s = await start([[tie.mid, tie.json]]);
    const p = providerFor(s);
    const { parsed, result, figures } = await sameAsCricsheet(p, tie.mid, tie.json);
    expect(result.scorecard!.outcome).toEqual({ kind: 'tie', superOverWinner: tie.winner });
    expect(parsed.result).toMatchObject({ type: 'tie', superOverWinner: tie.winner });
    expect(result.scorecard!.innings.map((i) => [i.superOver, i.total.runs])).toEqual(
      parsed.innings.map((i) => [i.superOver, i.runs]),
    );
    expect(result.scorecard!.innings.slice(2).map((i) => i.total.runs)).toEqual([6, 8]);
    expect(figures.differ).toEqual([]);
    // Ball by ball: the super overs come through as super-over innings, scored by nobody.
    const update = (await p.live(String(tie.mid)))!;
    expect(update.balls.filter((b) => b.superOver)).toHaveLength(8);
    const replay = parseCricsheetMatch(liveAsCricsheet(update, tie.json.info.outcome), 'replay');
    expect(replay.innings).toEqual(parsed.innings);
    expect(compareFigures(parsedFigures(parsed, cricsheetPid), parsedFigures(replay, vendorPid)).differ).toEqual([]);
  });

  it('a rain-rule result: the method is D/L', async () => {
    const dls = wonByDls(all);
    const s = await start([[dls.mid, dls.json]]);
    const { parsed, result, figures } = await sameAsCricsheet(providerFor(s), dls.mid, dls.json);
    expect(result.scorecard!.outcome).toEqual({
      kind: 'win',
      winner: parsed.result.winner,
      byRuns: parsed.result.byRuns,
      method: 'D/L',
    });
    expect(figures.differ).toEqual([]);
  });

  it('an Impact Player: a named substitute in the lineup, playing with his real figures', async () => {
    const ip = withImpactPlayer(all);
    const s = await start([[ip.mid, all.get(ip.mid)]]);
    const p = providerFor(s);
    const pid = String(pidOf(all.get(ip.mid)!.info.registry.people[ip.player]!));
    const lineup = (await p.lineup(String(ip.mid)))!;
    const team = lineup.teams.find((t) => t.substitutes.includes(pid))!;
    expect(team.playing).toHaveLength(11);
    expect(team.playing).not.toContain(pid);
    const { result, figures } = await sameAsCricsheet(p, ip.mid, all.get(ip.mid)!);
    const playing = result.scorecard!.playing.find((t) => t.team === ip.team)!;
    expect(playing.players.map((x) => x.id)).toContain(pid);
    expect(playing.players.length).toBeGreaterThanOrEqual(12);
    expect(figures.differ).toEqual([]);
  });

  it('the XI changed after it was announced: the next lineup has the new XI', async () => {
    const s = await start();
    const m = s.world.matches.get(FIRST)!;
    m.revealed = 0;
    const p = providerFor(s);
    const first = (await p.lineup(String(FIRST)))!;
    const xi = m.xi.get(m.teama.tid)!;
    const out = xi[10]!;
    const replacement = m.squad.get(m.teama.tid)![11]!;
    m.xi.set(m.teama.tid, [...xi.slice(0, 10), replacement]);
    m.version += 1;
    const second = (await p.lineup(String(FIRST)))!;
    const pid = (n: string) => String(m.pid.get(n));
    expect(first.teams[0]!.playing).toContain(pid(out));
    expect(second.teams[0]!.playing).not.toContain(pid(out));
    expect(second.teams[0]!.playing).toContain(pid(replacement));
    expect(second.teams[0]!.substitutes).toContain(pid(out));
    expect(second.teams[1]).toEqual(first.teams[1]);
  });
});
