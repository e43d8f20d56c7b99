import { AllSelectionsPage } from '../features/all-selections/AllSelectionsPage';

export default function AllPredictionsRoute() {
  return <AllSelectionsPage />;
}
