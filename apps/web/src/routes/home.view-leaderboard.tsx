import { LeaderboardPage } from '../features/leaderboard/LeaderboardPage';

export default function ViewLeaderboardRoute() {
  return <LeaderboardPage />;
}
