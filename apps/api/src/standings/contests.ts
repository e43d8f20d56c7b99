import type { components } from '@fantasy-cricket/api-client';
import { type Kysely, sql } from 'kysely';
import { MP } from '../cricket/catalogue';
import type { DB } from '../db/schema';
import type { LeagueRecord } from '../leagues/access';
import { mpPickRowsSql, psPickRowsSql, rankByPoints } from './points';
import type { LeagueStandingsData } from './standings';

type ContestWidget = components['schemas']['ContestWidget'];
type Entry = ContestWidget['Entry'][number];

/** How many places a "top" widget lists (every entry tied with the last place is listed too). */
export const CONTEST_TOP = 10;

const cmpText = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' });

/** Ranks items by a score (ties share a place), keeps places 1..CONTEST_TOP, sorts by place then `tie`. */
function topRanked<T>(items: readonly T[], score: (t: T) => number, tie: (a: T, b: T) => number): [number, T][] {
  const ranks = rankByPoints(items.map((item) => ({ key: item, points: score(item) })));
  return items
    .map((item): [number, T] => [ranks.get(item) ?? 1, item])
    .filter(([rank]) => rank <= CONTEST_TOP)
    .sort((a, b) => a[0] - b[0] || tie(a[1], b[1]));
}

/**
 * The contest widgets of a league. Both types: fixture winners and highest fixture totals. Match
 * Prediction adds most correct picks and the longest run of correct Match Winner picks; Player
 * Selection adds the best picks of the season and the most-picked players. Every figure comes from
 * the same per-pick rows as the leaderboard (./points.ts); only Approved members and scored fixtures
 * count. A league with nothing scored gets the same widgets with empty entries.
 */
export async function contestWidgets(
  db: Kysely<DB>,
  league: LeagueRecord,
  data: LeagueStandingsData,
  now: Date,
): Promise<ContestWidget[]> {
  const name = new Map(data.members.map((m) => [m.userId, m.displayName]));
  const memberName = (userId: number) => name.get(userId) ?? '';
  const fixtureName = new Map(data.fixtures.map((f) => [f.id, f.name]));

  // Fixture winners: among members who picked in the fixture, the highest points; ties listed together.
  const fixtureWinners: Entry[] = [];
  for (const f of data.fixtures) {
    const scores = data.members
      .filter((m) => data.points.get(m.userId)?.has(f.id))
      .map((m) => ({ name: m.displayName, points: data.points.get(m.userId)?.get(f.id) ?? 0 }));
    if (scores.length === 0) continue;
    const top = Math.max(...scores.map((s) => s.points));
    const names = scores
      .filter((s) => s.points === top)
      .map((s) => s.name)
      .sort(cmpText);
    fixtureWinners.push({ Fixture: f.name, 'Top scorer': names.join(', '), Points: top });
  }

  // Highest fixture totals: the best single-fixture scores of the season.
  const totals = data.members.flatMap((m) =>
    data.fixtures
      .filter((f) => data.points.get(m.userId)?.has(f.id))
      .map((f) => ({
        userId: m.userId,
        fixtureId: f.id,
        points: data.points.get(m.userId)?.get(f.id) ?? 0,
      })),
  );
  const fixtureOrder = new Map(data.fixtures.map((f, i) => [f.id, i]));
  const bestFixtures = topRanked(
    totals,
    (t) => t.points,
    (a, b) =>
      (fixtureOrder.get(a.fixtureId) ?? 0) - (fixtureOrder.get(b.fixtureId) ?? 0) ||
      cmpText(memberName(a.userId), memberName(b.userId)),
  ).map(([rank, t]) => ({
    Rank: rank,
    Member: memberName(t.userId),
    Fixture: fixtureName.get(t.fixtureId) ?? '',
    Points: t.points,
  }));

  const common: ContestWidget[] = [
    {
      Header: 'Fixture winners',
      Description:
        'The top scorer of each scored fixture, among the members who picked for it. Ties are listed together.',
      Entry: fixtureWinners,
    },
    {
      Header: 'Highest fixture totals',
      Description: `The ${CONTEST_TOP} best single-fixture scores of the season.`,
      Entry: bestFixtures,
    },
  ];
  return league.league_type === 'MP'
    ? [...common, ...(await matchPredictionWidgets(db, league, data, now, memberName))]
    : [...common, ...(await playerSelectionWidgets(db, league, data, now, memberName))];
}

