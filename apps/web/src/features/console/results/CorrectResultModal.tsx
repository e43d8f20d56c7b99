import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Checkbox,
  Column,
  Columns,
  FormErrorSummary,
  Modal,
  QueryState,
  Select,
  Text,
  TextField,
} from '@fantasy-cricket/ui';
import { messages } from '@fantasy-cricket/rules';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useFixturePlayersQuery } from '../../../data/cricket/fixture-players-query';
import { queryState } from '../../../data/query-state';
import type { FixtureResultRequest, OperatorFixture } from '../../../data/operator/types';
import { errorNotificationText } from '../../../shared/notify';
import * as styles from '../shared/console.css';
import { type CorrectionValues, correctionDefaults, correctionSchema, correctionValuesOf } from './schema';

const FORM_ID = 'correct-result-form';

/** The request for a corrected result. */
export function correctionRequest(values: CorrectionValues): FixtureResultRequest {
  const tie = values.outcome === 'tie';
  const margin = values.margin === '' ? null : Number(values.margin);
  return {
    Status: 'completed',
    Tie: tie,
    WinnerTeamID: tie ? null : Number(values.winner),
    WonByRuns: !tie && values.marginKind === 'runs' ? margin : null,
    WonByWickets: !tie && values.marginKind === 'wickets' ? margin : null,
    Method: values.method === '' ? null : values.method,
    SuperOverWinnerTeamID: tie && values.superOverWinner ? Number(values.superOverWinner) : null,
    PlayerOfMatchIDs: values.players.map(Number),
  };
}

export interface CorrectResultModalProps {
  fixture: OperatorFixture | null;
  onOpenChange: (open: boolean) => void;
  /** Sends the correction; resolves when done, rejects with the API's error. */
  onSubmit: (fixture: OperatorFixture, body: FixtureResultRequest) => Promise<void>;
}

/**
 * Correct a fixture's result: a winner by runs or wickets (optionally a method such as D/L), or a tie
 * and its super-over winner, and up to three players of the match from the fixture's squads.
 */
export function CorrectResultModal({ fixture, onOpenChange, onSubmit }: CorrectResultModalProps) {
  const fixtureId = fixture?.FixtureID ?? 0;
  const players = useFixturePlayersQuery(fixtureId, { enabled: fixture !== null });
  const [formError, setFormError] = useState<string>();
  const {
    register,
    control,
    handleSubmit,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<CorrectionValues>({ resolver: zodResolver(correctionSchema), defaultValues: correctionDefaults });

  useEffect(() => {
    if (fixture) {
      reset(correctionValuesOf(fixture.Current));
      setFormError(undefined);
    }
  }, [fixture, reset]);

  const outcome = watch('outcome');
  const teams = useMemo(
    () =>
      fixture
        ? [
            { value: String(fixture.Home.TeamID), label: fixture.Home.Name },
            { value: String(fixture.Away.TeamID), label: fixture.Away.Name },
          ]
        : [],
    [fixture],
  );
  const byTeam = useMemo(() => {
    const groups = new Map<string, { PlayerID: number; PlayerFullName: string }[]>();
    for (const player of players.data ?? []) {
      const list = groups.get(player.TeamName) ?? [];
      list.push(player);
      groups.set(player.TeamName, list);
    }
    return [...groups.entries()];
  }, [players.data]);

  const submit = async (values: CorrectionValues) => {
    if (!fixture) return;
    setFormError(undefined);
    try {
      await onSubmit(fixture, correctionRequest(values));
    } catch (error) {
      setFormError(errorNotificationText(error, 'The result could not be saved. Please try again.'));
    }
  };

  return (
    <Modal
      open={fixture !== null}
      onOpenChange={onOpenChange}
      title={fixture ? `Correct the result: ${fixture.Name}` : 'Correct the result'}
      description={fixture?.Result ? `Now: ${fixture.Result}` : 'No result yet.'}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={FORM_ID} loading={isSubmitting}>
            Save result
          </Button>
        </>
      }
    >
      <form
        id={FORM_ID}
        noValidate
        className={styles.stack}
        onSubmit={handleSubmit(submit, () => setFormError(messages.common.checkForm))}
      >
        <FormErrorSummary message={formError} />
        <fieldset className={styles.radios}>
          <legend className={styles.label}>Outcome</legend>
          <label className={styles.radio}>
            <input type="radio" value="win" {...register('outcome')} />A team won
          </label>
          <label className={styles.radio}>
            <input type="radio" value="tie" {...register('outcome')} />
            Tie
          </label>
        </fieldset>
        {outcome === 'win' ? (
          <>
            <Controller
              control={control}
              name="winner"
              render={({ field, fieldState }) => (
                <Select
                  label="Winner"
                  required
                  placeholder="Choose the winner"
                  options={teams}
                  value={field.value}
                  onValueChange={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                />
              )}
            />
            <Columns gap="sm" collapseBelow="sm">
              <Column>
                <fieldset className={styles.radios}>
                  <legend className={styles.label}>Won by</legend>
                  <label className={styles.radio}>
                    <input type="radio" value="runs" {...register('marginKind')} />
                    Runs
                  </label>
                  <label className={styles.radio}>
                    <input type="radio" value="wickets" {...register('marginKind')} />
                    Wickets
                  </label>
                </fieldset>
              </Column>
              <Column>
                <TextField
                  label="Margin"
                  inputMode="numeric"
                  hint="Leave empty when there is no margin (e.g. an award)."
                  error={errors.margin?.message}
                  {...register('margin')}
                />
              </Column>
            </Columns>
            <TextField
              label="Method"
              hint="e.g. D/L; empty for none."
              error={errors.method?.message}
              {...register('method')}
            />
          </>
        ) : (
          <Controller
            control={control}
            name="superOverWinner"
            render={({ field }) => (
              <Select
                label="Super-over winner"
                placeholder="None (no super over)"
                options={teams}
                value={field.value}
                onValueChange={field.onChange}
                onBlur={field.onBlur}
              />
            )}
          />
        )}
        <fieldset className={styles.fieldset} aria-describedby="pom-hint">
          <legend className={styles.label}>Players of the match</legend>
          <Text id="pom-hint" size="sm" tone="muted">
            Up to 3, from the fixture’s squads.
          </Text>
          <QueryState
            {...queryState(players)}
            loadingText="Loading the squads…"
            errorMessage={errorNotificationText(players.error, 'The squads could not be loaded.')}
            isEmpty={(players.data ?? []).length === 0}
            emptyMessage="No squads for this fixture."
          >
            <Controller
              control={control}
              name="players"
              render={({ field }) => (
                <div className={styles.stack}>
                  {byTeam.map(([team, list]) => (
                    <div key={team} className={styles.field}>
                      <Text as="span" size="sm" weight="semibold">
                        {team}
                      </Text>
                      <div className={styles.choices}>
                        {list.map((player) => {
                          const id = String(player.PlayerID);
                          const checked = field.value.includes(id);
                          return (
                            <Checkbox
                              key={id}
                              label={player.PlayerFullName}
                              checked={checked}
                              onChange={(event) =>
                                field.onChange(
                                  event.target.checked ? [...field.value, id] : field.value.filter((v) => v !== id),
                                )
                              }
                            />
                          );
                        })}
                      </div>
                    </div>
                  ))}
                </div>
              )}
            />
          </QueryState>
          {errors.players?.message ? (
            <Text size="sm" tone="error">
              {errors.players.message}
            </Text>
          ) : null}
        </fieldset>
      </form>
    </Modal>
  );
}
