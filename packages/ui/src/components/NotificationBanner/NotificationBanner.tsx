import { forwardRef, type HTMLAttributes, useEffect, useRef } from 'react';
import { cx } from '../_internal/cx';
import { CloseIcon, ErrorIcon, InfoIcon, SuccessIcon } from '../_internal/icons';
import * as styles from './NotificationBanner.css';

export const notificationKinds = ['success', 'error', 'info'] as const satisfies readonly NotificationKind[];
export type NotificationKind = 'success' | 'error' | 'info';

export interface Notification {
  kind: NotificationKind;
  message: string;
}

export interface NotificationBannerProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  notification: Notification | null;
  /** Called by the close button and when the auto-dismiss timer ends. */
  onClose: () => void;
  /** Default 10 000 ms. The timer restarts whenever a new notification object arrives. `0` disables it. */
  autoDismissMs?: number;
}

const icons = { success: SuccessIcon, error: ErrorIcon, info: InfoIcon } as const;

/**
 * A toast-like banner fixed at the top centre of the page. Errors are announced
 * as alerts, success and info politely as status messages.
 */
export const NotificationBanner = forwardRef<HTMLDivElement, NotificationBannerProps>(function NotificationBanner(
  { notification, onClose, autoDismissMs = 10_000, className, ...rest },
  ref,
) {
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!notification || !autoDismissMs) return;
    const timer = setTimeout(() => onCloseRef.current(), autoDismissMs);
    return () => clearTimeout(timer);
  }, [notification, autoDismissMs]);

  if (!notification) return null;
  const Icon = icons[notification.kind];
  return (
    <div
      ref={ref}
      role={notification.kind === 'error' ? 'alert' : 'status'}
      aria-live={notification.kind === 'error' ? 'assertive' : 'polite'}
      data-kind={notification.kind}
      className={cx(styles.banner({ kind: notification.kind }), className)}
      {...rest}
    >
      <Icon size={22} className={styles.icon} />
      <p className={styles.message}>{notification.message}</p>
      <button type="button" className={styles.close} aria-label="Dismiss notification" onClick={() => onClose()}>
        <CloseIcon size={18} />
      </button>
    </div>
  );
});
NotificationBanner.displayName = 'NotificationBanner';
