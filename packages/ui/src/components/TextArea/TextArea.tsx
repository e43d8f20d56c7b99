import { type ChangeEvent, forwardRef, type TextareaHTMLAttributes, useId, useState } from 'react';
import { cx } from '../_internal/cx';
import { describedBy, FieldError, FieldHint, FieldLabel } from '../_internal/FieldMessages';
import { VisuallyHidden } from '../_internal/VisuallyHidden';
import * as styles from './TextArea.css';

export interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  /** Visible label (required): names the field. */
  label: string;
  /** Error message; marks the field invalid and is linked through `aria-describedby`. */
  error?: string;
  /** Helper text under the field, linked through `aria-describedby`. */
  hint?: string;
  /** Native limit; when set, a "12 / 500" counter is shown under the field. */
  maxLength?: number;
}

function lengthOf(value: TextareaHTMLAttributes<HTMLTextAreaElement>['value']): number {
  if (value === undefined || value === null) return 0;
  return Array.isArray(value) ? value.join(',').length : String(value).length;
}

/**
 * A labelled multi-line input with the same contract as `TextField`
 * (ref to the `<textarea>`, react-hook-form `register` compatible).
 */
export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(
  {
    label,
    error,
    hint,
    id,
    className,
    required,
    maxLength,
    onChange,
    value,
    defaultValue,
    'aria-describedby': ariaDescribedBy,
    ...rest
  },
  ref,
) {
  const autoId = useId();
  const inputId = id ?? `ta-${autoId}`;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const counterId = `${inputId}-counter`;
  // Uncontrolled (react-hook-form `register`): track the length from input events.
  const [uncontrolledLength, setUncontrolledLength] = useState(() => lengthOf(defaultValue));
  const length = value !== undefined ? lengthOf(value) : uncontrolledLength;

  const handleChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    setUncontrolledLength(event.target.value.length);
    onChange?.(event);
  };

  const showCounter = typeof maxLength === 'number';
  const nearLimit = showCounter && length >= maxLength * 0.9;
  const atLimit = showCounter && length >= maxLength;

  return (
    <div className={cx(styles.root, className)} data-invalid={error ? '' : undefined}>
      <FieldLabel htmlFor={inputId} required={required}>
        {label}
      </FieldLabel>
      <textarea
        ref={ref}
        id={inputId}
        required={required}
        maxLength={maxLength}
        className={styles.textarea}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error && errorId, hint && hintId, showCounter && counterId, ariaDescribedBy)}
        value={value}
        defaultValue={defaultValue}
        onChange={handleChange}
        {...rest}
      />
      {hint || error || showCounter ? (
        <div className={styles.footer}>
          <div className={styles.messages}>
            <FieldHint id={hintId}>{hint}</FieldHint>
            <FieldError id={errorId}>{error}</FieldError>
          </div>
          {showCounter ? (
            <span
              id={counterId}
              className={styles.counter}
              data-near-limit={nearLimit && !atLimit ? '' : undefined}
              data-at-limit={atLimit ? '' : undefined}
            >
              {length} / {maxLength}
              <VisuallyHidden> characters</VisuallyHidden>
            </span>
          ) : null}
        </div>
      ) : null}
    </div>
  );
});
TextArea.displayName = 'TextArea';
