import { ResultsPage } from '../features/console/results/ResultsPage';

export default function ConsoleResultsPageRoute() {
  return <ResultsPage />;
}
