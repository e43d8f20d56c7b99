import { forwardRef, type HTMLAttributes, type ReactNode } from 'react';
import { cx } from '../_internal/cx';
import * as styles from './AppShell.css';

export interface AppShellProps extends HTMLAttributes<HTMLDivElement> {
  /** Usually `<Header …/>`. Sticks to the top. */
  header: ReactNode;
  /** Usually `<Sidebar …/>`: a fixed column from 900px, a drawer below. */
  sidebar?: ReactNode;
  /**
   * From 900px: hides the sidebar column and gives its room to the content (the header's hamburger
   * toggles it). Below 900px the sidebar is a drawer and this has no effect.
   */
  sidebarCollapsed?: boolean;
  /** Usually `<Footer …/>`. */
  footer: ReactNode;
  /** The screen, rendered in `<main>`. */
  children?: ReactNode;
  /** id of the `<main>` element, target of the "Skip to main content" link. */
  mainId?: string;
}

/**
 * Page layout: header, optional sidebar, main content and footer, with a
 * skip link. One column on small screens; header / sidebar + main / footer from 900px, where the
 * sidebar column (its background to the footer however long the page) can be collapsed.
 */
export const AppShell = forwardRef<HTMLDivElement, AppShellProps>(function AppShell(
  { header, sidebar, sidebarCollapsed = false, footer, children, mainId = 'main-content', className, ...rest },
  ref,
) {
  return (
    <div
      ref={ref}
      className={cx(styles.shell, className)}
      data-has-sidebar={sidebar ? '' : undefined}
      data-sidebar-collapsed={sidebar && sidebarCollapsed ? '' : undefined}
      {...rest}
    >
      <a href={`#${mainId}`} className={styles.skipLink}>
        Skip to main content
      </a>
      <div className={styles.headerArea}>{header}</div>
      {sidebar ? <div className={styles.sidebarArea}>{sidebar}</div> : null}
      <main id={mainId} tabIndex={-1} className={styles.main}>
        {children}
      </main>
      <div className={styles.footerArea}>{footer}</div>
    </div>
  );
});
AppShell.displayName = 'AppShell';
