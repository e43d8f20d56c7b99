import { Button, type SelectOption } from '@fantasy-cricket/ui';
import { NumberField, Picker } from './fields';
import * as styles from './scorecard.css';

export interface BowlingRowProps {
  innings: number;
  row: number;
  bowlers: readonly SelectOption[];
  onRemove: () => void;
}

/** One bowler: who, overs (3.4), maidens, runs, wickets, wides and no-balls bowled. */
export function BowlingRow({ innings, row, bowlers, onRemove }: BowlingRowProps) {
  const base = `Innings.${innings}.Bowling.${row}` as const;
  const n = row + 1;
  return (
    <li className={styles.bowlingRow} aria-label={`Bowler ${n}`}>
      <Picker name={`${base}.PlayerID`} label={`Bowler ${n}`} options={bowlers} className={styles.wide} />
      <NumberField name={`${base}.Overs`} label="O" description={`Bowler ${n} overs`} overs />
      <NumberField name={`${base}.Maidens`} label="M" description={`Bowler ${n} maidens`} />
      <NumberField name={`${base}.Runs`} label="R" description={`Bowler ${n} runs`} />
      <NumberField name={`${base}.Wickets`} label="W" description={`Bowler ${n} wickets`} />
      <NumberField name={`${base}.Wides`} label="WD" description={`Bowler ${n} wides`} />
      <NumberField name={`${base}.NoBalls`} label="NB" description={`Bowler ${n} no-balls`} />
      <Button
        type="button"
        variant="secondary"
        size="sm"
        className={styles.rowAction}
        aria-label={`Remove bowler ${n}`}
        onClick={onRemove}
      >
        Remove
      </Button>
    </li>
  );
}
