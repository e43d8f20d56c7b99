import { ResetPasswordPage } from '../features/auth/reset-password/ResetPasswordPage';

export default function ResetPasswordRoute() {
  return <ResetPasswordPage />;
}
