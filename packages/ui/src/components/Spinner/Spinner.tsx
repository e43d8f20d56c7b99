import { forwardRef, type HTMLAttributes } from 'react';
import { cx } from '../_internal/cx';
import { VisuallyHidden } from '../_internal/VisuallyHidden';
import * as styles from './Spinner.css';

export const spinnerSizes = ['sm', 'md', 'lg'] as const satisfies readonly SpinnerSize[];
export type SpinnerSize = 'sm' | 'md' | 'lg';

export interface SpinnerProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'children'> {
  /** Diameter: `sm` 16px (in buttons), `md` 24px, `lg` 44px (overlays). */
  size?: SpinnerSize;
  /**
   * What is loading, for screen readers ("Loading leagues"). Without a label the
   * spinner is decorative (use it inside something that already announces the state).
   */
  label?: string;
}

/** A cricket-ball spinner: a rotating ring with a gold seam. Inherits `color`. */
export const Spinner = forwardRef<HTMLSpanElement, SpinnerProps>(function Spinner(
  { size = 'md', label, className, ...rest },
  ref,
) {
  return (
    <span
      ref={ref}
      className={cx(styles.root, className)}
      role={label ? 'status' : undefined}
      aria-hidden={label ? undefined : true}
      {...rest}
    >
      <svg className={styles.spinner({ size })} viewBox="0 0 24 24" fill="none" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="9.5" stroke="currentColor" strokeOpacity="0.22" strokeWidth="3" />
        <path d="M12 2.5a9.5 9.5 0 0 1 9.5 9.5" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      {label ? <VisuallyHidden>{label}</VisuallyHidden> : null}
    </span>
  );
});
Spinner.displayName = 'Spinner';
