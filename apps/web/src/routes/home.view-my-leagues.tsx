import { MyLeaguesPage } from '../features/my-leagues/MyLeaguesPage';

export default function ViewMyLeaguesRoute() {
  return <MyLeaguesPage />;
}
