import { forwardRef, type HTMLAttributes } from 'react';
import { cx } from '../_internal/cx';
import { Spinner } from '../Spinner/Spinner';
import * as styles from './LoadingOverlay.css';

export const DEFAULT_LOADING_TEXT = 'Processing your request, please wait...';

export interface LoadingOverlayProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** Show the overlay; nothing renders while false. */
  visible: boolean;
  /** Default 'Processing your request, please wait...'. */
  text?: string;
}

/** A full-page blocking overlay with a spinner, shown while a request runs. */
export const LoadingOverlay = forwardRef<HTMLDivElement, LoadingOverlayProps>(function LoadingOverlay(
  { visible, text = DEFAULT_LOADING_TEXT, className, ...rest },
  ref,
) {
  if (!visible) return null;
  return (
    <div
      ref={ref}
      role="status"
      aria-live="polite"
      aria-busy="true"
      className={cx(styles.overlay, className)}
      data-testid="loading-overlay"
      {...rest}
    >
      <div className={styles.panel}>
        <Spinner size="lg" className={styles.spinner} />
        <p className={styles.text}>{text}</p>
      </div>
    </div>
  );
});
LoadingOverlay.displayName = 'LoadingOverlay';
