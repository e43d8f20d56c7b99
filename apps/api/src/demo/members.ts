import { type Insertable, type Kysely, sql } from 'kysely';
import { TEAM_RULE_DEFAULTS } from '@fantasy-cricket/rules';
import { fillRuledTeams, insertMatchPredictionAutoPicks } from '../autopick/job';
import { predictFixture } from '../autopick/model';
import { BONUS_OPTIONS, FEATURES_BY_ID, MP, POSITION } from '../cricket/catalogue';
import type { DB, LeagueSelectionsTable } from '../db/schema';
import { withTransaction } from '../db/transaction';
import { insertDefaultConfiguration } from '../leagues/config';
import { leagueFixtureCondition } from '../leagues/fixtures';
import { systemUserId } from '../leagues/jobs';
import { insertLeagueRow } from '../leagues/leagues';
import { rowFromRules, teamRulesOf } from '../leagues/team-rules';
import { Rng } from './prng';
import { DEMO_SOURCE } from './season';

/**
 * Demo members: clearly labelled players ("Asha (demo)") who fill the demo season's public Daily
 * Challenges, so a newcomer who joins one sees a real table move. Their accounts cannot sign in (the
 * password hash '!' matches no password, like the system user's; the address is in .invalid) and get
 * no email. Their picks come from the auto-pick model, each member following it with a seeded,
 * personal amount of independence, so the table spreads. Only leagues of seasons whose source is the
 * demo's get them: never a real season.
 */

export const DEMO_MEMBERS = ['Asha', 'Ben', 'Chloe', 'Dev', 'Ellie', 'Farhan', 'Grace', 'Hugo'] as const;
export const DEMO_MEMBER_MARK = ' (demo)';
const emailOf = (name: string) => `${name.toLowerCase()}@demo-members.fantasycricket.invalid`;
/** How far each member strays from the model's pick, by member (0: always the model). */
const INDEPENDENCE = [0, 0.15, 0.3, 0.45, 0.6, 0.25, 0.5, 0.7];

/** pg_advisory_xact_lock key of the demo members' job ("FCDM"). */
const DEMO_MEMBERS_LOCK = 0x4643444d;

export interface DemoMembersResult {
  joined: number;
  picks: number;
}

