import * as Dialog from '@radix-ui/react-dialog';
import { type ComponentPropsWithoutRef, forwardRef, type ReactNode, useCallback, useRef } from 'react';
import { cx } from '../_internal/cx';
import { CloseIcon } from '../_internal/icons';
import { registerNotificationHost } from '../_internal/notificationHost';
import { useIsScrollable } from '../_internal/useIsScrollable';
import * as styles from './Modal.css';

export const modalSizes = ['sm', 'md', 'lg', 'xl'] as const satisfies readonly ModalSize[];
export type ModalSize = 'sm' | 'md' | 'lg' | 'xl';

export interface ModalProps extends Omit<ComponentPropsWithoutRef<typeof Dialog.Content>, 'title' | 'children'> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Action buttons, right-aligned in a bar under the scrollable body. */
  footer?: ReactNode;
  size?: ModalSize;
}

/**
 * A dialog on Radix Dialog: focus is trapped, Escape and the close button
 * (aria-label "Close") call `onOpenChange(false)`, the body scrolls, and below
 * 600px the dialog is a full-height sheet (safe-area padding, 44px close button,
 * footer buttons full width). A `NotificationBanner` shown while it is open
 * appears inside it, under the title bar. On close, focus returns to the element that had it
 * when the dialog opened (usually the button that opened it). Extra props go to the dialog element.
 */
export const Modal = forwardRef<HTMLDivElement, ModalProps>(function Modal(
  {
    open,
    onOpenChange,
    title,
    description,
    children,
    footer,
    size = 'md',
    className,
    onOpenAutoFocus,
    onCloseAutoFocus,
    ...rest
  },
  ref,
) {
  const descriptionProps = description ? {} : { 'aria-describedby': undefined };
  // Radix returns focus to a Dialog.Trigger; our dialogs are opened from any button, so remember it.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          ref={ref}
          className={cx(styles.content({ size }), className)}
          data-size={size}
          {...descriptionProps}
          {...rest}
          onOpenAutoFocus={(event) => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            onOpenAutoFocus?.(event);
          }}
          onCloseAutoFocus={(event) => {
            onCloseAutoFocus?.(event);
            const target = opener.current;
            opener.current = null;
            if (event.defaultPrevented || !target?.isConnected || target === document.body) return;
            event.preventDefault();
            target.focus();
          }}
        >
          <div className={styles.header}>
            <div className={styles.headings}>
              <Dialog.Title className={styles.title}>{title}</Dialog.Title>
              {description ? (
                <Dialog.Description className={styles.description}>{description}</Dialog.Description>
              ) : null}
            </div>
            <Dialog.Close className={styles.close} aria-label="Close">
              <CloseIcon size={20} />
            </Dialog.Close>
          </div>
          <NotificationSlot />
          <ModalBody>{children}</ModalBody>
          {footer ? <div className={styles.footer}>{footer}</div> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
});
Modal.displayName = 'Modal';

/** Where a NotificationBanner renders while this dialog is the top-most one (see _internal/notificationHost). */
function NotificationSlot() {
  const unregister = useRef<(() => void) | null>(null);
  const ref = useCallback((node: HTMLDivElement | null) => {
    unregister.current?.();
    unregister.current = node ? registerNotificationHost(node) : null;
  }, []);
  return <div ref={ref} className={styles.notificationSlot} data-notification-slot="" />;
}

/** The scrolling middle part; focusable while it overflows so keyboard users can scroll it. */
function ModalBody({ children }: { children?: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const scrollable = useIsScrollable(ref, 'y');
  return (
    <div
      ref={ref}
      className={styles.body}
      tabIndex={scrollable ? 0 : undefined}
      data-scrollable={scrollable ? '' : undefined}
    >
      {children}
    </div>
  );
}
