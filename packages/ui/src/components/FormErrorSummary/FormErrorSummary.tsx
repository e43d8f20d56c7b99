import { forwardRef, type HTMLAttributes, useImperativeHandle, useRef } from 'react';
import { cx } from '../_internal/cx';
import { ErrorIcon } from '../_internal/icons';
import { useRevealWhenShown } from '../_internal/reveal';
import { revealMargin } from '../_internal/reveal.css';
import * as styles from './FormErrorSummary.css';

export interface FormErrorSummaryProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** The form-level error (e.g. the server's message). Nothing renders when empty. */
  message?: string;
}

/**
 * A form-level error box, announced as an alert when it appears. When it appears or its message
 * changes it scrolls into view (the page, or the body of the Modal it is in), so a person who pressed
 * a button at the bottom of a long form or a scrolled dialog sees it.
 */
export const FormErrorSummary = forwardRef<HTMLDivElement, FormErrorSummaryProps>(function FormErrorSummary(
  { message, className, ...rest },
  ref,
) {
  const inner = useRef<HTMLDivElement>(null);
  useImperativeHandle(ref, () => inner.current as HTMLDivElement);
  useRevealWhenShown(inner, message);
  if (!message) return null;
  return (
    <div ref={inner} role="alert" className={cx(styles.root, revealMargin, className)} data-reveal="" {...rest}>
      <ErrorIcon size={18} className={styles.icon} />
      <p className={styles.message}>{message}</p>
    </div>
  );
});
FormErrorSummary.displayName = 'FormErrorSummary';
