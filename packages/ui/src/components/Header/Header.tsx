import { forwardRef, type HTMLAttributes, type ReactNode } from 'react';
import { cx } from '../_internal/cx';
import { MenuIcon } from '../_internal/icons';
import * as styles from './Header.css';

export interface HeaderProps extends HTMLAttributes<HTMLElement> {
  /** The brand link, e.g. `<a href="/home"><Logo /></a>`. */
  logo: ReactNode;
  /** e.g. 'Hi, Asha !' */
  greeting?: string;
  /** When given, a hamburger button (aria-label "Open menu") shows below 900px. */
  onMenuClick?: () => void;
  /** Drawer state, for the hamburger's aria-expanded. */
  menuOpen?: boolean;
  /** id of the sidebar `<nav>`, for the hamburger's aria-controls. */
  menuControls?: string;
  /** Buttons or links at the right end. */
  actions?: ReactNode;
}

/** The site banner: hamburger (small screens), logo, greeting and actions on a deep-green band. */
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
          aria-label="Open menu"
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
