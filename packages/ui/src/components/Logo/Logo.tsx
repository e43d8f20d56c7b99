import { forwardRef, type HTMLAttributes } from 'react';
import { cx } from '../_internal/cx';
import * as styles from './Logo.css';

export const logoSizes = ['sm', 'md', 'lg'] as const satisfies readonly LogoSize[];
export type LogoSize = 'sm' | 'md' | 'lg';

export interface LogoProps extends HTMLAttributes<HTMLSpanElement> {
  /** Scale of the mark and wordmark: `sm` (header on phones), `md` (header), `lg` (landing, sign-in). */
  size?: LogoSize;
  /** Hide the "Fantasy Cricket" wordmark (the mark then gets the name as its label). */
  markOnly?: boolean;
}

/**
 * The brand: a green badge with a bat and a gold ball, plus the "Fantasy Cricket"
 * wordmark. The wordmark follows `currentColor`; the mark uses the theme's green and gold.
 */
export const Logo = forwardRef<HTMLSpanElement, LogoProps>(function Logo(
  { size = 'md', markOnly = false, className, ...rest },
  ref,
) {
  return (
    <span ref={ref} className={cx(styles.logo({ size }), className)} {...rest}>
      <svg
        className={styles.mark}
        viewBox="0 0 40 40"
        role={markOnly ? 'img' : undefined}
        aria-label={markOnly ? 'Fantasy Cricket' : undefined}
        aria-hidden={markOnly ? undefined : true}
        focusable="false"
      >
        {/* Badge */}
        <circle cx="20" cy="20" r="19" className={styles.badge} />
        {/* Bat: handle top-right, blade sweeping down-left */}
        <g transform="rotate(45 20 20)" className={styles.bat}>
          <rect x="18.4" y="3.5" width="3.2" height="9" rx="1.6" />
          <path d="M16 12.5h8l-.4 16.2a3.6 3.6 0 0 1-7.2 0Z" />
        </g>
        {/* Ball with its seam */}
        <circle cx="27" cy="27" r="6.4" className={styles.ball} />
        <path className={styles.seam} strokeWidth="1.2" strokeLinecap="round" d="M22.6 22.6a9 9 0 0 1 8.8 8.8" />
        <path
          className={styles.seam}
          strokeWidth="0.9"
          strokeLinecap="round"
          strokeDasharray="0.6 1.5"
          d="M21.6 24.6a8 8 0 0 1 6.8 6.8"
        />
        <path
          className={styles.seam}
          strokeWidth="0.9"
          strokeLinecap="round"
          strokeDasharray="0.6 1.5"
          d="M24.6 21.6a8 8 0 0 1 6.8 6.8"
        />
      </svg>
      {markOnly ? null : (
        <span className={styles.wordmark}>
          <span className={styles.fantasy}>Fantasy</span> <span className={styles.cricket}>Cricket</span>
        </span>
      )}
    </span>
  );
});
Logo.displayName = 'Logo';
