import { StartLeaguePage } from '../features/start-league/StartLeaguePage';

export default function StartLeagueRoute() {
  return <StartLeaguePage />;
}
