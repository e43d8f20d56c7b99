import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyBall, completeLive, flushLive } from '../../src/live/ingest';
import { type LiveStandingRow, liveStandings } from '../../src/live/standings';
import { resultEmailDedupeKey, runResultEmails } from '../../src/reminders/result-emails';
import { DB_TARGET } from '../db';
import type { SignedIn } from '../helpers';
import { beginLive, busiest, type LiveFixture, nextFixture } from '../live/setup';
import { type LeagueWorld, person, startLeagueWorld } from '../leagues/setup';
import { joinAs, psPicks, setUpLeague } from './setup';

/**
 * A member who joins while a fixture is live (docs/decisions/0033-pick-reminder-digest.md, "Position
 * change"): their rank change counts from their first own fixture, so they are not shown "down" for
 * the points others score in a match they could not play — live, on the final leaderboard and in the
 * result email — while members from before still see their change.
 */
describe(`a late joiner's position change on ${DB_TARGET}`, () => {
  let w: LeagueWorld;
  let admin: SignedIn;
  let alice: SignedIn;
  let bob: SignedIn;
  let carol: SignedIn;
  let league: { LeagueID: number; LeagueCode: string };
  let f: LiveFixture;
  const DAY = 86_400_000;

  beforeAll(async () => {
    process.env.LIVE_STANDINGS_INTERVAL_MS = '0';
    w = await startLeagueWorld();
    admin = await person(w.t, 'Admin');
    alice = await person(w.t, 'Alice');
    bob = await person(w.t, 'Bob');
    carol = await person(w.t, 'Carol');
    league = await setUpLeague(w, admin, { type: 2, name: 'Office XI', points: { 101: 2, 108: 30 } });
    await joinAs(admin, alice, league, 'Alice');
    await joinAs(admin, bob, league, 'Bob');
    // The league and its three members date from a month ago: the season's played fixtures count.
    const monthAgo = new Date(Date.now() - 30 * DAY);
    await w.t.db.updateTable('leagues').set({ activated_at: monthAgo }).where('id', '=', league.LeagueID).execute();
    await w.t.db
      .updateTable('league_members')
      .set({ joined_at: monthAgo, decided_at: monthAgo })
      .where('league_id', '=', league.LeagueID)
      .execute();
    // The next fixture started ten minutes ago and is live; Alice picked its busiest players.
    f = await nextFixture(w, 0, 'late-joiner');
    await w.t.db
      .updateTable('fixtures')
      .set({ start_time: new Date(Date.now() - 10 * 60_000) })
      .where('id', '=', f.fixtureId)
      .execute();
    await psPicks(w.t.db, league.LeagueID, alice.userId, f.fixtureId, busiest(f, 4));
    await beginLive(w.t.db, f);
    for (const b of f.balls.slice(0, 30)) await applyBall(w.t.db, f.fixtureId, b, new Date());
    await flushLive(w.t.db, f.fixtureId, new Date());
    // Carol joins during the match, then it goes on.
    await joinAs(admin, carol, league, 'Carol');
    for (const b of f.balls.slice(30, 36)) await applyBall(w.t.db, f.fixtureId, b, new Date());
    await flushLive(w.t.db, f.fixtureId, new Date());
  }, 180_000);
  afterAll(async () => {
    delete process.env.LIVE_STANDINGS_INTERVAL_MS;
    await w?.t.close();
  });

  const byName = (rows: { UserDisplayName: string; Position: number; PositionChange: number }[]) =>
    Object.fromEntries(rows.map((r) => [r.UserDisplayName, [r.Position, r.PositionChange]]));

  it('live: Alice leads; Bob and the admin are down a place; Carol, who joined during the match, has no change', async () => {
    const expected = { Alice: [1, 0], Admin: [2, -1], Bob: [2, -1], Carol: [2, 0] };
    const computed = await liveStandings(w.t.db, league.LeagueID, new Date());
    expect(computed!.Rows.find((r) => r.UserDisplayName === 'Alice')!.LivePoints).toBeGreaterThan(0);
    expect(byName(computed!.Rows)).toEqual(expected);
    // The table the screens read (and the events built it), for Carol herself.
    const res = await carol.client.get(`/api/live/standings/${league.LeagueID}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(byName(res.json().Rows as LiveStandingRow[])).toEqual(expected);
  });

  it('final: after the result, the leaderboard shows no change for Carol (a dash), and the others theirs', async () => {
    const done = await completeLive(w.t.db, f.fixtureId, f.match, new Date());
    expect(done.ok).toBe(true);
    const res = await carol.client.get(`/api/view/player_selection_leaderboard/${league.LeagueID}`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json() as {
      UserDisplayName: string;
      Position: number;
      PositionChange: number;
      TotalPoints: number;
    }[];
    expect(rows.find((r) => r.UserDisplayName === 'Alice')!.TotalPoints).toBeGreaterThan(0);
    expect(byName(rows)).toEqual({ Alice: [1, 0], Admin: [2, -1], Bob: [2, -1], Carol: [2, 0] });
  });

  it('result email: Bob is told he is down a place; Carol gets her rank with no change wording', async () => {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM result_emails WHERE fixture_id = ${f.fixtureId}`.execute(w.t.db);
    expect(rows[0]!.n).toBe(1);
    // (The demo season's earlier results are emailed in the same runs.)
    while ((await runResultEmails(w.t.db, { appUrl: 'http://app.test', delayMs: 0 })).fixtures > 0);
    const digest = (
      await w.t.db
        .selectFrom('result_emails')
        .select('digest')
        .where('fixture_id', '=', f.fixtureId)
        .executeTakeFirstOrThrow()
    ).digest;
    const mailTo = async (who: SignedIn) =>
      (
        await w.t.db
          .selectFrom('email_outbox')
          .select('text_body')
          .where('dedupe_key', '=', resultEmailDedupeKey(who.userId, f.fixtureId, digest))
          .executeTakeFirstOrThrow()
      ).text_body;
    const { rows: mails } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM email_outbox WHERE dedupe_key LIKE ${`result:%:${f.fixtureId}:%`}`.execute(w.t.db);
    expect(mails[0]!.n).toBe(4);
    expect(await mailTo(bob)).toMatch(
      /Office XI: 0 points for this match\. You are 2nd of 4 with 0 points \(down 1 place\)\./,
    );
    const carolMail = await mailTo(carol);
    expect(carolMail).toMatch(/Office XI: 0 points for this match\. You are 2nd of 4 with 0 points\.\n/);
    expect(carolMail).not.toMatch(/\((down|up) \d+ places?\)|no change/);
  });
});
