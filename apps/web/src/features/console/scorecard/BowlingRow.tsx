import { Button, type SelectOption } from '@fantasy-cricket/ui';
import { NumberField, Picker, RowMessages } from './fields';
import { fieldId } from './problems';
import * as styles from './scorecard.css';

export interface BowlingRowProps {
  innings: number;
  row: number;
  bowlers: readonly SelectOption[];
  onRemove: () => void;
}

const FIGURES = [
  ['Overs', 'O', 'overs', 'overs'],
  ['Maidens', 'M', 'maidens', 'maidens'],
  ['Runs', 'R', 'runs', 'runs'],
  ['Wickets', 'W', 'wickets', 'wickets'],
  ['Wides', 'WD', 'wides', 'wides'],
  ['NoBalls', 'NB', 'no-balls', 'noBalls'],
] as const;

/** One bowler: who, overs (3.4), maidens, runs, wickets, wides and no-balls bowled. */
export function BowlingRow({ innings, row, bowlers, onRemove }: BowlingRowProps) {
  const base = `Innings.${innings}.Bowling.${row}` as const;
  const n = row + 1;
  const messageId = `${fieldId(base)}-message`;
  return (
    <li className={styles.bowlingRow} aria-label={`Bowler ${n}`}>
      <Picker name={`${base}.PlayerID`} label={`Bowler ${n}`} options={bowlers} className={styles.area.player} />
      {FIGURES.map(([field, label, words, area]) => (
        <NumberField
          key={field}
          name={`${base}.${field}`}
          label={label}
          description={`Bowler ${n} ${words}`}
          overs={field === 'Overs'}
          className={styles.area[area]}
          messageId={messageId}
        />
      ))}
      <Button
        type="button"
        variant="secondary"
        size="sm"
        className={`${styles.area.remove} ${styles.removeButton}`}
        aria-label={`Remove bowler ${n}`}
        onClick={onRemove}
      >
        Remove
      </Button>
      <RowMessages
        id={messageId}
        names={FIGURES.map(([field]) => `${base}.${field}`)}
        className={`${styles.area.message} ${styles.problem}`}
      />
    </li>
  );
}
