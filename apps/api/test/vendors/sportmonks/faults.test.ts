import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Clock } from '../../../src/live/feed';
import { memoryCallCounter, type VendorCallLog, VendorError } from '../../../src/vendors/http';
import { createSportMonksHttp, createSportMonksProvider } from '../../../src/vendors/sportmonks/provider';
import { HAVE_IPL_2024, IPL_2024_DIR } from '../../cricket/builder';
import { type SportMonksServer, startSportMonksServer } from './server';
import { buildWorld, IPL_SEASON_ID, type World } from './world';

/**
 * Faults, each one a test, against the local SportMonks server: the vendor refusing the token or the
 * plan, its rate limit, server errors and silence, an answer whose shape is not the documented one,
 * and the match situations (abandoned, postponed, super over, DLS, Impact Player, the XI changing,
 * a corrected ball).
 */

const TOKEN = 'sm-faults-test-token-91ab';
const PORT = 4421;
/** A finished match (match 34: Lucknow Super Giants listed 12 players, one an Impact Player). */
const IMPACT_MATCH = 1426272;
const FINAL = 1426312;

class FakeClock implements Clock {
  slept: number[] = [];
  now() {
    return new Date('2024-05-01T12:00:00Z');
  }
  async sleep(ms: number) {
    this.slept.push(ms);
  }
}

