import { zodResolver } from '@hookform/resolvers/zod';
import { Button, FormErrorSummary, Modal, TextField } from '@fantasy-cricket/ui';
import { messages } from '@fantasy-cricket/rules';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useCreateSeasonMutation } from '../../../data/operator/create-season-mutation';
import { errorNotificationText, notifySuccess } from '../../../shared/notify';
import * as styles from '../shared/console.css';
import { type CreateSeasonValues, createSeasonDefaults, createSeasonSchema } from './schema';

const FORM_ID = 'create-season-form';

/** The new-season form in a dialog (a sheet on phones). A new season is inactive until activated. */
export function CreateSeasonModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const createSeason = useCreateSeasonMutation();
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CreateSeasonValues>({
    resolver: zodResolver(createSeasonSchema),
    mode: 'onTouched',
    defaultValues: createSeasonDefaults,
  });

  const close = (next: boolean) => {
    if (!next) {
      reset(createSeasonDefaults);
      setFormError(undefined);
    }
    onOpenChange(next);
  };

  const onValid = async (values: CreateSeasonValues) => {
    setFormError(undefined);
    try {
      const season = await createSeason.mutateAsync({
        Name: values.name.trim(),
        Competition: values.competition.trim(),
        Year: Number(values.year),
      });
      notifySuccess(`Season ${season.Name} created. Activate it when its schedule is in.`);
      close(false);
    } catch (error) {
      setFormError(errorNotificationText(error, 'The season could not be created. Please try again.'));
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="New season"
      description="Schedules, squads and Cricsheet files name their season by this name."
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" form={FORM_ID} loading={isSubmitting}>
            Create season
          </Button>
        </>
      }
    >
      <form
        id={FORM_ID}
        noValidate
        className={styles.stack}
        onSubmit={handleSubmit(onValid, () => setFormError(messages.common.checkForm))}
      >
        <FormErrorSummary message={formError} />
        <TextField label="Name" required placeholder="IPL 2025" error={errors.name?.message} {...register('name')} />
        <TextField
          label="Competition"
          required
          placeholder="Indian Premier League"
          error={errors.competition?.message}
          {...register('competition')}
        />
        <TextField
          label="Year"
          required
          inputMode="numeric"
          className={styles.numberInput}
          error={errors.year?.message}
          {...register('year')}
        />
      </form>
    </Modal>
  );
}
