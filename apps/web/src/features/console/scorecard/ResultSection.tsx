import { Card, Select, TextField } from '@fantasy-cricket/ui';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import type { ScorecardSheet } from '../../../data/operator/types';
import { NumberField, Picker, useFieldError } from './fields';
import { fieldId } from './problems';
import * as styles from './scorecard.css';
import { playingOf, type ScorecardValues } from './schema';

const kinds = [
  { value: 'win', label: 'A win' },
  { value: 'tie', label: 'A tie' },
  { value: 'no_result', label: 'No result' },
];

/** The toss, the result (winner and margin, or a tie and its super-over winner) and the player of the match. */
export function ResultSection({ sheet }: { sheet: ScorecardSheet }) {
  const { control, register } = useFormContext<ScorecardValues>();
  const values = useWatch({ control }) as ScorecardValues;
  const kind = values.Outcome?.Kind ?? 'win';
  const teams = sheet.Teams.map((t) => ({ value: String(t.TeamID), label: t.Name }));
  const playing = new Set(playingOf(values, sheet).flatMap((p) => p.PlayerIDs.map(String)));
  const players = sheet.Teams.flatMap((t) =>
    t.Players.filter((p) => playing.size === 0 || playing.has(String(p.PlayerID))).map((p) => ({
      value: String(p.PlayerID),
      label: p.Name,
      description: t.Code,
    })),
  );
  const methodError = useFieldError('Outcome.Method');
  return (
    <Card title="Toss and result" headingLevel={2}>
      <div className={styles.stackBlock}>
        <div className={styles.pair}>
          <NumberField name="OversPerInnings" label="Overs an innings" description="Overs an innings in this format" />
          <Picker name="TossWinnerTeamID" label="Toss won by" options={teams} optional placeholder="Not given" />
          <Picker
            name="TossDecision"
            label="Chose to"
            options={[
              { value: 'bat', label: 'Bat' },
              { value: 'field', label: 'Field' },
            ]}
            optional
            placeholder="Not given"
          />
        </div>
        <div className={styles.pair}>
          <Picker name="Outcome.Kind" label="Result" options={kinds} />
          {kind === 'win' ? <Picker name="Outcome.WinnerTeamID" label="Winner" options={teams} /> : null}
          {kind === 'tie' ? (
            <Picker
              name="Outcome.SuperOverWinnerTeamID"
              label="Super-over winner"
              options={teams}
              optional
              placeholder="No super over"
            />
          ) : null}
        </div>
        {kind === 'win' ? (
          <div className={styles.pair}>
            <NumberField name="Outcome.Margin" label="Won by" description="Winning margin" />
            <Controller
              control={control}
              name="Outcome.MarginKind"
              render={({ field }) => (
                <Select
                  id={fieldId('Outcome.MarginKind')}
                  label="Runs or wickets"
                  options={[
                    { value: 'runs', label: 'Runs' },
                    { value: 'wickets', label: 'Wickets' },
                  ]}
                  value={field.value}
                  onValueChange={field.onChange}
                />
              )}
            />
          </div>
        ) : null}
        {kind !== 'no_result' ? (
          <div className={styles.pair}>
            <TextField
              {...register('Outcome.Method')}
              id={fieldId('Outcome.Method')}
              label="Method (if any)"
              hint="D/L for a revised target: the margin then need not follow from the totals."
              error={methodError}
              autoComplete="off"
            />
            <Picker
              name="PlayerOfMatchID"
              label="Player of the match"
              options={players}
              optional
              placeholder="Not given"
            />
          </div>
        ) : null}
      </div>
    </Card>
  );
}
