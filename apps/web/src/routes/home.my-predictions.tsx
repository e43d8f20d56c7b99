import { MySelectionsPage } from '../features/my-selections/MySelectionsPage';

export default function MyPredictionsRoute() {
  return <MySelectionsPage />;
}
