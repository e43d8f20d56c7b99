import { JoinLeaguePage } from '../features/join-league/JoinLeaguePage';

export default function JoinLeagueRoute() {
  return <JoinLeaguePage />;
}
