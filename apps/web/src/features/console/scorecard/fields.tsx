import { Select, type SelectOption, TextField } from '@fantasy-cricket/ui';
import { Controller, get, type Path, useFormContext } from 'react-hook-form';
import { fieldId, useProblemAt } from './problems';
import type { ScorecardValues } from './schema';

/** The message a field shows: the browser's check first, else the server's problem there. */
export function useFieldError(name: string): string | undefined {
  const {
    formState: { errors },
  } = useFormContext<ScorecardValues>();
  const own = (get(errors, name) as { message?: string } | undefined)?.message;
  const server = useProblemAt(name);
  return own ?? server;
}

export interface NumberFieldProps {
  name: Path<ScorecardValues>;
  label: string;
  /** What a screen reader hears instead of the short visible label ("Batter 3 runs"). */
  description?: string;
  /** Overs: a decimal keyboard and `3.4`. */
  overs?: boolean;
  className?: string;
  /**
   * The id of the row's message line: a narrow field in a row is marked invalid and described by the
   * row's line, where its message has the row's width (RowMessages).
   */
  messageId?: string;
}

/** A short figure (runs, balls, overs) typed as text: a numeric keyboard on phones, blank meaning 0. */
export function NumberField({ name, label, description, overs = false, className, messageId }: NumberFieldProps) {
  const { register } = useFormContext<ScorecardValues>();
  const error = useFieldError(name);
  return (
    <TextField
      {...register(name)}
      id={fieldId(name)}
      label={label}
      aria-label={description}
      inputMode={overs ? 'decimal' : 'numeric'}
      autoComplete="off"
      placeholder="0"
      className={className}
      {...(messageId
        ? { 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? messageId : undefined }
        : { error })}
    />
  );
}

/** The messages of a row's narrow fields, on a line of the row's width. */
export function RowMessages({ id, names, className }: { id: string; names: readonly string[]; className?: string }) {
  const messages = names.map(useFieldError).filter((m): m is string => Boolean(m));
  return (
    <p id={id} className={className} hidden={messages.length === 0}>
      {[...new Set(messages)].join(' ')}
    </p>
  );
}

/** The option of an optional picker that clears it (Radix Select takes no empty value). */
const NONE = '-';

export interface PickerProps {
  name: Path<ScorecardValues>;
  label: string;
  options: readonly SelectOption[];
  placeholder?: string;
  /** Offer "None" to clear the choice. */
  optional?: boolean;
  className?: string;
  /** Called after the choice changes, with the new value ('' for none). */
  onChosen?: (value: string) => void;
}

/** A labelled choice (a player, a team, how out) bound to the form, with its error. */
export function Picker({ name, label, options, placeholder, optional = false, className, onChosen }: PickerProps) {
  const { control } = useFormContext<ScorecardValues>();
  const error = useFieldError(name);
  const list = optional ? [{ value: NONE, label: 'None' }, ...options] : options;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Select
          id={fieldId(name)}
          label={label}
          options={list}
          value={typeof field.value === 'string' && field.value !== '' ? field.value : ''}
          placeholder={placeholder ?? (optional ? 'None' : 'Choose…')}
          onValueChange={(value) => {
            const next = value === NONE ? '' : value;
            field.onChange(next);
            onChosen?.(next);
          }}
          onBlur={field.onBlur}
          error={error}
          className={className}
        />
      )}
    />
  );
}
