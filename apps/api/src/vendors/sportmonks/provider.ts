import type { LiveUpdate } from '../../live/feed';
import {
  createVendorHttp,
  parseShape,
  queryAuth,
  type VendorCallCounter,
  VendorError,
  type VendorHttp,
  type VendorHttpOptions,
} from '../http';
import type {
  VendorCompetition,
  VendorFixture,
  VendorLineup,
  VendorProvider,
  VendorResult,
  VendorSquads,
} from '../provider';
import { fixtureStatus, playerOf, teamOf } from './map';
import { fixtureWithLineup, fixtureWithResult, seasonsWithLeague, seasonWithTeams, teamWithSquad } from './schemas';

/**
 * The SportMonks Cricket API v2 provider (docs/decisions/0043-sportmonks-provider.md). Built from the
 * vendor's documentation only: what it documents is read (competitions, a season's squads, a
 * fixture's players and status, a finished fixture's winner and man of the match); what the stored
 * documentation does not show — a fixture's start time, the toss decision, batting/bowling/runs
 * records, ball-by-ball records — is refused with a `not-supported` VendorError that says which
 * documentation is missing, or (a finished match's scorecard) left out. Every field read is cited in
 * apps/api/test/vendors/sportmonks/fixtures/.
 */

export const SPORTMONKS = 'sportmonks';

/** docs "Getting started", "Base URL". */
export const SPORTMONKS_DEFAULT_BASE_URL = 'https://cricket.sportmonks.com/api/v2.0';

export interface SportMonksHttpOptions
  extends Omit<VendorHttpOptions, 'vendor' | 'baseUrl' | 'auth' | 'calls' | 'dailyCallBudget'> {
  token: string;
  baseUrl?: string | undefined;
  calls: VendorCallCounter;
  /** Calls allowed per UTC day; null: no daily cap (the vendor's own limit is per endpoint per hour). */
  dailyCallBudget?: number | null;
}

/** The shared HTTP client set up for SportMonks: the token goes in `api_token` (docs "Getting started"). */
export function createSportMonksHttp(options: SportMonksHttpOptions): VendorHttp {
  const { token, baseUrl, calls, dailyCallBudget, ...rest } = options;
  return createVendorHttp({
    ...rest,
    vendor: SPORTMONKS,
    baseUrl: baseUrl ?? SPORTMONKS_DEFAULT_BASE_URL,
    auth: queryAuth('api_token', token),
    calls,
    dailyCallBudget: dailyCallBudget ?? null,
  });
}

function notSupported(what: string, missing: string): VendorError {
  return new VendorError(
    SPORTMONKS,
    'not-supported',
    `${what} is not supported: SportMonks' documentation does not show ${missing} (docs/decisions/0043-sportmonks-provider.md)`,
  );
}

/** A numeric SportMonks id from one of ours ('123'); anything else is refused before a call is made. */
function vendorId(value: string, what: string): number {
  if (!/^\d{1,12}$/.test(value)) {
    throw new VendorError(SPORTMONKS, 'request', `${what} "${value}" is not a SportMonks id (digits)`);
  }
  return Number(value);
}

export class SportMonksProvider implements VendorProvider {
  readonly vendor = 'sportmonks' as const;
  /** Squads by season id: a lineup places its players by the squads of the fixture's season. */
  private readonly squadCache = new Map<number, Promise<VendorSquads>>();

  constructor(private readonly http: VendorHttp) {}

  private async get<T>(
    path: string,
    query: Record<string, string | number | undefined>,
    parse: (body: unknown) => T,
  ): Promise<T> {
    const res = await this.http.getJson(path, query);
    // No conditional request is sent (SportMonks documents none), so a 304 cannot come back.
    if (res.kind !== 'ok') throw new VendorError(SPORTMONKS, 'shape', `${path}: an answer without a body`);
    return parse(res.body);
  }

  /** GET /seasons?include=league: one competition per season of every league of the plan. */
  async competitions(): Promise<VendorCompetition[]> {
    const body = await this.get('seasons', { include: 'league' }, (b) =>
      parseShape(SPORTMONKS, seasonsWithLeague, b, 'GET /seasons?include=league'),
    );
    return body.data.map((s) => ({ id: String(s.id), name: s.league.name, season: s.name, format: null }));
  }

  async schedule(_competitionId: string): Promise<VendorFixture[]> {
    throw notSupported(
      'The schedule',
      "a fixture's start time (the example response of GET Fixture by ID is not in the stored documentation)",
    );
  }

  /**
   * GET /seasons/{id}?include=teams, then for each team GET /teams/{id}?include=squad&
   * filter[season_id]={id} (docs "GET Team by ID": the squads include needs the season filter).
   */
  squads(competitionId: string): Promise<VendorSquads> {
    const seasonId = vendorId(competitionId, 'The competition');
    let pending = this.squadCache.get(seasonId);
    if (!pending) {
      pending = this.loadSquads(seasonId);
      this.squadCache.set(seasonId, pending);
      // A failure is not remembered: the next call asks again.
      pending.catch(() => this.squadCache.delete(seasonId));
    }
    return pending;
  }

  /** Forgets the squads read so far (a squad changes during a season). */
  forgetSquads(): void {
    this.squadCache.clear();
  }

