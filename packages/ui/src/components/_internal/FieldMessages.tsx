import { ErrorIcon } from './icons';
import * as styles from './field.css';

/** Builds the `aria-describedby` list for a field: error first, then hint, then extras. */
export function describedBy(...ids: Array<string | false | null | undefined>): string | undefined {
  const list = ids.filter(Boolean).join(' ');
  return list || undefined;
}

export function FieldHint({ id, children }: { id: string; children: string | undefined }) {
  if (!children) return null;
  return (
    <p id={id} className={styles.hint}>
      {children}
    </p>
  );
}

/**
 * The error text. Deliberately not a live region (no role="alert"): it is linked to
 * the control through `aria-describedby`, and the form announces a summary instead.
 */
export function FieldError({ id, children }: { id: string; children: string | undefined }) {
  if (!children) return null;
  return (
    <p id={id} className={styles.error}>
      <ErrorIcon size={16} className={styles.errorIcon} />
      <span>{children}</span>
    </p>
  );
}

export function FieldLabel({
  htmlFor,
  id,
  required,
  children,
}: {
  htmlFor?: string;
  id?: string;
  required?: boolean;
  children: React.ReactNode;
}) {
  return (
    <label htmlFor={htmlFor} id={id} className={styles.label}>
      {children}
      {required ? (
        <span className={styles.requiredMark} aria-hidden="true">
          *
        </span>
      ) : null}
    </label>
  );
}
