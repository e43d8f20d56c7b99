import { forwardRef, type HTMLAttributes, type ReactNode } from 'react';
import { cx } from '../_internal/cx';
import { MenuIcon } from '../_internal/icons';
import * as styles from './Header.css';

export interface HeaderProps extends HTMLAttributes<HTMLElement> {
  /** The brand link, e.g. `<a href="/home"><Logo /></a>`. */
  logo: ReactNode;
  /** e.g. 'Hi, Asha !' */
  greeting?: string;
  /**
   * When given, a hamburger button (accessible name "Menu") shows at every width: it opens the drawer
   * on small screens and collapses or expands the sidebar column on wide ones (the caller decides).
   */
  onMenuClick?: () => void;
  /** Whether the navigation it controls is shown (drawer open, or column expanded): its aria-expanded. */
  menuOpen?: boolean;
  /** id of the sidebar `<nav>`, for the hamburger's aria-controls. */
  menuControls?: string;
  /** Buttons or links at the right end. */
  actions?: ReactNode;
}

/** The site banner: hamburger, logo, greeting and actions on a deep-green band. */
export const Header = forwardRef<HTMLElement, HeaderProps>(function Header(
  { logo, greeting, onMenuClick, menuOpen = false, menuControls, actions, className, ...rest },
  ref,
) {
  return (
    <header ref={ref} className={cx(styles.header, className)} {...rest}>
      {onMenuClick ? (
        <button
          type="button"
          className={styles.menuButton}
          aria-label="Menu"
          aria-expanded={menuOpen}
          aria-controls={menuControls}
          onClick={onMenuClick}
        >
          <MenuIcon size={24} />
        </button>
      ) : null}
      <div className={styles.logo}>{logo}</div>
      <div className={styles.spacer} />
      {greeting ? <p className={styles.greeting}>{greeting}</p> : null}
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </header>
  );
});
Header.displayName = 'Header';
