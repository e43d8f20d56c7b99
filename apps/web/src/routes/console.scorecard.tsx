import { ScorecardPage } from '../features/console/scorecard/ScorecardPage';

export default function ConsoleScorecardPageRoute() {
  return <ScorecardPage />;
}
