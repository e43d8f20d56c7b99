import { ComingSoonPage } from '../features/coming-soon/ComingSoonPage';

export default function ViewLeaderboardRoute() {
  return <ComingSoonPage screen="view-leaderboard" />;
}
