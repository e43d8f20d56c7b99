import { VerifyEmailPage } from '../features/auth/verify-email/VerifyEmailPage';

export default function VerifyEmailRoute() {
  return <VerifyEmailPage />;
}
