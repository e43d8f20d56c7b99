import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSITION } from '../../../src/cricket/catalogue';
import type { Clock } from '../../../src/live/feed';
import { memoryCallCounter, parseShape, type VendorCallLog } from '../../../src/vendors/http';
import { createSportMonksHttp, createSportMonksProvider } from '../../../src/vendors/sportmonks/provider';
import * as schema from '../../../src/vendors/sportmonks/schemas';
import { checkRealData, HAVE_IPL_2024, IPL_2024_DIR, isCi } from '../../cricket/builder';
import * as doc from './fixtures/documented';
import { type SportMonksServer, startSportMonksServer } from './server';
import { buildWorld, IPL_SEASON_ID, T20I_SEASON_ID, WASHED_OUT } from './world';

/**
 * The SportMonks provider against a local server answering as the vendor documents, built from the
 * 71 IPL 2024 Cricsheet files: the competitions, every team's squad of the season, every match's
 * players and every finished match's winner and man of the match equal the Cricsheet files; what the
 * documentation does not give is refused.
 */

const TOKEN = 'sm-provider-test-token-7c1e';
const PORT = 4420;

const realDataMessage = checkRealData(HAVE_IPL_2024, isCi(process.env.CI), IPL_2024_DIR);
if (realDataMessage) console.warn(realDataMessage);

const instantClock: Clock = { now: () => new Date('2024-05-01T12:00:00Z'), sleep: async () => {} };

describe('documented examples', () => {
  // The schemas read only documented fields: the vendor's own examples must pass them.
  it('the schemas accept the example responses of the documentation', () => {
    expect(parseShape('sportmonks', schema.league, doc.LEAGUE_BY_ID.data, 'league').name).toBe(
      'Twenty20 International',
    );
    for (const s of doc.ALL_SEASONS.data) expect(parseShape('sportmonks', schema.season, s, 'season').id).toBe(s.id);
    for (const t of doc.ALL_TEAMS.data) expect(parseShape('sportmonks', schema.team, t, 'team').code).toBe(t.code);
    const p = parseShape('sportmonks', schema.player, doc.PLAYER_BY_ID.data, 'player');
    expect(p).toMatchObject({ id: 2, fullname: 'Ahmed Shehzad', position: { name: 'Batsman' } });
    // The documented positions are ours, with the same ids.
    for (const x of doc.ALL_POSITIONS.data) expect(POSITION[x.name as keyof typeof POSITION]).toBe(x.id);
    expect(doc.ALL_POSITIONS.data.map((x) => x.name).sort()).toEqual([...schema.POSITION_NAMES].sort());
    expect([...schema.FIXTURE_STATUSES]).toEqual([...doc.STATUSES]);
    // Every fixture field and include the schemas read is one cited in the documented file.
    const cited = Object.keys(doc.FIXTURE_FIELDS_READ);
    for (const s of [schema.fixtureWithLineup, schema.fixtureWithResult]) {
      for (const k of Object.keys(s.shape.data.shape)) expect(cited).toContain(k);
    }
    expect(Object.keys(doc.RESULTS_INCLUDES)).toEqual(expect.arrayContaining(['winnerteam', 'manofmatch']));
  });
});

