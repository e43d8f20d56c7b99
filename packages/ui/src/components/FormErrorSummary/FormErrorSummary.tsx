import { forwardRef, type HTMLAttributes, useImperativeHandle, useRef } from 'react';
import { cx } from '../_internal/cx';
import { ErrorIcon } from '../_internal/icons';
import { useRevealWhenShown } from '../_internal/reveal';
import { revealMargin } from '../_internal/reveal.css';
import * as styles from './FormErrorSummary.css';

export interface FormErrorSummaryProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** The form-level error (e.g. the server's message). Nothing renders when empty. */
  message?: string;
  /**
   * Several form-level errors at once (e.g. each count rule a table breaks), shown as a list, one item
   * each. Used instead of `message`; nothing renders when empty.
   */
  messages?: readonly string[];
}

/**
 * A form-level error box, announced as an alert when it appears. When it appears or its message
 * changes it scrolls into view (the page, or the body of the Modal it is in), so a person who pressed
 * a button at the bottom of a long form or a scrolled dialog sees it.
 */
export const FormErrorSummary = forwardRef<HTMLDivElement, FormErrorSummaryProps>(function FormErrorSummary(
  { message, messages, className, ...rest },
  ref,
) {
  const inner = useRef<HTMLDivElement>(null);
  useImperativeHandle(ref, () => inner.current as HTMLDivElement);
  const list = messages?.filter((m) => m !== '') ?? [];
  useRevealWhenShown(inner, list.length > 0 ? list.join('\n') : message);
  if (list.length === 0 && !message) return null;
  return (
    <div ref={inner} role="alert" className={cx(styles.root, revealMargin, className)} data-reveal="" {...rest}>
      <ErrorIcon size={18} className={styles.icon} />
      {list.length > 0 ? (
        <ul className={styles.list}>
          {list.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      ) : (
        <p className={styles.message}>{message}</p>
      )}
    </div>
  );
});
FormErrorSummary.displayName = 'FormErrorSummary';
