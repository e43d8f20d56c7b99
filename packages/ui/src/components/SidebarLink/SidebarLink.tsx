import { Slot, Slottable } from '@radix-ui/react-slot';
import { type AnchorHTMLAttributes, forwardRef, type ReactNode } from 'react';
import { cx } from '../_internal/cx';
import { VisuallyHidden } from '../_internal/VisuallyHidden';
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
  /**
   * A count on the item (e.g. join requests waiting), drawn as a pill on the icon's corner (after the
   * label when there is no icon; 99+ above 99) and not drawn at 0. `label` says what the count is and is read after the item's label, in brackets: with
   * `{ count: 2, label: '2 requests waiting' }` the item 'League Members' is named
   * 'League Members (2 requests waiting)'.
   */
  badge?: { count: number; label: string };
}

/** A navigation item for `Sidebar`; active when `aria-current="page"`. */
export const SidebarLink = forwardRef<HTMLAnchorElement, SidebarLinkProps>(function SidebarLink(
  { asChild = false, icon, badge, children, className, ...rest },
  ref,
) {
  const counted = badge !== undefined && badge.count > 0;
  const pill = counted ? (
    <span className={icon ? styles.iconBadge : styles.badge} aria-hidden="true">
      {badge.count > 99 ? '99+' : badge.count}
    </span>
  ) : null;
  // The pill sits on the icon's corner (it takes no room from the label), or after the label without an icon.
  const iconNode = icon ? (
    <span className={styles.icon} aria-hidden="true">
      {icon}
      {pill}
    </span>
  ) : null;
  // The words are read right after the label; the pill is not read.
  const badgeNode = counted ? (
    <>
      <VisuallyHidden> ({badge.label})</VisuallyHidden>
      {icon ? null : pill}
    </>
  ) : null;
  if (asChild) {
    return (
      <Slot ref={ref} className={cx(styles.link, className)} {...rest}>
        {iconNode}
        <Slottable>{children}</Slottable>
        {badgeNode}
      </Slot>
    );
  }
  return (
    <a ref={ref} className={cx(styles.link, className)} {...rest}>
      {iconNode}
      {children}
      {badgeNode}
    </a>
  );
});
SidebarLink.displayName = 'SidebarLink';
