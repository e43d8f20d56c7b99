import { forwardRef, type HTMLAttributes, type MouseEvent, type ReactNode, useEffect, useRef } from 'react';
import { breakpoints } from '../../theme/breakpoints';
import { cx } from '../_internal/cx';
import { CloseIcon } from '../_internal/icons';
import * as styles from './Sidebar.css';

export interface SidebarProps extends HTMLAttributes<HTMLElement> {
  /** Drawer state on small screens (ignored from 900px, where the sidebar is always shown). */
  open: boolean;
  /** Called on Escape, on the backdrop, on the drawer's close button and after a link is chosen. */
  onClose: () => void;
  /** The navigation items (`SidebarLink`s). */
  children?: ReactNode;
  /** Accessible name of the `<nav>` (default 'Main'). */
  label?: string;
}

const isNarrow = () =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia(`(max-width: ${breakpoints.md - 0.02}px)`).matches;

/**
 * Primary navigation. From 900px a sticky column beside the content; below, an
 * off-canvas drawer with a backdrop that closes on Escape, backdrop click, its
 * close button, or when a link inside is chosen. Focus moves into the drawer on
 * open and back to where it was on close.
 */
export const Sidebar = forwardRef<HTMLElement, SidebarProps>(function Sidebar(
  { open, onClose, children, label = 'Main', className, onClick, ...rest },
  ref,
) {
  const navRef = useRef<HTMLElement | null>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  // Move focus into the drawer when it opens on a small screen; restore it on close.
  useEffect(() => {
    if (!open || !isNarrow()) return;
    const previous = document.activeElement as HTMLElement | null;
    const first = navRef.current?.querySelector<HTMLElement>(
      `.${styles.list} a[href], .${styles.list} button:not([disabled])`,
    );
    (first ?? navRef.current)?.focus();
    return () => {
      if (previous && document.contains(previous)) previous.focus();
    };
  }, [open]);

  const handleClick = (event: MouseEvent<HTMLElement>) => {
    onClick?.(event);
    const target = event.target as HTMLElement;
    if (open && target.closest('a[href]')) onClose();
  };

  const setRefs = (node: HTMLElement | null) => {
    navRef.current = node;
    if (typeof ref === 'function') ref(node);
    else if (ref) ref.current = node;
  };

  return (
    <>
      {open ? (
        <div className={styles.backdrop} aria-hidden="true" data-testid="sidebar-backdrop" onClick={onClose} />
      ) : null}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: delegated listener; links fire click on Enter too */}
      <nav
        ref={setRefs}
        aria-label={label}
        tabIndex={-1}
        data-state={open ? 'open' : 'closed'}
        className={cx(styles.nav, className)}
        onClick={handleClick}
        {...rest}
      >
        <div className={styles.drawerHeader}>
          <span className={styles.drawerTitle}>Menu</span>
          <button type="button" className={styles.close} aria-label="Close menu" onClick={onClose}>
            <CloseIcon size={20} />
          </button>
        </div>
        <div className={styles.list}>{children}</div>
      </nav>
    </>
  );
});
Sidebar.displayName = 'Sidebar';
