import { LoadingOverlay, NotificationBanner } from '@fantasy-cricket/ui';
import { NOTIFICATION_AUTO_DISMISS_MS, commonMessages } from '@fantasy-cricket/rules';
import { useAtom, useAtomValue } from 'jotai';
import { loadingAtom, notificationAtom } from '../shared/atoms';

/** Full-page overlay, visible exactly while the loading flag is true (spec section 2, "Global"). */
export function GlobalLoadingOverlay() {
  const loading = useAtomValue(loadingAtom);
  return <LoadingOverlay visible={loading} text={commonMessages.loading} />;
}

/** The one notification banner: auto-clears after 10 s (restarting for each new notification), closable. */
export function GlobalNotification() {
  const [notification, setNotification] = useAtom(notificationAtom);
  return (
    <NotificationBanner
      notification={notification}
      onClose={() => setNotification(null)}
      autoDismissMs={NOTIFICATION_AUTO_DISMISS_MS}
    />
  );
}
