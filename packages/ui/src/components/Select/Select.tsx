import * as RadixSelect from '@radix-ui/react-select';
import { forwardRef, useId } from 'react';
import { cx } from '../_internal/cx';
import { describedBy, FieldError, FieldHint, FieldLabel } from '../_internal/FieldMessages';
import { CheckIcon, ChevronDownIcon, ChevronUpIcon } from '../_internal/icons';
import { VisuallyHidden } from '../_internal/VisuallyHidden';
import * as styles from './Select.css';

export interface SelectOption {
  value: string;
  label: string;
  /**
   * A second line under the label in the open menu (for example a player's recent form), read as part
   * of the option's name after the label. The closed field shows only the label.
   */
  description?: string;
  disabled?: boolean;
}

export interface SelectProps {
  /** Visible label (required): names the combobox. */
  label: string;
  /** Keep the label for assistive technology only (e.g. a select in a table cell whose row names it). */
  labelHidden?: boolean;
  options: readonly SelectOption[];
  /** Controlled value. Pass `''` to show the placeholder again. */
  value?: string;
  /** Initial value (uncontrolled). */
  defaultValue?: string;
  /** Called with the chosen option's `value`. */
  onValueChange?: (value: string) => void;
  /** Shown while nothing is chosen (default 'Select…'). */
  placeholder?: string;
  /** Error message; marks the field invalid and is linked through `aria-describedby`. */
  error?: string;
  /** Helper text under the field, linked through `aria-describedby`. */
  hint?: string;
  /** Not focusable and cannot be opened. */
  disabled?: boolean;
  /** Form field name; a hidden native select carries the value in form submissions. */
  name?: string;
  /** Marks the label and sets `aria-required`. */
  required?: boolean;
  /** id of the trigger (the label points to it); generated when absent. */
  id?: string;
  /** Styles the wrapper. */
  className?: string;
  /** Called when the trigger loses focus (e.g. react-hook-form's `onBlur`). */
  onBlur?: () => void;
  /** Open/close notifications (e.g. to mark the field touched). */
  onOpenChange?: (open: boolean) => void;
  /** Start with the menu open (uncontrolled); mainly for documentation and tests of the open state. */
  defaultOpen?: boolean;
}

/**
 * A labelled single-choice dropdown on Radix Select: full keyboard support
 * (Space/Enter/arrows to open, type-ahead, Escape to close). The ref goes to the
 * trigger button (`role="combobox"`).
 */
export const Select = forwardRef<HTMLButtonElement, SelectProps>(function Select(
  {
    label,
    labelHidden = false,
    options,
    value,
    defaultValue,
    onValueChange,
    placeholder = 'Select…',
    error,
    hint,
    disabled,
    name,
    required,
    id,
    className,
    onBlur,
    onOpenChange,
    defaultOpen,
  },
  ref,
) {
  const autoId = useId();
  const triggerId = id ?? `sel-${autoId}`;
  const errorId = `${triggerId}-error`;
  const hintId = `${triggerId}-hint`;
  return (
    <div className={cx(styles.root, className)} data-invalid={error ? '' : undefined}>
      {labelHidden ? (
        <VisuallyHidden>
          <FieldLabel htmlFor={triggerId} required={required}>
            {label}
          </FieldLabel>
        </VisuallyHidden>
      ) : (
        <FieldLabel htmlFor={triggerId} required={required}>
          {label}
        </FieldLabel>
      )}
      <RadixSelect.Root
        value={value}
        defaultValue={defaultValue}
        onValueChange={onValueChange}
        onOpenChange={onOpenChange}
        defaultOpen={defaultOpen}
        disabled={disabled}
        name={name}
        required={required}
      >
        <RadixSelect.Trigger
          ref={ref}
          id={triggerId}
          className={styles.trigger}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={describedBy(error && errorId, hint && hintId)}
          onBlur={onBlur}
        >
          <span className={styles.value}>
            <RadixSelect.Value placeholder={placeholder} />
          </span>
          <RadixSelect.Icon asChild>
            <ChevronDownIcon size={18} className={styles.chevron} />
          </RadixSelect.Icon>
        </RadixSelect.Trigger>
        <RadixSelect.Portal>
          <RadixSelect.Content className={styles.content} position="popper" sideOffset={6} collisionPadding={8}>
            <RadixSelect.ScrollUpButton className={styles.scrollButton}>
              <ChevronUpIcon size={16} />
            </RadixSelect.ScrollUpButton>
            <RadixSelect.Viewport className={styles.viewport}>
              {options.map((option, index) => {
                // With a description, the option's name is its label and then its description: the
                // whole visible text (WCAG 2.5.3); the closed field still shows the label only.
                const ids = option.description
                  ? { label: `${triggerId}-option-${index}`, description: `${triggerId}-option-${index}-description` }
                  : null;
                return (
                  <RadixSelect.Item
                    key={option.value}
                    value={option.value}
                    disabled={option.disabled}
                    className={styles.item}
                    {...(ids ? { 'aria-labelledby': `${ids.label} ${ids.description}` } : {})}
                  >
                    <RadixSelect.ItemIndicator className={styles.itemIndicator}>
                      <CheckIcon size={16} />
                    </RadixSelect.ItemIndicator>
                    {ids ? (
                      <span className={styles.itemBody}>
                        <span id={ids.label}>
                          <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
                        </span>
                        <span id={ids.description} className={styles.itemDescription}>
                          {option.description}
                        </span>
                      </span>
                    ) : (
                      <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
                    )}
                  </RadixSelect.Item>
                );
              })}
            </RadixSelect.Viewport>
            <RadixSelect.ScrollDownButton className={styles.scrollButton}>
              <ChevronDownIcon size={16} />
            </RadixSelect.ScrollDownButton>
          </RadixSelect.Content>
        </RadixSelect.Portal>
      </RadixSelect.Root>
      <FieldHint id={hintId}>{hint}</FieldHint>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
});
Select.displayName = 'Select';
