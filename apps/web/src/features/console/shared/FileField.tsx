import { Text } from '@fantasy-cricket/ui';
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import * as styles from './console.css';

export interface FileFieldProps {
  label: string;
  /** The input's `accept` list (extensions and media types). */
  accept: string;
  multiple?: boolean;
  /** The field's validation message, shown under it and announced with it. */
  error?: string | undefined;
  /** `register('files')` of the form. */
  registration: UseFormRegisterReturn;
}

/** A labelled file input of a console form, with its validation message (uploads of schedules, squads, results). */
export function FileField({ label, accept, multiple, error, registration }: FileFieldProps) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        id={id}
        type="file"
        multiple={multiple}
        accept={accept}
        className={styles.fileInput}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...registration}
      />
      {error ? (
        <Text id={`${id}-error`} size="sm" tone="error">
          {error}
        </Text>
      ) : null}
    </div>
  );
}
