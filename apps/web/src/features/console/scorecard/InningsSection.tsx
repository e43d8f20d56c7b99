import { Button, Card, type SelectOption, Text } from '@fantasy-cricket/ui';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import type { ScorecardSheet, ScorecardTeam } from '../../../data/operator/types';
import { BattingRow } from './BattingRow';
import { BowlingRow } from './BowlingRow';
import { NumberField, Picker } from './fields';
import { fieldId, useProblemAt } from './problems';
import * as styles from './scorecard.css';
import { BOWLER_KINDS, emptyBatting, emptyBowling, type InningsValues, type ScorecardValues } from './schema';

/** A squad as picker options: the name, the position as the second line. */
export const playerOptions = (team: ScorecardTeam | undefined): SelectOption[] =>
  (team?.Players ?? []).map((p) => ({ value: String(p.PlayerID), label: p.Name, description: p.Position }));

const count = (v: string) => (v.trim() === '' || Number.isNaN(Number(v)) ? 0 : Number(v));
const ballsOf = (overs: string) => {
  const [o, b] = overs.trim().split('.');
  return count(o ?? '') * 6 + count(b ?? '');
};
const oversText = (balls: number) => `${Math.floor(balls / 6)}${balls % 6 ? `.${balls % 6}` : ''}`;

/** What the rows typed so far add up to, to set beside the printed total. */
function sumsOf(inn: InningsValues): string {
  const bat = inn.Batting.reduce((a, r) => a + count(r.Runs), 0);
  const e = inn.Extras;
  const extras = count(e.Byes) + count(e.LegByes) + count(e.Wides) + count(e.NoBalls) + count(e.Penalty);
  const outs = inn.Batting.filter(
    (r) => r.PlayerID && !['not out', 'retired hurt', 'retired not out'].includes(r.HowOut),
  ).length;
  const balls = inn.Bowling.reduce((a, r) => a + ballsOf(r.Overs), 0);
  const credited = inn.Batting.filter((r) => BOWLER_KINDS.has(r.HowOut)).length;
  const taken = inn.Bowling.reduce((a, r) => a + count(r.Wickets), 0);
  return `So far: batters ${bat} + extras ${extras} = ${bat + extras} runs, ${outs} out; bowlers ${oversText(balls)} overs, ${taken} wickets (${credited} credited by the batting).`;
}

export interface InningsSectionProps {
  index: number;
  /** The innings' place among the regular innings or the super overs (1, 2, …). */
  number: number;
  sheet: ScorecardSheet;
  onRemove?: (() => void) | undefined;
}

/** One innings: the batting side, its batters, the bowlers against it, extras and the total. */
export function InningsSection({ index, number, sheet, onRemove }: InningsSectionProps) {
  const { control, getValues, setValue } = useFormContext<ScorecardValues>();
  const inn = useWatch({ control, name: `Innings.${index}` });
  const batting = useFieldArray({ control, name: `Innings.${index}.Batting` });
  const bowling = useFieldArray({ control, name: `Innings.${index}.Bowling` });
  const battingTeam = sheet.Teams.find((t) => String(t.TeamID) === inn.TeamID);
  const fieldingTeam = battingTeam ? sheet.Teams.find((t) => t.TeamID !== battingTeam.TeamID) : undefined;
  const batters = playerOptions(battingTeam);
  const fielders = playerOptions(fieldingTeam);
  const teams = sheet.Teams.map((t) => ({ value: String(t.TeamID), label: t.Name }));
  const battingProblem = useProblemAt(`Innings.${index}.Batting`);
  const bowlingProblem = useProblemAt(`Innings.${index}.Bowling`);
  const title = `${inn.SuperOver ? `Super over ${number}` : `Innings ${number}`}${battingTeam ? `: ${battingTeam.Name}` : ''}`;

  /** The first innings' side chosen: the second (if not chosen yet) is the other side. */
  const chosen = (teamId: string) => {
    const all = getValues('Innings');
    const next = all.findIndex((x, i) => i > index && x.SuperOver === inn.SuperOver);
    const other = sheet.Teams.find((t) => String(t.TeamID) !== teamId);
    if (next >= 0 && other && (all[next]!.TeamID === '' || all[next]!.TeamID === teamId)) {
      setValue(`Innings.${next}.TeamID`, String(other.TeamID));
    }
  };

  return (
    <Card
      title={title}
      headingLevel={2}
      actions={
        onRemove ? (
          <Button type="button" variant="secondary" size="sm" onClick={onRemove}>
            Remove this innings
          </Button>
        ) : undefined
      }
    >
      <div className={styles.stackBlock}>
        <div className={styles.pair}>
          <Picker name={`Innings.${index}.TeamID`} label="Batting team" options={teams} onChosen={chosen} />
        </div>
        <div className={styles.stackBlock}>
          <h3 className={styles.subheading}>Batting</h3>
          {!battingTeam ? <Text tone="muted">Choose the batting team to pick its players.</Text> : null}
          <ul className={styles.rows} id={fieldId(`Innings.${index}.Batting`)} tabIndex={-1}>
            {batting.fields.map((f, j) => (
              <BattingRow
                key={f.id}
                innings={index}
                row={j}
                batters={batters}
                fielders={fielders}
                onRemove={() => batting.remove(j)}
              />
            ))}
          </ul>
          {battingProblem ? <p className={styles.problem}>{battingProblem}</p> : null}
          <div>
            <Button type="button" variant="secondary" onClick={() => batting.append(emptyBatting())}>
              Add batter
            </Button>
          </div>
        </div>
        <div className={styles.stackBlock}>
          <h3 className={styles.subheading}>Extras and total</h3>
          <div className={styles.numbers}>
            <NumberField name={`Innings.${index}.Extras.Byes`} label="Byes" />
            <NumberField name={`Innings.${index}.Extras.LegByes`} label="Leg byes" />
            <NumberField name={`Innings.${index}.Extras.Wides`} label="Wides" description="Runs from wides" />
            <NumberField name={`Innings.${index}.Extras.NoBalls`} label="No-balls" description="Runs from no-balls" />
            <NumberField name={`Innings.${index}.Extras.Penalty`} label="Penalty" />
          </div>
          <div className={styles.totals}>
            <NumberField name={`Innings.${index}.Total.Runs`} label="Total runs" />
            <NumberField name={`Innings.${index}.Total.Wickets`} label="Wickets" />
            <NumberField name={`Innings.${index}.Total.Overs`} label="Overs" overs />
          </div>
          <p className={styles.sums} aria-live="polite">
            {sumsOf(inn)}
          </p>
        </div>
        <div className={styles.stackBlock}>
          <h3 className={styles.subheading}>Bowling{fieldingTeam ? `: ${fieldingTeam.Name}` : ''}</h3>
          <ul className={styles.rows} id={fieldId(`Innings.${index}.Bowling`)} tabIndex={-1}>
            {bowling.fields.map((f, j) => (
              <BowlingRow key={f.id} innings={index} row={j} bowlers={fielders} onRemove={() => bowling.remove(j)} />
            ))}
          </ul>
          {bowlingProblem ? <p className={styles.problem}>{bowlingProblem}</p> : null}
          <div>
            <Button type="button" variant="secondary" onClick={() => bowling.append(emptyBowling())}>
              Add bowler
            </Button>
          </div>
        </div>
      </div>
    </Card>
  );
}
