import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, FormErrorSummary, TextField } from '@fantasy-cricket/ui';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { VendorStatus } from '../../../data/operator/types';
import { useVendorSettingsMutation } from '../../../data/operator/vendor-settings-mutation';
import { errorNotificationText, notifySuccess } from '../../../shared/notify';
import * as styles from '../shared/console.css';
import { type SettingsValues, settingsSchema } from './schema';

const valuesOf = (s: VendorStatus): SettingsValues => ({
  sync: s.Sync,
  scheduleMinutes: String(s.ScheduleMinutes),
  liveSeconds: String(s.LiveSeconds),
  lineupMinutes: String(s.LineupMinutes),
  dailyCallBudget: s.DailyCallBudget === null ? '' : String(s.DailyCallBudget),
});

/** How often the sync calls the vendor, and how many calls a day it may make. */
export function SettingsForm({ status }: { status: VendorStatus }) {
  const save = useVendorSettingsMutation();
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<SettingsValues>({ resolver: zodResolver(settingsSchema), values: valuesOf(status) });

  const onValid = async (v: SettingsValues) => {
    setFormError(undefined);
    try {
      const next = await save.mutateAsync({
        vendor: status.Vendor,
        body: {
          Sync: v.sync,
          ScheduleMinutes: Number(v.scheduleMinutes),
          LiveSeconds: Number(v.liveSeconds),
          LineupMinutes: Number(v.lineupMinutes),
          DailyCallBudget: v.dailyCallBudget === '' ? null : Number(v.dailyCallBudget),
        },
      });
      reset(valuesOf(next));
      notifySuccess('Sync settings saved.');
    } catch (error) {
      setFormError(errorNotificationText(error, 'The settings could not be saved. Please try again.'));
    }
  };

  return (
    <form
      noValidate
      className={styles.stack}
      aria-label={`${status.Title} sync settings`}
      onSubmit={handleSubmit(onValid, () => setFormError('Please correct the highlighted fields.'))}
    >
      <FormErrorSummary message={formError} />
      <Checkbox label="Sync the competition by itself" {...register('sync')} />
      <div className={styles.settingsGrid}>
        <TextField
          label="Schedule and squads every (minutes)"
          inputMode="numeric"
          error={errors.scheduleMinutes?.message}
          {...register('scheduleMinutes')}
        />
        <TextField
          label="Live match every (seconds)"
          inputMode="numeric"
          error={errors.liveSeconds?.message}
          {...register('liveSeconds')}
        />
        <TextField
          label="Line-ups from (minutes before the start)"
          inputMode="numeric"
          error={errors.lineupMinutes?.message}
          {...register('lineupMinutes')}
        />
        <TextField
          label="Calls a day at most"
          inputMode="numeric"
          hint="Your plan's allowance, or a share of it. Empty: no limit."
          error={errors.dailyCallBudget?.message}
          {...register('dailyCallBudget')}
        />
      </div>
      <div className={styles.actions}>
        <Button type="submit" variant="secondary" loading={isSubmitting}>
          Save settings
        </Button>
      </div>
    </form>
  );
}
