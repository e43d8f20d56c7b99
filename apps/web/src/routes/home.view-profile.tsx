import { ProfilePage } from '../features/profile/ProfilePage';

export default function ViewProfileRoute() {
  return <ProfilePage />;
}
