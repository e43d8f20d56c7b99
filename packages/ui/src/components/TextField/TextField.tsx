import { forwardRef, type InputHTMLAttributes, useId } from 'react';
import { cx } from '../_internal/cx';
import { describedBy, FieldError, FieldHint, FieldLabel } from '../_internal/FieldMessages';
import * as styles from './TextField.css';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  /** Visible label (required): names the input. */
  label: string;
  /** Error message; marks the input invalid and is linked through `aria-describedby`. */
  error?: string;
  /** Helper text under the input, linked through `aria-describedby`. */
  hint?: string;
}

/**
 * A labelled text input. The ref and every other prop go to the `<input>`, so
 * `<TextField label="Email" {...register('email')} />` works with react-hook-form.
 * `className` styles the wrapper (label + input + messages).
 */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, id, className, required, type = 'text', 'aria-describedby': ariaDescribedBy, ...rest },
  ref,
) {
  const autoId = useId();
  const inputId = id ?? `tf-${autoId}`;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  return (
    <div className={cx(styles.root, className)} data-invalid={error ? '' : undefined}>
      <FieldLabel htmlFor={inputId} required={required}>
        {label}
      </FieldLabel>
      <input
        ref={ref}
        id={inputId}
        type={type}
        required={required}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error && errorId, hint && hintId, ariaDescribedBy)}
        {...rest}
      />
      <FieldHint id={hintId}>{hint}</FieldHint>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
});
TextField.displayName = 'TextField';
