import { Button, type SelectOption } from '@fantasy-cricket/ui';
import { useFormContext, useWatch } from 'react-hook-form';
import { NumberField, Picker, RowMessages } from './fields';
import { fieldId } from './problems';
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
 * One batter: who, runs, balls, fours and sixes, and how out — with the bowler credited and the
 * catcher, keeper or run-out fielders the dismissal names.
 */
export function BattingRow({ innings, row, batters, fielders, onRemove }: BattingRowProps) {
  const base = `Innings.${innings}.Batting.${row}` as const;
  const { control } = useFormContext<ScorecardValues>();
  const howOut = useWatch({ control, name: `${base}.HowOut` });
  const count = fieldersOf(howOut);
  const n = row + 1;
  const messageId = `${fieldId(base)}-message`;
  const figures = [`${base}.Runs`, `${base}.Balls`, `${base}.Fours`, `${base}.Sixes`] as const;
  return (
    <li className={styles.battingRow} aria-label={`Batter ${n}`}>
      <Picker name={`${base}.PlayerID`} label={`Batter ${n}`} options={batters} className={styles.area.player} />
      <NumberField
        name={figures[0]}
        label="R"
        description={`Batter ${n} runs`}
        className={styles.area.runs}
        messageId={messageId}
      />
      <NumberField
        name={figures[1]}
        label="B"
        description={`Batter ${n} balls`}
        className={styles.area.balls}
        messageId={messageId}
      />
      <NumberField
        name={figures[2]}
        label="4s"
        description={`Batter ${n} fours`}
        className={styles.area.fours}
        messageId={messageId}
      />
      <NumberField
        name={figures[3]}
        label="6s"
        description={`Batter ${n} sixes`}
        className={styles.area.sixes}
        messageId={messageId}
      />
      <Button
        type="button"
        variant="secondary"
        size="sm"
        className={`${styles.area.remove} ${styles.removeButton}`}
        aria-label={`Remove batter ${n}`}
        onClick={onRemove}
      >
        Remove
      </Button>
      <Picker name={`${base}.HowOut`} label="How out" options={howOutOptions} className={styles.area.howout} />
      {BOWLER_KINDS.has(howOut) ? (
        <Picker name={`${base}.BowlerID`} label="Bowler" options={fielders} className={styles.area.bowler} />
      ) : null}
      {count > 0 ? (
        <div className={`${styles.area.fielders} ${styles.fielders}`}>
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
      ) : null}
      <RowMessages id={messageId} names={figures} className={`${styles.area.message} ${styles.problem}`} />
    </li>
  );
}
