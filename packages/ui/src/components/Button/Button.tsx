import { Slot } from '@radix-ui/react-slot';
import { type ButtonHTMLAttributes, forwardRef } from 'react';
import { cx } from '../_internal/cx';
import { Spinner } from '../Spinner/Spinner';
import * as styles from './Button.css';

/** Option lists, reused by stories and by apps that build variant pickers. */
export const buttonVariants = [
  'primary',
  'secondary',
  'ghost',
  'danger',
  'link',
] as const satisfies readonly ButtonVariant[];
export const buttonSizes = ['sm', 'md', 'lg'] as const satisfies readonly ButtonSize[];

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'link';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** `primary`: the main action (one per view); `secondary`: alternatives; `ghost`: quiet actions in rows;
   * `danger`: destroying or rejecting; `link`: a button that looks like a text link. */
  variant?: ButtonVariant;
  /** Height and padding: `sm` 32px (dense rows), `md` 40px, `lg` 48px. */
  size?: ButtonSize;
  /** Shows a spinner over the label, sets `aria-busy` and disables the button. */
  loading?: boolean;
  /** Stretch to the container's width (a single main action on a phone screen). */
  fullWidth?: boolean;
  /** Render the single child element (e.g. a router `<Link>` or `<a>`) with button styles. */
  asChild?: boolean;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  {
    variant = 'primary',
    size = 'md',
    loading = false,
    fullWidth = false,
    asChild = false,
    disabled,
    className,
    children,
    type,
    ...rest
  },
  ref,
) {
  const classes = cx(styles.button({ variant, size, fullWidth }), className);
  const spinnerSize = size === 'lg' ? 'md' : 'sm';

  if (asChild) {
    const inactive = disabled || loading;
    return (
      <Slot
        ref={ref}
        className={classes}
        aria-busy={loading || undefined}
        aria-disabled={inactive || undefined}
        data-variant={variant}
        {...rest}
      >
        {children}
      </Slot>
    );
  }

  return (
    <button
      ref={ref}
      type={type ?? 'button'}
      className={classes}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      data-variant={variant}
      {...rest}
    >
      {loading ? (
        <>
          <span className={styles.labelHidden}>{children}</span>
          <span className={styles.spinnerLayer}>
            <Spinner size={spinnerSize} />
          </span>
        </>
      ) : (
        children
      )}
    </button>
  );
});
Button.displayName = 'Button';
