import { HomePage } from '../features/home/HomePage';

export default function HomeRoute() {
  return <HomePage />;
}