describe.skipIf(!HAVE_IPL_2024)('SportMonks faults', () => {
  let server: SportMonksServer;
  let pristine: World;
  let clock: FakeClock;
  let log: VendorCallLog[];

  beforeAll(async () => {
    pristine = buildWorld(IPL_2024_DIR);
    server = await startSportMonksServer(buildWorld(IPL_2024_DIR), TOKEN, PORT);
  });
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(() => {
    clock = new FakeClock();
    log = [];
    // Each test starts from the Cricsheet world.
    const w = server.world;
    w.fixtures.clear();
    for (const [id, f] of pristine.fixtures) w.fixtures.set(id, { ...f, lineup: [...f.lineup] });
    const squads = w.squads.get(IPL_SEASON_ID)!;
    for (const [team, ids] of pristine.squads.get(IPL_SEASON_ID)!) squads.set(team, [...ids]);
  });

  function provider(options: { token?: string; timeoutMs?: number } = {}) {
    const http = createSportMonksHttp({
      token: options.token ?? TOKEN,
      baseUrl: server.baseUrl,
      calls: memoryCallCounter(),
      clock,
      timeoutMs: options.timeoutMs ?? 5_000,
      log: (e) => log.push(e),
    });
    return { http, sm: createSportMonksProvider(http) };
  }

  async function failure(p: Promise<unknown>): Promise<VendorError> {
    const e = await p.then(
      () => undefined,
      (x: unknown) => x,
    );
    expect(e).toBeInstanceOf(VendorError);
    return e as VendorError;
  }

  function secretsKept(...texts: string[]) {
    for (const t of [...texts, JSON.stringify(log)]) expect(t).not.toContain('sm-faults-test-token');
  }

  it('a refused token (401) is an auth failure, not retried, the token nowhere in the message', async () => {
    const wrong = 'sm-faults-test-token-WRONG';
    const { sm, http } = provider({ token: wrong });
    const e = await failure(sm.competitions());
    expect(e).toMatchObject({ kind: 'auth', status: 401 });
    expect((await http.usage()).calls).toBe(1);
    expect(e.message).not.toContain(wrong);
    expect(JSON.stringify(log)).not.toContain(wrong);
  });

  it('data outside the plan (403) is an auth failure', async () => {
    server.inject({ fault: { kind: 'status', status: 403 }, path: /^\/seasons$/ });
    const e = await failure(provider().sm.competitions());
    expect(e).toMatchObject({ kind: 'auth', status: 403 });
    secretsKept(e.message);
  });

  it('a rate limit with a short Retry-After is waited out and the call made again', async () => {
    server.inject({ fault: { kind: 'status', status: 429, retryAfter: '2' }, path: /^\/seasons$/ });
    const { sm, http } = provider();
    expect(await sm.competitions()).toHaveLength(2);
    expect(clock.slept).toEqual([2_000]);
    expect((await http.usage()).calls).toBe(2);
  });

  it('a rate limit for the rest of the hour is a quota failure that says how long to wait', async () => {
    server.inject({ fault: { kind: 'status', status: 429, retryAfter: '3600' }, path: /^\/seasons$/ });
    const { sm, http } = provider();
    const e = await failure(sm.competitions());
    expect(e).toMatchObject({ kind: 'quota', status: 429, retryAfterMs: 3_600_000 });
    expect(clock.slept).toEqual([]);
    expect((await http.usage()).calls).toBe(1);
    secretsKept(e.message);
  });

  it('a 5xx is retried with a growing wait; one that persists is a server failure', async () => {
    server.inject({ fault: { kind: 'status', status: 500 }, path: /^\/seasons$/ });
    expect(await provider().sm.competitions()).toHaveLength(2);
    clock.slept = [];
    server.inject({ fault: { kind: 'status', status: 503 }, path: /^\/seasons$/, times: 3 });
    const e = await failure(provider().sm.competitions());
    expect(e).toMatchObject({ kind: 'server', status: 503 });
    expect(clock.slept).toEqual([500, 1_000]);
  });

  it('an answer that never comes is a timeout after the retries', async () => {
    server.inject({ fault: { kind: 'hang' }, path: /^\/fixtures\//, times: 3 });
    const { sm, http } = provider({ timeoutMs: 200 });
    const e = await failure(sm.result(String(FINAL)));
    expect(e.kind).toBe('timeout');
    expect((await http.usage()).calls).toBe(3);
    secretsKept(e.message);
  });

  it('a renamed field fails naming it, and nothing is returned', async () => {
    server.inject({ fault: { kind: 'rename', from: 'fullname', to: 'full_name' }, path: /^\/teams\// });
    const e = await failure(provider().sm.squads(String(IPL_SEASON_ID)));
    expect(e).toMatchObject({ kind: 'shape', field: 'data.squad[0].fullname' });
    expect(e.message).toMatch(/data\.squad\[0\]\.fullname is missing/);
  });

  it('a missing field fails naming it', async () => {
    server.inject({ fault: { kind: 'drop', field: 'localteam_id' }, path: /^\/fixtures\// });
    const e = await failure(provider().sm.lineup(String(FINAL)));
    expect(e).toMatchObject({ kind: 'shape', field: 'data.localteam_id' });
  });

  it('a status the documentation does not list fails naming the field', async () => {
    server.world.fixtures.get(FINAL)!.status = 'Postponed' as never;
    const e = await failure(provider().sm.result(String(FINAL)));
    expect(e).toMatchObject({ kind: 'shape', field: 'data.status' });
  });

  it('an abandoned match is abandoned, with no scorecard', async () => {
    server.world.fixtures.get(FINAL)!.status = 'Aban.';
    expect(await provider().sm.result(String(FINAL))).toEqual({ status: 'abandoned', scorecard: null });
  });

  it('a postponed fixture is postponed, and one delayed or not started is still scheduled', async () => {
    const { sm } = provider();
    const f = server.world.fixtures.get(FINAL)!;
    f.status = 'Postp.';
    expect(await sm.result(String(FINAL))).toEqual({ status: 'postponed', scorecard: null });
    f.status = 'Delayed';
    expect((await sm.result(String(FINAL))).status).toBe('scheduled');
    f.status = 'NS';
    expect((await sm.result(String(FINAL))).status).toBe('scheduled');
    f.status = 'Int.';
    expect((await sm.result(String(FINAL))).status).toBe('live');
  });

  // A super over and a DLS result are in the finished match's records, whose fields are not
  // documented: the provider gives the winner and the man of the match only, never a margin, a
  // method or a tie it cannot read.
  for (const situation of ['a super over', 'a DLS result']) {
    it(`a finished match decided by ${situation} gives its winner and man of the match only, nothing guessed`, async () => {
      const f = server.world.fixtures.get(FINAL)!;
      const r = await provider().sm.result(String(FINAL));
      expect(r).toStrictEqual({
        status: 'finished',
        scorecard: null,
        outcome: { winnerTeamId: String(f.winnerteam_id), playerOfMatchId: String(f.manofmatch_id) },
      });
    });
  }

  it('a finished match without a winner gives a null winner: a tie or no result is not guessed', async () => {
    const f = server.world.fixtures.get(FINAL)!;
    f.winnerteam_id = null;
    expect((await provider().sm.result(String(FINAL))).outcome).toEqual({
      winnerTeamId: null,
      playerOfMatchId: String(f.manofmatch_id),
    });
    f.manofmatch_id = null;
    expect((await provider().sm.result(String(FINAL))).outcome).toEqual({ winnerTeamId: null, playerOfMatchId: null });
  });

  it('a renamed or missing result include fails naming it', async () => {
    server.inject({ fault: { kind: 'rename', from: 'winnerteam', to: 'winner_team' }, path: /^\/fixtures\// });
    const renamed = await failure(provider().sm.result(String(FINAL)));
    expect(renamed).toMatchObject({ kind: 'shape', field: 'data.winnerteam' });
    expect(renamed.message).toMatch(
      /GET \/fixtures\/\d+\?include=winnerteam,manofmatch: field data\.winnerteam is missing/,
    );
    server.inject({ fault: { kind: 'drop', field: 'manofmatch' }, path: /^\/fixtures\// });
    expect(await failure(provider().sm.result(String(FINAL)))).toMatchObject({
      kind: 'shape',
      field: 'data.manofmatch',
    });
  });

  it("a winner that is neither of the fixture's teams fails naming the include", async () => {
    const f = server.world.fixtures.get(FINAL)!;
    f.winnerteam_id = [...server.world.teams.keys()].find((t) => t !== f.localteam_id && t !== f.visitorteam_id)!;
    const e = await failure(provider().sm.result(String(FINAL)));
    expect(e).toMatchObject({ kind: 'shape', field: 'data.winnerteam' });
    expect(e.message).toMatch(/neither of the fixture's teams/);
  });

  it('an Impact Player is listed with his team: every listed player plays, none is a named substitute', async () => {
    const w = server.world;
    const m = w.matches.get(IMPACT_MATCH)!;
    const lineup = (await provider().sm.lineup(String(IMPACT_MATCH)))!;
    expect(lineup.teams.map((t) => t.playing.length)).toEqual(m.info.teams.map((t) => m.info.players[t]!.length));
    expect(Math.max(...lineup.teams.map((t) => t.playing.length))).toBe(12);
    expect(lineup.teams.every((t) => t.substitutes.length === 0)).toBe(true);
  });

  it('the XI changing after it was announced: the next call gives the new XI, a new signing included', async () => {
    const w = server.world;
    const { sm, http } = provider();
    const first = (await sm.lineup(String(FINAL)))!;
    const f = w.fixtures.get(FINAL)!;
    const home = f.localteam_id;
    // A squad player comes in for the first listed player.
    const squad = w.squads.get(IPL_SEASON_ID)!.get(home)!;
    const benched = squad.find((p) => !f.lineup.includes(p))!;
    const dropped = f.lineup[0]!;
    f.lineup[0] = benched;
    const second = (await sm.lineup(String(FINAL)))!;
    expect(second.teams[0]!.playing).toEqual([String(benched), ...first.teams[0]!.playing.slice(1)]);
    expect(second.teams[0]!.playing).not.toContain(String(dropped));
    expect(second.teams[1]).toEqual(first.teams[1]);
    // A replacement signed after the squads were read: they are read again once.
    // (A player of a third team: only the two teams' squads place a lineup.)
    const away = w.squads.get(IPL_SEASON_ID)!.get(f.visitorteam_id)!;
    const signing = [...w.players.keys()].find((id) => !squad.includes(id) && !away.includes(id))!;
    squad.push(signing);
    f.lineup[1] = signing;
    const before = (await http.usage()).calls;
    const third = (await sm.lineup(String(FINAL)))!;
    expect(third.teams[0]!.playing[1]).toBe(String(signing));
    expect((await http.usage()).calls - before).toBe(1 + 1 + 10);
  });

  it('a listed player in neither squad fails naming the lineup entry', async () => {
    const w = server.world;
    const f = w.fixtures.get(FINAL)!;
    const stranger = [...w.players.keys()].find((id) => {
      const squads = w.squads.get(IPL_SEASON_ID)!;
      return !squads.get(f.localteam_id)!.includes(id) && !squads.get(f.visitorteam_id)!.includes(id);
    })!;
    f.lineup[3] = stranger;
    const e = await failure(provider().sm.lineup(String(FINAL)));
    expect(e).toMatchObject({ kind: 'shape', field: 'data.lineup[3]' });
    expect(e.message).toMatch(/in neither team's squad/);
  });

  it('a ball corrected after the over cannot be followed: live balls are not supported, and no call is made', async () => {
    const { sm, http } = provider();
    const e = await failure(sm.live(String(FINAL)));
    expect(e.kind).toBe('not-supported');
    expect((await http.usage()).calls).toBe(0);
  });
});
