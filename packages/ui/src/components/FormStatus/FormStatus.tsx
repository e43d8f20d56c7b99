import { forwardRef, type HTMLAttributes, useImperativeHandle, useRef } from 'react';
import { cx } from '../_internal/cx';
import { InfoIcon, SuccessIcon } from '../_internal/icons';
import { useRevealWhenShown } from '../_internal/reveal';
import { revealMargin } from '../_internal/reveal.css';
import * as styles from './FormStatus.css';

export const formStatusKinds = ['success', 'info'] as const satisfies readonly FormStatusKind[];
export type FormStatusKind = 'success' | 'info';

export interface FormStatusProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** What the form or dialog just did ("… saved successfully!"). Nothing renders when empty. */
  message?: string;
  /** Default 'success'. */
  kind?: FormStatusKind;
}

/**
 * The form-level counterpart of `FormErrorSummary` for success and information: a box announced
 * politely (`role="status"`), shown in the form or dialog that caused it. When it appears or its
 * message changes it scrolls into view (the page, or the body of the Modal it is in), so a person who
 * pressed Save at the bottom of a long form or a scrolled dialog sees that it worked.
 */
export const FormStatus = forwardRef<HTMLDivElement, FormStatusProps>(function FormStatus(
  { message, kind = 'success', className, ...rest },
  ref,
) {
  const inner = useRef<HTMLDivElement>(null);
  useImperativeHandle(ref, () => inner.current as HTMLDivElement);
  useRevealWhenShown(inner, message);
  if (!message) return null;
  const Icon = kind === 'success' ? SuccessIcon : InfoIcon;
  return (
    <div
      ref={inner}
      role="status"
      data-kind={kind}
      data-reveal=""
      className={cx(styles.root, styles.kind[kind], revealMargin, className)}
      {...rest}
    >
      <Icon size={18} className={styles.icon} />
      <p className={styles.message}>{message}</p>
    </div>
  );
});
FormStatus.displayName = 'FormStatus';
