import type { SelectOption } from '@fantasy-cricket/ui';
import { Button } from '@fantasy-cricket/ui';
import { useFormContext, useWatch } from 'react-hook-form';
import { NumberField, Picker } from './fields';
import * as styles from './scorecard.css';
import { BOWLER_KINDS, fieldersOf, HOW_OUT, type ScorecardValues } from './schema';

const howOutOptions = HOW_OUT.map((k) => ({ value: k, label: k[0]!.toUpperCase() + k.slice(1) }));

export interface BattingRowProps {
  innings: number;
  row: number;
  batters: readonly SelectOption[];
  fielders: readonly SelectOption[];
  onRemove: () => void;
}

/**
 * One batter: who, how out (with the bowler credited and the catcher, keeper or run-out fielders the
 * dismissal names), runs, balls, fours and sixes.
 */
export function BattingRow({ innings, row, batters, fielders, onRemove }: BattingRowProps) {
  const base = `Innings.${innings}.Batting.${row}` as const;
  const { control } = useFormContext<ScorecardValues>();
  const howOut = useWatch({ control, name: `${base}.HowOut` });
  const count = fieldersOf(howOut);
  const n = row + 1;
  return (
    <li className={styles.battingRow} aria-label={`Batter ${n}`}>
      <Picker name={`${base}.PlayerID`} label={`Batter ${n}`} options={batters} className={styles.wide} />
      <Picker name={`${base}.HowOut`} label="How out" options={howOutOptions} className={styles.wide} />
      {BOWLER_KINDS.has(howOut) ? (
        <Picker name={`${base}.BowlerID`} label="Bowler" options={fielders} className={styles.wide} />
      ) : (
        <span className={styles.spacer} aria-hidden="true" />
      )}
      {count > 0 ? (
        <div className={`${styles.wide} ${styles.fielders}`}>
          <Picker
            name={`${base}.FielderIDs.0`}
            label={howOut === 'stumped' ? 'Wicketkeeper' : howOut === 'caught' ? 'Caught by' : 'Fielder'}
            options={fielders}
            optional={howOut === 'run out'}
          />
          {count > 1 ? (
            <Picker name={`${base}.FielderIDs.1`} label="Second fielder" options={fielders} optional />
          ) : null}
        </div>
      ) : (
        <span className={styles.spacer} aria-hidden="true" />
      )}
      <NumberField name={`${base}.Runs`} label="R" description={`Batter ${n} runs`} />
      <NumberField name={`${base}.Balls`} label="B" description={`Batter ${n} balls`} />
      <NumberField name={`${base}.Fours`} label="4s" description={`Batter ${n} fours`} />
      <NumberField name={`${base}.Sixes`} label="6s" description={`Batter ${n} sixes`} />
      <Button
        type="button"
        variant="secondary"
        size="sm"
        className={styles.rowAction}
        aria-label={`Remove batter ${n}`}
        onClick={onRemove}
      >
        Remove
      </Button>
    </li>
  );
}
