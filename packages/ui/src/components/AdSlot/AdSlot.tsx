import { forwardRef, type HTMLAttributes, type ReactNode } from 'react';
import { cx } from '../_internal/cx';
import * as styles from './AdSlot.css';

export interface AdSlotProps extends Omit<HTMLAttributes<HTMLElement>, 'children'> {
  /** Placement id for the ad provider (e.g. 'profile-sidebar'); rendered as `data-ad-slot`. */
  slot: string;
  /** House promotion shown until an ad provider fills the slot. */
  children?: ReactNode;
}

/**
 * A labelled "Advertisement" region. No ad network is wired up yet: it renders
 * its children (a house promotion). A provider can later target `[data-ad-slot]`.
 */
export const AdSlot = forwardRef<HTMLElement, AdSlotProps>(function AdSlot(
  { slot, children, className, ...rest },
  ref,
) {
  return (
    <section ref={ref} aria-label="Advertisement" data-ad-slot={slot} className={cx(styles.root, className)} {...rest}>
      <span className={styles.label} aria-hidden="true">
        Advertisement
      </span>
      <div className={styles.content}>{children}</div>
    </section>
  );
});
AdSlot.displayName = 'AdSlot';