async function matchPredictionWidgets(
  db: Kysely<DB>,
  league: LeagueRecord,
  data: LeagueStandingsData,
  now: Date,
  memberName: (userId: number) => string,
): Promise<ContestWidget[]> {
  // One pass: correct and made picks per member, and the fixtures of their correct Match Winner picks.
  const { rows: accuracy } = await sql<{ user_id: number; correct: number; made: number; mw: number[] | null }>`
    SELECT p.user_id, (count(*) FILTER (WHERE p.correct))::int AS correct, count(*)::int AS made,
           array_agg(p.fixture_id) FILTER (WHERE p.correct AND p.feature_id = ${MP.MatchWinner}) AS mw
    FROM (${mpPickRowsSql(league.id, now)}) p
    WHERE p.scored
    GROUP BY p.user_id`.execute(db);
  const correctPicks = topRanked(
    accuracy.filter((a) => a.correct > 0),
    (a) => a.correct,
    (a, b) => cmpText(memberName(a.user_id), memberName(b.user_id)),
  ).map(([rank, a]) => ({
    Rank: rank,
    Member: memberName(a.user_id),
    'Correct picks': a.correct,
    'Picks made': a.made,
    Accuracy: `${Math.round((100 * a.correct) / a.made)}%`,
  }));

  const correctMw = new Set(accuracy.flatMap((a) => (a.mw ?? []).map((f) => `${a.user_id}:${f}`)));
  const streaks = data.members.map((m) => {
    let longest = 0;
    let current = 0;
    for (const f of data.fixtures) {
      current = correctMw.has(`${m.userId}:${f.id}`) ? current + 1 : 0;
      longest = Math.max(longest, current);
    }
    return { userId: m.userId, longest, current };
  });
  const streakRows = topRanked(
    streaks.filter((s) => s.longest > 0),
    (s) => s.longest,
    (a, b) => b.current - a.current || cmpText(memberName(a.userId), memberName(b.userId)),
  ).map(([rank, s]) => ({
    Rank: rank,
    Member: memberName(s.userId),
    'Longest streak': s.longest,
    'Current streak': s.current,
  }));

  return [
    {
      Header: 'Most correct picks',
      Description: "Picks that named one of a feature's winners, over all scored fixtures.",
      Entry: correctPicks,
    },
    {
      Header: 'Longest Match Winner streak',
      Description:
        'Most scored fixtures in a row with the right Match Winner pick (a wrong or missing pick ends a streak).',
      Entry: streakRows,
    },
  ];
}

async function playerSelectionWidgets(
  db: Kysely<DB>,
  league: LeagueRecord,
  data: LeagueStandingsData,
  now: Date,
  memberName: (userId: number) => string,
): Promise<ContestWidget[]> {
  const fixtureOrder = new Map(data.fixtures.map((f, i) => [f.id, i]));
  const fixtureName = new Map(data.fixtures.map((f) => [f.id, f.name]));
  // One pass over the scored picks; both widgets are worked out from it.
  const { rows } = await sql<{
    user_id: number;
    fixture_id: number;
    player_id: number;
    player_name: string;
    points: number | string;
  }>`
    SELECT p.user_id, p.fixture_id, p.player_id, pl.full_name AS player_name, p.points
    FROM (${psPickRowsSql(league.id, now, data.psPoints)}) p
    JOIN players pl ON pl.id = p.player_id
    WHERE p.scored`.execute(db);
  const picks = rows.map((r) => ({ ...r, points: Number(r.points) }));

  const bestPicks = topRanked(
    picks,
    (p) => p.points,
    (a, b) =>
      (fixtureOrder.get(a.fixture_id) ?? 0) - (fixtureOrder.get(b.fixture_id) ?? 0) ||
      cmpText(a.player_name, b.player_name) ||
      cmpText(memberName(a.user_id), memberName(b.user_id)),
  ).map(([rank, p]) => ({
    Rank: rank,
    Member: memberName(p.user_id),
    Fixture: fixtureName.get(p.fixture_id) ?? '',
    Player: p.player_name,
    Points: p.points,
  }));

  const byPlayer = new Map<number, { name: string; picks: number; members: Set<number>; points: number }>();
  for (const p of picks) {
    const entry = byPlayer.get(p.player_id) ?? { name: p.player_name, picks: 0, members: new Set(), points: 0 };
    entry.picks += 1;
    entry.members.add(p.user_id);
    entry.points += p.points;
    byPlayer.set(p.player_id, entry);
  }
  const mostPicked = topRanked(
    [...byPlayer.values()],
    (p) => p.picks,
    (a, b) => b.points - a.points || cmpText(a.name, b.name),
  ).map(([rank, p]) => ({
    Rank: rank,
    Player: p.name,
    'Times picked': p.picks,
    'Picked by': p.members.size,
    'Points earned': p.points,
  }));

  return [
    {
      Header: 'Best picks of the season',
      Description: 'The picked players who earned the most points in one fixture.',
      Entry: bestPicks,
    },
    {
      Header: 'Most-picked players',
      Description: 'Players picked most often in scored fixtures, with the points they earned their pickers.',
      Entry: mostPicked,
    },
  ];
}
