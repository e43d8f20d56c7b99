import { QueryProvider } from '../data/QueryProvider';
import { UnsubscribePage } from '../features/unsubscribe/UnsubscribePage';

/** An emailed link's page: its outcome comes from the query cache (data/account/unsubscribe-query.ts). */
export default function UnsubscribeRoute() {
  return (
    <QueryProvider>
      <UnsubscribePage />
    </QueryProvider>
  );
}
