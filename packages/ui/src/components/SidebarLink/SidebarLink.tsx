import { Slot, Slottable } from '@radix-ui/react-slot';
import { type AnchorHTMLAttributes, forwardRef, type ReactNode } from 'react';
import { cx } from '../_internal/cx';
import * as styles from './SidebarLink.css';

export interface SidebarLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  /**
   * Render the child element with the link styles, e.g.
   * `<SidebarLink asChild icon={<TrophyIcon />}><NavLink to="/home/view-leaderboard">Leaderboard</NavLink></SidebarLink>`
   * (NavLink sets `aria-current="page"`, which draws the active state). Also works with a `<button>`.
   */
  asChild?: boolean;
  /** Decorative icon before the label. */
  icon?: ReactNode;
  /** The label. */
  children?: ReactNode;
}

/** A navigation item for `Sidebar`; active when `aria-current="page"`. */
export const SidebarLink = forwardRef<HTMLAnchorElement, SidebarLinkProps>(function SidebarLink(
  { asChild = false, icon, children, className, ...rest },
  ref,
) {
  const iconNode = icon ? (
    <span className={styles.icon} aria-hidden="true">
      {icon}
    </span>
  ) : null;
  if (asChild) {
    return (
      <Slot ref={ref} className={cx(styles.link, className)} {...rest}>
        {iconNode}
        <Slottable>{children}</Slottable>
      </Slot>
    );
  }
  return (
    <a ref={ref} className={cx(styles.link, className)} {...rest}>
      {iconNode}
      {children}
    </a>
  );
});
SidebarLink.displayName = 'SidebarLink';
