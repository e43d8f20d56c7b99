import { QueryProvider } from '../data/QueryProvider';
import { VerifyEmailPage } from '../features/auth/verify-email/VerifyEmailPage';

/** An emailed link's page: its outcome comes from the query cache (data/account/verify-email-query.ts). */
export default function VerifyEmailRoute() {
  return (
    <QueryProvider>
      <VerifyEmailPage />
    </QueryProvider>
  );
}
