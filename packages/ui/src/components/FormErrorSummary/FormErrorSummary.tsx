import { forwardRef, type HTMLAttributes } from 'react';
import { cx } from '../_internal/cx';
import { ErrorIcon } from '../_internal/icons';
import * as styles from './FormErrorSummary.css';

export interface FormErrorSummaryProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** The form-level error (e.g. the server's message). Nothing renders when empty. */
  message?: string;
}

/** A form-level error box, announced as an alert when it appears. */
export const FormErrorSummary = forwardRef<HTMLDivElement, FormErrorSummaryProps>(function FormErrorSummary(
  { message, className, ...rest },
  ref,
) {
  if (!message) return null;
  return (
    <div ref={ref} role="alert" className={cx(styles.root, className)} {...rest}>
      <ErrorIcon size={18} className={styles.icon} />
      <p className={styles.message}>{message}</p>
    </div>
  );
});
FormErrorSummary.displayName = 'FormErrorSummary';
