import {
  forwardRef,
  type HTMLAttributes,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { cx } from '../_internal/cx';
import { lastUsedControl, trackLastControl, useNotificationHost } from '../_internal/notificationHost';
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

export type NotificationPlacement = 'top' | 'bottom';

function intersects(a: DOMRect, b: DOMRect) {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/**
 * A toast-like banner. Errors are announced as alerts, success and info
 * politely as status messages.
 *
 * Where it shows:
 * - on a page: fixed at the top centre **below the sticky header** (never over
 *   the header or its menu button, safe-area aware); if that spot would cover
 *   the control the person just used, it moves to the bottom edge instead;
 * - while a `Modal` is open: inside the dialog, in the flow under its title bar,
 *   so it is announced (Radix hides everything outside the dialog from screen
 *   readers), its dismiss button can be tapped and reached by Tab, and it covers
 *   neither the dialog's title nor its close button.
 */
export const NotificationBanner = forwardRef<HTMLDivElement, NotificationBannerProps>(function NotificationBanner(
  { notification, onClose, autoDismissMs = 10_000, className, ...rest },
  ref,
) {
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const host = useNotificationHost();
  const innerRef = useRef<HTMLDivElement>(null);
  useImperativeHandle(ref, () => innerRef.current as HTMLDivElement);
  const [placement, setPlacement] = useState<NotificationPlacement>('top');

  useEffect(() => trackLastControl(), []);

  // A new notification starts at the top; if it would hide the control just used, it goes to the bottom.
  useLayoutEffect(() => {
    if (!notification || host) return;
    const banner = innerRef.current;
    if (!banner) return;
    banner.dataset.placement = 'top';
    const control = lastUsedControl();
    const covers = control ? intersects(banner.getBoundingClientRect(), control.getBoundingClientRect()) : false;
    banner.dataset.placement = covers ? 'bottom' : 'top';
    setPlacement(covers ? 'bottom' : 'top');
  }, [notification, host]);

  useEffect(() => {
    if (!notification || !autoDismissMs) return;
    const timer = setTimeout(() => onCloseRef.current(), autoDismissMs);
    return () => clearTimeout(timer);
  }, [notification, autoDismissMs]);

  if (!notification) return null;
  const Icon = icons[notification.kind];
  const banner = (
    <div
      ref={innerRef}
      role={notification.kind === 'error' ? 'alert' : 'status'}
      aria-live={notification.kind === 'error' ? 'assertive' : 'polite'}
      data-kind={notification.kind}
      data-placement={host ? 'dialog' : placement}
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
  return host ? createPortal(banner, host) : banner;
});
NotificationBanner.displayName = 'NotificationBanner';
