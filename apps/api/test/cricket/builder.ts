import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Compact hand-built Cricsheet matches for tests. Registry ids are `id-<name>`. */

export interface Ball {
  bat: string;
  bowl: string;
  ns: string;
  /** Runs off the bat. */
  r?: number;
  wd?: number;
  nb?: number;
  lb?: number;
  b?: number;
  nonBoundary?: boolean;
  out?: { kind: string; player?: string; fielders?: (string | { name: string; substitute: true })[] };
}

export interface MatchSpec {
  teams?: [string, string];
  players?: Record<string, string[]>;
  /** Overs per innings: each over is a list of balls. */
  innings: { team: string; overs: Ball[][]; superOver?: boolean }[];
  outcome?: Record<string, unknown>;
  playerOfMatch?: string[];
  event?: Record<string, unknown>;
  date?: string;
  /** Extra registry names (substitutes). */
  extraPeople?: string[];
}

export const HOME = 'Home XI';
export const AWAY = 'Away XI';
export const HOME_PLAYERS = ['H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'H7', 'H8', 'H9', 'H10', 'H11'];
export const AWAY_PLAYERS = ['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8', 'A9', 'A10', 'A11'];

export function ball(
  bat: string,
  bowl: string,
  ns: string,
  r = 0,
  more: Omit<Ball, 'bat' | 'bowl' | 'ns' | 'r'> = {},
): Ball {
  return { bat, bowl, ns, r, ...more };
}

/** An over of six dot balls. */
export function dotOver(bat: string, bowl: string, ns: string): Ball[] {
  return Array.from({ length: 6 }, () => ball(bat, bowl, ns));
}

export function buildMatch(spec: MatchSpec): Record<string, unknown> {
  const teams = spec.teams ?? [HOME, AWAY];
  const players = spec.players ?? { [teams[0]]: HOME_PLAYERS, [teams[1]]: AWAY_PLAYERS };
  const people: Record<string, string> = {};
  for (const name of [...Object.values(players).flat(), ...(spec.extraPeople ?? [])]) people[name] = `id-${name}`;
  const innings = spec.innings.map((inn) => ({
    team: inn.team,
    ...(inn.superOver ? { super_over: true } : {}),
    overs: inn.overs.map((balls, i) => ({
      over: i,
      deliveries: balls.map((b) => {
        const extras: Record<string, number> = {};
        if (b.wd) extras.wides = b.wd;
        if (b.nb) extras.noballs = b.nb;
        if (b.lb) extras.legbyes = b.lb;
        if (b.b) extras.byes = b.b;
        const extraRuns = Object.values(extras).reduce((a, x) => a + x, 0);
        const r = b.r ?? 0;
        const d: Record<string, unknown> = {
          batter: b.bat,
          bowler: b.bowl,
          non_striker: b.ns,
          runs: {
            batter: r,
            extras: extraRuns,
            total: r + extraRuns,
            ...(b.nonBoundary ? { non_boundary: true } : {}),
          },
        };
        if (extraRuns) d.extras = extras;
        if (b.out) {
          d.wickets = [
            {
              player_out: b.out.player ?? b.bat,
              kind: b.out.kind,
              ...(b.out.fielders
                ? { fielders: b.out.fielders.map((f) => (typeof f === 'string' ? { name: f } : f)) }
                : {}),
            },
          ];
        }
        return d;
      }),
    })),
  }));
  return {
    meta: { data_version: '1.1.0', created: '2024-01-01', revision: 1 },
    info: {
      balls_per_over: 6,
      city: 'Testville',
      dates: [spec.date ?? '2024-04-01'],
      event: spec.event ?? { name: 'Test League', match_number: 1 },
      gender: 'male',
      match_type: 'T20',
      outcome: spec.outcome ?? { winner: teams[0], by: { runs: 5 } },
      overs: 20,
      player_of_match: spec.playerOfMatch ?? [],
      players,
      registry: { people },
      season: '2024',
      team_type: 'club',
      teams,
      toss: { winner: teams[0], decision: 'bat' },
      venue: 'Test Ground, Testville',
    },
    innings,
  };
}

/** The real-data folder: $CRICSHEET_DIR/ipl-2024, default <repo>/../shared/cricsheet/ipl-2024. */
export const CRICSHEET_DIR =
  process.env.CRICSHEET_DIR ?? fileURLToPath(new URL('../../../../../shared/cricsheet', import.meta.url));
export const IPL_2024_DIR = join(CRICSHEET_DIR, 'ipl-2024');
export const HAVE_IPL_2024 = existsSync(join(IPL_2024_DIR, '1426312.json'));

/** Whether the CI variable is set (CI=true, CI=1...; unset, empty, 0 or false is not CI). */
export function isCi(value: string | undefined): boolean {
  return value !== undefined && !['', '0', 'false'].includes(value.trim().toLowerCase());
}

/**
 * Locally, real-data tests skip with a message when the folder is missing. In CI they must never
 * skip silently: a missing folder throws, which fails every test file that uses the real data.
 * Returns the message to print, or null when the data is there.
 */
export function checkRealData(have: boolean, ci: boolean, dir: string): string | null {
  if (have) return null;
  if (ci) {
    throw new Error(
      `[cricket tests] CI is set but there are no Cricsheet IPL 2024 files in ${dir}: real-data tests must run in CI (set CRICSHEET_DIR)`,
    );
  }
  return `[cricket tests] real-data tests skipped: no Cricsheet IPL 2024 files in ${dir} (set CRICSHEET_DIR)`;
}

const realDataMessage = checkRealData(HAVE_IPL_2024, isCi(process.env.CI), IPL_2024_DIR);
if (realDataMessage) console.warn(realDataMessage);
