import { zodResolver } from '@hookform/resolvers/zod';
import { Button, FormErrorSummary, Text, TextField } from '@fantasy-cricket/ui';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useClearVendorCredentialsMutation } from '../../../data/operator/vendor-credentials-clear-mutation';
import { useVendorCredentialsMutation } from '../../../data/operator/vendor-credentials-mutation';
import type { VendorStatus } from '../../../data/operator/types';
import { errorNotificationText, notifyError, notifySuccess } from '../../../shared/notify';
import * as styles from '../shared/console.css';
import { type CredentialField, type CredentialsValues, credentialFieldLabels, credentialsSchema } from './schema';

/**
 * The vendor's keys: checked by the vendor, then stored on the server. They are never shown again
 * (the fields start empty); "Forget the keys" removes the ones entered here.
 */
export function CredentialsForm({ status }: { status: VendorStatus }) {
  const fields = status.CredentialFields as CredentialField[];
  const save = useVendorCredentialsMutation();
  const clear = useClearVendorCredentialsMutation();
  const [formError, setFormError] = useState<string>();
  const empty = Object.fromEntries(fields.map((f) => [f, ''])) as CredentialsValues;
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CredentialsValues>({ resolver: zodResolver(credentialsSchema(fields)), defaultValues: empty });

  const onValid = async (values: CredentialsValues) => {
    setFormError(undefined);
    try {
      await save.mutateAsync({ vendor: status.Vendor, body: values });
      reset(empty);
      notifySuccess(`${status.Title} connected: its keys are stored on the server.`);
    } catch (error) {
      setFormError(errorNotificationText(error, 'The keys could not be checked. Please try again.'));
    }
  };

  const forget = async () => {
    try {
      await clear.mutateAsync(status.Vendor);
      notifySuccess(`The ${status.Title} keys entered here are forgotten.`);
    } catch (error) {
      notifyError(error, 'The keys could not be forgotten. Please try again.');
    }
  };

  return (
    <form
      noValidate
      className={styles.stack}
      aria-label={`${status.Title} keys`}
      onSubmit={handleSubmit(onValid, () => setFormError('Please correct the highlighted fields.'))}
    >
      <FormErrorSummary message={formError} />
      <Text size="sm" tone="muted">
        {status.CredentialsFrom === 'console'
          ? 'Keys entered here are in use. Enter new ones to replace them; they are never shown again.'
          : status.CredentialsFrom === 'environment'
            ? 'The server’s own keys are in use. Keys entered here take their place.'
            : `Enter the keys of your ${status.Title} plan. ${status.Title} is asked whether they work before they are stored.`}
      </Text>
      {fields.map((f) => (
        <TextField
          key={f}
          label={credentialFieldLabels[f]}
          type="password"
          autoComplete="off"
          spellCheck={false}
          required
          error={errors[f]?.message}
          {...register(f)}
        />
      ))}
      <div className={styles.actions}>
        <Button type="submit" loading={isSubmitting}>
          {status.Configured ? 'Replace the keys' : 'Connect'}
        </Button>
        {status.CredentialsFrom === 'console' ? (
          <Button variant="secondary" onClick={() => void forget()} loading={clear.isPending}>
            Forget the keys
          </Button>
        ) : null}
      </div>
    </form>
  );
}