/** The demo members' user ids (accounts created on first use). */
async function demoUsers(db: Kysely<DB>): Promise<{ id: number; name: string; index: number }[]> {
  const emails = DEMO_MEMBERS.map(emailOf);
  await db
    .insertInto('users')
    .values(
      DEMO_MEMBERS.map((name) => ({
        first_name: name,
        last_name: '(demo)',
        email: emailOf(name),
        password_hash: '!',
        email_verified_at: new Date(0),
        missing_pick_notification: false,
        // Their picks are the varied ones below, made before the lock; not the lock-time job's identical ones.
        use_ai_auto_pick: false,
        created_at: new Date(0),
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
  const rows = await db.selectFrom('users').select(['id', 'email']).where('email', 'in', emails).execute();
  return DEMO_MEMBERS.flatMap((name, index) => {
    const r = rows.find((u) => u.email === emailOf(name));
    return r ? [{ id: r.id, name, index }] : [];
  });
}

/**
 * Joins the demo members to every Active public Daily Challenge of a demo season, and gives them
 * picks in those leagues' fixtures starting within `aheadMs` of `now` (Match Prediction: the model's
 * pick or, by the member's seeded independence, another plausible one). Idempotent; one process at a
 * time (advisory lock); picks the members already have are kept.
 */
export async function keepDemoMembers(
  db: Kysely<DB>,
  options: { now: Date; aheadMs: number },
): Promise<DemoMembersResult> {
  return withTransaction(db, async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${DEMO_MEMBERS_LOCK})`.execute(trx);
    const fantasy = await ensureDemoFantasyLeagues(trx, options.now);
    const leagues = await trx
      .selectFrom('leagues as l')
      .innerJoin('seasons as s', 's.id', 'l.season_id')
      .select(['l.id', 'l.league_type'])
      .where('s.source', '=', DEMO_SOURCE)
      .where((eb) =>
        eb.or([
          eb.and([eb('l.match_day', 'is not', null), eb('l.is_private', '=', false)]),
          eb('l.id', 'in', fantasy.length ? fantasy : [0]),
        ]),
      )
      .where('l.status', '=', 'Active')
      .execute();
    if (leagues.length === 0) return { joined: 0, picks: 0 };
    const users = await demoUsers(trx);
    const joined = await trx
      .insertInto('league_members')
      .values(
        leagues.flatMap((l) =>
          users.map((u) => ({
            league_id: l.id,
            user_id: u.id,
            display_name: `${u.name}${DEMO_MEMBER_MARK}`,
            status: 'Approved' as const,
            decided_at: options.now,
          })),
        ),
      )
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .execute();

    const psPicks = await demoFantasyTeams(
      trx,
      leagues.filter((l) => l.league_type === 'PS').map((l) => l.id),
      users,
      options,
    );
    const mp = leagues.filter((l) => l.league_type === 'MP').map((l) => l.id);
    if (mp.length === 0) return { joined: joined.length, picks: psPicks };
    const { rows: targets } = await sql<{
      league_id: number;
      fixture_id: number;
      config_id: number;
      feature_id: number;
    }>`
      SELECT l.id AS league_id, f.id AS fixture_id, c.id AS config_id, c.feature_id
      FROM leagues l
      JOIN fixtures f ON ${leagueFixtureCondition('l', 'f')}
      JOIN league_configurations c ON c.league_id = l.id AND c.is_active
      WHERE l.id IN (${sql.join(mp)}) AND f.status = 'scheduled'
        AND f.start_time > ${options.now.toISOString()}::timestamptz
        AND f.start_time <= ${new Date(options.now.getTime() + options.aheadMs).toISOString()}::timestamptz
      ORDER BY f.start_time, f.id, l.id, c.id`.execute(trx);
    const have = new Set(
      (
        await trx
          .selectFrom('league_selections')
          .select(['league_id', 'user_id', 'fixture_id', 'league_configuration_id'])
          .where(
            'user_id',
            'in',
            users.map((u) => u.id),
          )
          .where('fixture_id', 'in', targets.length ? [...new Set(targets.map((t) => t.fixture_id))] : [0])
          .execute()
      ).map((r) => `${r.league_id}:${r.user_id}:${r.fixture_id}:${r.league_configuration_id}`),
    );
    const predictions = new Map<number, Awaited<ReturnType<typeof predictFixture>>>();
    const values: Insertable<LeagueSelectionsTable>[] = [];
    for (const t of targets) {
      const def = FEATURES_BY_ID.get(t.feature_id);
      if (!def || def.featureType === 'stat') continue;
      let prediction = predictions.get(t.fixture_id);
      if (!prediction) {
        prediction = await predictFixture(trx, t.fixture_id);
        predictions.set(t.fixture_id, prediction);
      }
      for (const u of users) {
        if (have.has(`${t.league_id}:${u.id}:${t.fixture_id}:${t.config_id}`)) continue;
        const choice = demoChoice(prediction, t.feature_id, u.index, `${t.fixture_id}:${t.feature_id}:${u.name}`);
        if (choice == null) continue;
        values.push({
          league_id: t.league_id,
          user_id: u.id,
          fixture_id: t.fixture_id,
          league_configuration_id: t.config_id,
          team_id: def.featureType === 'team' ? choice : null,
          player_id: def.featureType === 'player' ? choice : null,
          bonus_option_id: def.featureType === 'bonus' ? choice : null,
          is_auto_pick: true,
        });
      }
    }
    return { joined: joined.length, picks: psPicks + (await insertMatchPredictionAutoPicks(trx, values)) };
  });
}

/** The name of a demo season's Player Selection league with the team rules on. */
export const demoFantasyLeagueName = (seasonName: string) => `Fantasy XI — ${seasonName}`;

/**
 * Every active demo season has one season-long Player Selection league with the team rules on
 * (TEAM_RULE_DEFAULTS: 100 credits, captain 2×, vice-captain 1.5×, at most 7 from one side, 4
 * backups), owned by the system user like the Daily Challenges, which stay Match Prediction (spec).
 * It is private (a public league is Match Prediction only), and its code is offered on Home
 * (home/summary.ts `DemoLeague`); a join by that code is approved at once (leagues/members.ts), as
 * nobody sits behind the system user to approve it. Returns the leagues' ids.
 */
async function ensureDemoFantasyLeagues(trx: Kysely<DB>, now: Date): Promise<number[]> {
  const seasons = await trx
    .selectFrom('seasons')
    .select(['id', 'name'])
    .where('source', '=', DEMO_SOURCE)
    .where('is_active', '=', true)
    .execute();
  const ids: number[] = [];
  for (const season of seasons) {
    const name = demoFantasyLeagueName(season.name);
    const found = await trx
      .selectFrom('leagues')
      .select('id')
      .where('season_id', '=', season.id)
      .where('name', '=', name)
      .where('league_type', '=', 'PS')
      .executeTakeFirst();
    if (found) {
      ids.push(found.id);
      continue;
    }
    const league = await insertLeagueRow(trx, {
      name,
      description:
        'Pick up to 11 players for each match within 100 credits, name a captain (2×) and a vice-captain (1.5×), at most 7 from one side, and up to 4 backups for players left out of the XI. Open to everyone.',
      league_type: 'PS',
      // Public leagues are Match Prediction only (spec); this one is joined by its code, shown on Home.
      is_private: true,
      show_others_picks: true,
      status: 'Active',
      season_id: season.id,
      stage_id: null,
      match_day: null,
      admin_user_id: await systemUserId(trx),
      activated_at: now,
    });
    if (!league) continue;
    await insertDefaultConfiguration(trx, league.id, 'PS');
    await trx
      .insertInto('league_team_rules')
      .values({ league_id: league.id, ...rowFromRules(TEAM_RULE_DEFAULTS) })
      .onConflict((oc) => oc.column('league_id').doUpdateSet(rowFromRules(TEAM_RULE_DEFAULTS)))
      .execute();
    ids.push(league.id);
  }
  return ids;
}

/**
 * The demo members' teams in the demo Player Selection leagues for the fixtures starting within
 * `aheadMs`: the auto-pick within the league's rules (autopick/job.ts `fillRuledTeams`), each member
 * reading the model's order of players with a seeded, personal shuffle of the best few — so teams,
 * captains and the table differ. A member's team once made is kept.
 */
async function demoFantasyTeams(
  trx: Kysely<DB>,
  leagueIds: readonly number[],
  users: readonly { id: number; name: string; index: number }[],
  options: { now: Date; aheadMs: number },
): Promise<number> {
  let picks = 0;
  for (const leagueId of leagueIds) {
    const rules = await teamRulesOf(trx, leagueId);
    const { rows: fixtures } = await sql<{ id: number }>`
      SELECT f.id FROM leagues l JOIN fixtures f ON ${leagueFixtureCondition('l', 'f')}
      WHERE l.id = ${leagueId} AND f.status = 'scheduled'
        AND f.start_time > ${options.now.toISOString()}::timestamptz
        AND f.start_time <= ${new Date(options.now.getTime() + options.aheadMs).toISOString()}::timestamptz
        AND NOT EXISTS (SELECT 1 FROM player_selections s WHERE s.league_id = l.id AND s.fixture_id = f.id
                          AND s.user_id IN (${sql.join(users.map((u) => u.id))}))
      ORDER BY f.start_time, f.id`.execute(trx);
    for (const { id: fixtureId } of fixtures) {
      const prediction = await predictFixture(trx, fixtureId);
      const index = new Map(users.map((u) => [u.id, u]));
      picks += await fillRuledTeams(
        trx,
        leagueId,
        fixtureId,
        users.map((u) => u.id),
        prediction,
        rules,
        (userId) => {
          const u = index.get(userId)!;
          const rng = new Rng(`${fixtureId}:ps:${u.name}`);
          const spread = 1 + Math.round(INDEPENDENCE[u.index % INDEPENDENCE.length]! * 8);
          return new Map(
            [...prediction.ranked].map(([position, ids]) => {
              const head = [...ids.slice(0, spread + 1)];
              for (let i = head.length - 1; i > 0; i -= 1) {
                const j = rng.int(0, i);
                [head[i], head[j]] = [head[j]!, head[i]!];
              }
              return [position, [...head, ...ids.slice(spread + 1)]];
            }),
          );
        },
      );
    }
  }
  return picks;
}

/**
 * A demo member's Match Prediction pick: the model's, or (with the member's independence, seeded by
 * fixture, feature and member) the other side, another player of the fixture who could win the
 * feature, or another band.
 */
export function demoChoice(
  prediction: Awaited<ReturnType<typeof predictFixture>>,
  featureId: number,
  member: number,
  seed: string,
): number | null {
  const model = prediction.mp.get(featureId) ?? null;
  const rng = new Rng(seed);
  if (!rng.chance(INDEPENDENCE[member % INDEPENDENCE.length]!)) return model;
  const def = FEATURES_BY_ID.get(featureId);
  if (def?.featureType === 'team') {
    const teams = [...new Set(prediction.players.map((p) => p.teamId))];
    return teams.find((t) => t !== model) ?? model;
  }
  if (def?.featureType === 'player') {
    const fits = prediction.players.filter((p) =>
      featureId === MP.MostWickets
        ? p.positionId === POSITION.Bowler || p.positionId === POSITION.Allrounder
        : featureId === MP.MostRuns
          ? p.positionId !== POSITION.Bowler
          : true,
    );
    const likely = [...fits].sort((a, b) => b.playChance - a.playChance || a.playerId - b.playerId).slice(0, 12);
    return likely.length ? rng.pick(likely).playerId : model;
  }
  const options = BONUS_OPTIONS.filter((o) => o.featureId === featureId);
  return options.length ? rng.pick(options).id : model;
}
