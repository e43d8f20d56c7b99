import { LoginPage } from '../features/auth/login/LoginPage';

export default function LoginRoute() {
  return <LoginPage />;
}
