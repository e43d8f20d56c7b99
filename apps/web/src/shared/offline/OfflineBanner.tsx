import { offlineMessages, useOffline } from './offline';
import * as styles from './OfflineBanner.css';

/**
 * "You are offline": shown across the top of every screen while the browser has no network (the
 * installed app opens from the service worker's cached shell). Announced politely to screen readers.
 */
export function OfflineBanner() {
  const offline = useOffline();
  return (
    <div role="status" aria-live="polite">
      {offline ? (
        <div className={styles.banner} data-testid="offline-banner">
          <svg
            className={styles.icon}
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden="true"
          >
            <path d="M2 8.8a15 15 0 0 1 4.2-2.7M10.7 5.1A15 15 0 0 1 22 8.8M5 12.6a10 10 0 0 1 5.2-2.6M16.9 11.2a10 10 0 0 1 2.1 1.4M8.5 16.4a5 5 0 0 1 7 0M12 20h.01M2 2l20 20" />
          </svg>
          <p className={styles.text}>
            <strong className={styles.title}>{offlineMessages.title}</strong>
            {offlineMessages.detail}
          </p>
        </div>
      ) : null}
    </div>
  );
}
