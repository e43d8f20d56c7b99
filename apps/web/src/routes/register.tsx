import { RegisterPage } from '../features/auth/register/RegisterPage';

export default function RegisterRoute() {
  return <RegisterPage />;
}
