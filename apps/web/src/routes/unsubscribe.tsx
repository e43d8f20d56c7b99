import { UnsubscribePage } from '../features/unsubscribe/UnsubscribePage';

export default function UnsubscribeRoute() {
  return <UnsubscribePage />;
}
