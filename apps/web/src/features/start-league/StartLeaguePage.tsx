import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Card,
  Checkbox,
  Column,
  Columns,
  FormErrorSummary,
  QueryState,
  Select,
  TextArea,
  TextField,
} from '@fantasy-cricket/ui';
import { isLeagueTypeAllowed, LEAGUE_DESCRIPTION_MAX, messages } from '@fantasy-cricket/rules';
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { storedUserAtom } from '../../shared/atoms';
import { errorNotificationText, notifyError, notifySuccess } from '../../shared/notify';
import { useActiveSeriesQuery } from '../../data/leagues/active-series-query';
import { useCreateLeagueMutation } from '../../data/leagues/create-league-mutation';
import { useLeagueTypesQuery } from '../../data/leagues/league-types-query';
import { queryState } from '../../data/query-state';
import * as styles from '../../shared/leagues/leagues.css';
import { Page } from '../../shared/Page/Page';
import { defaultValues, parseSeries, type StartLeagueValues, schema, seriesLabel, seriesValue } from './schema';

const m = messages.startLeague;

/**
 * Start League (spec sections 2, 3, 5, 8): the create-league form. Public leagues may only use
 * Match Prediction, so the league types are re-filtered whenever the private toggle changes.
 */
export function StartLeaguePage() {
  const user = useAtomValue(storedUserAtom);
  const navigate = useNavigate();
  const leagueTypesQuery = useLeagueTypesQuery();
  const seriesQuery = useActiveSeriesQuery();
  const createLeague = useCreateLeagueMutation();
  const leagueTypes = leagueTypesQuery.data;
  const series = seriesQuery.data ?? [];
  const [formError, setFormError] = useState<string>();
  const {
    register,
    control,
    handleSubmit,
    watch,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(schema), mode: 'onTouched', defaultValues });

  const isPrivate = watch('isPrivate');
  const allowedTypes = useMemo(
    () => (leagueTypes ?? []).filter((type) => isLeagueTypeAllowed(type.Name, isPrivate)),
    [leagueTypes, isPrivate],
  );

  // A type that the new privacy setting no longer allows is cleared.
  useEffect(() => {
    const chosen = getValues('leagueTypeId');
    if (chosen && !allowedTypes.some((type) => String(type.ID) === chosen)) {
      setValue('leagueTypeId', '', { shouldValidate: false });
    }
  }, [allowedTypes, getValues, setValue]);

  const onValid = async (values: StartLeagueValues) => {
    setFormError(undefined);
    if (!user) return;
    const description = values.description.trim();
    try {
      // Resolves once the lists of leagues are reloaded.
      await createLeague.mutateAsync({
        Name: values.leagueName.trim(),
        Description: description,
        LeagueTypeID: Number(values.leagueTypeId),
        IsPrivate: values.isPrivate,
        ShowOthersPicks: values.showOthersPicks,
        ...parseSeries(values.series),
        AdminUserID: user.userId,
        AdminDisplayName: values.displayName.trim(),
      });
      notifySuccess(m.created);
      navigate('/home/view-my-leagues');
    } catch (error) {
      notifyError(error, m.createFailed);
    }
  };

  return (
    <Page
      title="Start a League"
      intro="Set up your league, pick the series, and share the code with your friends."
      width="wide"
    >
      <Card title="League details">
        <form
          noValidate
          className={styles.form}
          onSubmit={handleSubmit(onValid, () => setFormError(messages.common.fixForm))}
        >
          <FormErrorSummary message={formError} />
          {leagueTypesQuery.isError ? (
            <QueryState
              {...queryState(leagueTypesQuery)}
              loadingText=""
              errorMessage={errorNotificationText(leagueTypesQuery.error)}
            />
          ) : null}
          {seriesQuery.isError ? (
            <QueryState {...queryState(seriesQuery)} loadingText="" errorMessage={m.seriesFailed} />
          ) : null}
          <TextField label="League Name" required error={errors.leagueName?.message} {...register('leagueName')} />
          <TextArea
            label="League Description"
            rows={5}
            maxLength={LEAGUE_DESCRIPTION_MAX}
            placeholder="Describe your league's rules and format, e.g. prizes, how ties are settled, which matches count…"
            error={errors.description?.message}
            {...register('description')}
          />
          <div className={styles.checks}>
            <Checkbox label="Is Private League" {...register('isPrivate')} />
            <Checkbox label="Show Other Member's Picks" {...register('showOthersPicks')} />
          </div>
          <Columns gap="md" collapseBelow="sm">
            <Column>
              <Controller
                control={control}
                name="leagueTypeId"
                render={({ field, fieldState }) => (
                  <Select
                    label="League Type"
                    required
                    placeholder="Select a league type"
                    options={allowedTypes.map((type) => ({ value: String(type.ID), label: type.Name }))}
                    value={field.value}
                    onValueChange={field.onChange}
                    onBlur={field.onBlur}
                    error={fieldState.error?.message}
                    hint={isPrivate ? undefined : 'Public leagues use Match Prediction.'}
                  />
                )}
              />
            </Column>
            <Column>
              <Controller
                control={control}
                name="series"
                render={({ field, fieldState }) => (
                  <Select
                    label="Select Series"
                    required
                    placeholder="Select a series"
                    options={series.map((option) => ({ value: seriesValue(option), label: seriesLabel(option) }))}
                    value={field.value}
                    onValueChange={field.onChange}
                    onBlur={field.onBlur}
                    error={fieldState.error?.message}
                  />
                )}
              />
            </Column>
          </Columns>
          <TextField
            label={messages.join.gamerNameLabel}
            required
            autoComplete="nickname"
            hint="What the other members of this league will see."
            error={errors.displayName?.message}
            {...register('displayName')}
          />
          <div>
            <Button type="submit" loading={isSubmitting}>
              Create League
            </Button>
          </div>
        </form>
      </Card>
    </Page>
  );
}
