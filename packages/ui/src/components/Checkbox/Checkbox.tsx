import { forwardRef, type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { cx } from '../_internal/cx';
import { describedBy, FieldError } from '../_internal/FieldMessages';
import { CheckIcon } from '../_internal/icons';
import * as styles from './Checkbox.css';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  /** Visible label beside the box; the whole label toggles it. May contain links. */
  label: ReactNode;
  /** Error message under the label; marks the input invalid and is linked through `aria-describedby`. */
  error?: string;
}

/**
 * A native `<input type="checkbox">` with custom styling. The ref goes to the
 * input, so `<Checkbox label="I accept" {...register('terms')} />` works.
 * `className` styles the wrapper.
 */
export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox(
  { label, error, id, className, disabled, 'aria-describedby': ariaDescribedBy, ...rest },
  ref,
) {
  const autoId = useId();
  const inputId = id ?? `cb-${autoId}`;
  const errorId = `${inputId}-error`;
  return (
    <div className={cx(styles.root, className)}>
      <label htmlFor={inputId} className={styles.row} data-disabled={disabled ? '' : undefined}>
        <span className={styles.control}>
          <input
            ref={ref}
            id={inputId}
            type="checkbox"
            disabled={disabled}
            className={styles.input}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(error && errorId, ariaDescribedBy)}
            {...rest}
          />
          <CheckIcon className={styles.check} size={16} />
        </span>
        <span className={styles.labelText}>{label}</span>
      </label>
      {error ? (
        <div className={styles.errorWrap}>
          <FieldError id={errorId}>{error}</FieldError>
        </div>
      ) : null}
    </div>
  );
});
Checkbox.displayName = 'Checkbox';
