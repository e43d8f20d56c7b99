import { QueryProvider } from '../data/QueryProvider';
import { UnsubscribePage } from '../features/unsubscribe/UnsubscribePage';

/** An emailed link's page: its outcome comes from the query cache (data/account/email-link-queries.ts). */
export default function UnsubscribeRoute() {
  return (
    <QueryProvider>
      <UnsubscribePage />
    </QueryProvider>
  );
}
