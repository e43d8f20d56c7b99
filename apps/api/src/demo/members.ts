import { type Insertable, type Kysely, sql } from 'kysely';
import { insertMatchPredictionAutoPicks } from '../autopick/job';
import { predictFixture } from '../autopick/model';
import { BONUS_OPTIONS, FEATURES_BY_ID, MP, POSITION } from '../cricket/catalogue';
import type { DB, LeagueSelectionsTable } from '../db/schema';
import { withTransaction } from '../db/transaction';
import { leagueFixtureCondition } from '../leagues/fixtures';
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
    const leagues = await trx
      .selectFrom('leagues as l')
      .innerJoin('seasons as s', 's.id', 'l.season_id')
      .select(['l.id', 'l.league_type'])
      .where('s.source', '=', DEMO_SOURCE)
      .where('l.match_day', 'is not', null)
      .where('l.is_private', '=', false)
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

    const mp = leagues.filter((l) => l.league_type === 'MP').map((l) => l.id);
    if (mp.length === 0) return { joined: joined.length, picks: 0 };
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
    return { joined: joined.length, picks: await insertMatchPredictionAutoPicks(trx, values) };
  });
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