  private async loadSquads(seasonId: number): Promise<VendorSquads> {
    const season = await this.get(`seasons/${seasonId}`, { include: 'teams' }, (b) =>
      parseShape(SPORTMONKS, seasonWithTeams, b, `GET /seasons/${seasonId}?include=teams`),
    );
    const teams: VendorSquads['teams'] = [];
    for (const t of season.data.teams) {
      const what = `GET /teams/${t.id}?include=squad&filter[season_id]=${seasonId}`;
      const withSquad = await this.get(`teams/${t.id}`, { include: 'squad', 'filter[season_id]': seasonId }, (b) =>
        parseShape(SPORTMONKS, teamWithSquad, b, what),
      );
      teams.push({ team: teamOf(withSquad.data), players: withSquad.data.squad.map(playerOf) });
    }
    return { season: season.data.name, teams };
  }

  /**
   * GET /fixtures/{id}?include=lineup: the players playing the fixture, each placed in the team
   * whose squad of the fixture's season holds them (the documented lineup text stops before saying
   * how a player's team is given). Null until the vendor lists players. The toss is not read: the
   * documentation gives the toss winner (`tosswon`) but not the decision.
   */
  async lineup(fixtureId: string): Promise<VendorLineup | null> {
    const id = vendorId(fixtureId, 'The fixture');
    const what = `GET /fixtures/${id}?include=lineup`;
    const f = (
      await this.get(`fixtures/${id}`, { include: 'lineup' }, (b) => parseShape(SPORTMONKS, fixtureWithLineup, b, what))
    ).data;
    if (f.lineup.length === 0) return null;
    const seasonId = f.season_id;
    const readBefore = this.squadCache.has(seasonId);
    let placed = placeLineup(f, await this.squads(String(seasonId)));
    if ('unplaced' in placed && readBefore) {
      // A squad read earlier may have changed since (a replacement signed): read it again once.
      this.squadCache.delete(seasonId);
      placed = placeLineup(f, await this.squads(String(seasonId)));
    }
    if ('unplaced' in placed) {
      const { index, teams } = placed.unplaced;
      const p = f.lineup[index]!;
      const where = teams === 0 ? "in neither team's squad" : "in both teams' squads";
      throw new VendorError(
        SPORTMONKS,
        'shape',
        `${what}: data.lineup[${index}] (player ${p.id}, ${p.fullname}) is ${where} for season ${seasonId}`,
        { field: `data.lineup[${index}]` },
      );
    }
    return { toss: null, teams: placed.teams };
  }

  async live(_fixtureId: string): Promise<LiveUpdate | null> {
    throw notSupported(
      'Live balls',
      'the fields of a ball record (its over and number, batsman, bowler, score, dismissal): the demo file "Fixture scoreboards" is not in the stored documentation',
    );
  }

  /**
   * GET /fixtures/{id}?include=winnerteam,manofmatch: where the fixture stands and, once it is
   * Finished, who won it and its man of the match (docs "Relationships", Results: `winnerteam` "the
   * team who won the game", `manofmatch`; includes comma-separated, `&include=a,b`). Never a
   * scorecard: the fields of the batting, bowling and runs records are not documented, so the
   * features read from them wait for Cricsheet or a typed scorecard. A finished fixture without a
   * winner gives a null winner: nothing documented tells a tie from a no result, so neither is
   * guessed (and nothing is written, vendors/results.ts). No margin, method, super over or toss
   * decision is read (not documented).
   */
  async result(fixtureId: string): Promise<VendorResult> {
    const id = vendorId(fixtureId, 'The fixture');
    const what = `GET /fixtures/${id}?include=winnerteam,manofmatch`;
    const f = (
      await this.get(`fixtures/${id}`, { include: 'winnerteam,manofmatch' }, (b) =>
        parseShape(SPORTMONKS, fixtureWithResult, b, what),
      )
    ).data;
    const status = fixtureStatus(f.status);
    if (status !== 'finished') return { status, scorecard: null };
    const winner = f.winnerteam;
    if (winner && winner.id !== f.localteam_id && winner.id !== f.visitorteam_id) {
      throw new VendorError(
        SPORTMONKS,
        'shape',
        `${what}: data.winnerteam (team ${winner.id}) is neither of the fixture's teams (${f.localteam_id}, ${f.visitorteam_id})`,
        { field: 'data.winnerteam' },
      );
    }
    return {
      status,
      scorecard: null,
      outcome: {
        winnerTeamId: winner ? String(winner.id) : null,
        playerOfMatchId: f.manofmatch ? String(f.manofmatch.id) : null,
      },
    };
  }
}

type Placed = { teams: VendorLineup['teams'] } | { unplaced: { index: number; teams: number } };

/** The lineup's players by team: each must be in exactly one of the two teams' squads. */
function placeLineup(
  f: { localteam_id: number; visitorteam_id: number; lineup: { id: number }[] },
  squads: VendorSquads,
): Placed {
  const home = String(f.localteam_id);
  const away = String(f.visitorteam_id);
  const teamsOf = new Map<string, string[]>();
  for (const s of squads.teams) {
    if (s.team.id !== home && s.team.id !== away) continue;
    for (const p of s.players) teamsOf.set(p.id, [...(teamsOf.get(p.id) ?? []), s.team.id]);
  }
  const playing = new Map<string, string[]>([
    [home, []],
    [away, []],
  ]);
  for (const [index, p] of f.lineup.entries()) {
    const teams = teamsOf.get(String(p.id)) ?? [];
    if (teams.length !== 1) return { unplaced: { index, teams: teams.length } };
    playing.get(teams[0]!)!.push(String(p.id));
  }
  return { teams: [home, away].map((teamId) => ({ teamId, playing: playing.get(teamId)!, substitutes: [] })) };
}

export function createSportMonksProvider(http: VendorHttp): SportMonksProvider {
  return new SportMonksProvider(http);
}