describe.skipIf(!HAVE_IPL_2024)('IPL 2024 through the SportMonks provider', () => {
  let server: SportMonksServer;
  const log: VendorCallLog[] = [];

  beforeAll(async () => {
    server = await startSportMonksServer(buildWorld(IPL_2024_DIR), TOKEN, PORT);
  });
  afterAll(async () => {
    await server?.close();
  });

  function fresh() {
    const http = createSportMonksHttp({
      token: TOKEN,
      baseUrl: server.baseUrl,
      calls: memoryCallCounter(),
      clock: instantClock,
      log: (e) => log.push(e),
    });
    return { http, provider: createSportMonksProvider(http) };
  }

  it('lists a competition per season of the plan, with its league', async () => {
    const { provider } = fresh();
    expect(await provider.competitions()).toEqual([
      { id: String(IPL_SEASON_ID), name: 'Indian Premier League', season: '2024', format: null },
      { id: String(T20I_SEASON_ID), name: 'Twenty20 International', season: '2024', format: null },
    ]);
  });

  it("gives each team's squad of the season: every player of its Cricsheet teams, with a documented position", async () => {
    const { provider, http } = fresh();
    const squads = await provider.squads(String(IPL_SEASON_ID));
    expect(squads.season).toBe('2024');
    const w = server.world;
    // Expected from the Cricsheet files directly: who was listed for which team in any match.
    const expected = new Map<string, Set<string>>();
    for (const m of w.matches.values()) {
      for (const team of m.info.teams) {
        const set = expected.get(team) ?? new Set<string>();
        for (const n of m.info.players[team] ?? []) set.add(m.info.registry.people[n]!);
        expected.set(team, set);
      }
    }
    expect(squads.teams.map((t) => t.team.name).sort()).toEqual([...expected.keys()].sort());
    for (const { team, players } of squads.teams) {
      expect(team.code).toMatch(/^[A-Z]{2,4}$/);
      const ids = players.map((p) => w.cricsheetIdOf.get(Number(p.id)));
      expect(new Set(ids)).toEqual(expected.get(team.name));
      for (const p of players) {
        const served = w.players.get(Number(p.id))!;
        expect(p).toEqual({ id: String(served.id), name: served.fullname, position: served.position.name });
      }
    }
    const positions = new Set(squads.teams.flatMap((t) => t.players.map((p) => p.position)));
    expect([...positions].sort()).toEqual(['Allrounder', 'Batsman', 'Bowler', 'Wicketkeeper']);
    // One call for the season's teams, one per team.
    expect((await http.usage()).calls).toBe(1 + squads.teams.length);
  });

  it("gives every match's players by team, equal to the Cricsheet file's (all 71 matches)", async () => {
    const { provider, http } = fresh();
    const w = server.world;
    expect(w.matches.size).toBe(71);
    for (const [id, m] of w.matches) {
      const lineup = await provider.lineup(String(id));
      expect(lineup, `fixture ${id}`).not.toBeNull();
      expect(lineup!.toss).toBeNull();
      const [home, away] = m.info.teams as [string, string];
      expect(lineup!.teams.map((t) => t.teamId)).toEqual([String(w.teamIdOf.get(home)), String(w.teamIdOf.get(away))]);
      lineup!.teams.forEach((t, i) => {
        const team = m.info.teams[i]!;
        const want = (m.info.players[team] ?? []).map((n) => m.info.registry.people[n]);
        expect(
          t.playing.map((p) => w.cricsheetIdOf.get(Number(p))),
          `fixture ${id} ${team}`,
        ).toEqual(want);
        expect(t.substitutes).toEqual([]);
      });
    }
    // The season's squads are read once (1 + 10 teams), then one call per match.
    expect((await http.usage()).calls).toBe(11 + 71);
  });

  it('gives the status of a washed-out fixture, and no scorecard', async () => {
    const { provider } = fresh();
    for (const w of WASHED_OUT) {
      expect(await provider.result(String(w.id))).toEqual({ status: 'abandoned', scorecard: null });
      expect(await provider.lineup(String(w.id))).toBeNull();
    }
  });

  it("gives every finished match's winner and man of the match, equal to the Cricsheet file's, and no scorecard (all 71)", async () => {
    const { provider, http } = fresh();
    const w = server.world;
    for (const [id, m] of w.matches) {
      const r = await provider.result(String(id));
      const pom = m.info.player_of_match![0]!;
      expect(r, `fixture ${id}`).toEqual({
        status: 'finished',
        scorecard: null,
        outcome: {
          winnerTeamId: String(w.teamIdOf.get(m.info.outcome.winner!)),
          playerOfMatchId: String(w.playerIdOf.get(m.info.registry.people[pom]!)),
        },
      });
    }
    // One call a match, asking for both includes.
    expect((await http.usage()).calls).toBe(71);
    expect(server.requests.at(-1)!.query).toMatchObject({ include: 'winnerteam,manofmatch' });
  });

  it('refuses the schedule and live balls as not supported, naming what the documentation lacks, without a call', async () => {
    const { provider, http } = fresh();
    await expect(provider.schedule(String(IPL_SEASON_ID))).rejects.toMatchObject({
      kind: 'not-supported',
      message: expect.stringMatching(/start time/),
    });
    await expect(provider.live('1426312')).rejects.toMatchObject({
      kind: 'not-supported',
      message: expect.stringMatching(/ball record/),
    });
    expect((await http.usage()).calls).toBe(0);
  });

  it('sends the token only as api_token, and never writes it in a log line', async () => {
    const { provider } = fresh();
    await provider.competitions();
    const last = server.requests.at(-1)!;
    expect(last.query).toMatchObject({ include: 'league', api_token: '***' });
    expect(log.length).toBeGreaterThan(0);
    expect(JSON.stringify(log)).not.toContain(TOKEN);
  });

  it('refuses an id that is not a SportMonks id before calling', async () => {
    const { provider, http } = fresh();
    await expect(provider.lineup('../seasons')).rejects.toMatchObject({ kind: 'request' });
    expect((await http.usage()).calls).toBe(0);
  });
});
