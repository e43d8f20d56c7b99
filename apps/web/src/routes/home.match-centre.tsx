import { MatchCentrePage } from '../features/match-centre/MatchCentrePage';

export default function MatchCentreRoute() {
  return <MatchCentrePage />;
}
