import { Card, Checkbox, Text } from '@fantasy-cricket/ui';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import type { ScorecardSheet } from '../../../data/operator/types';
import { fieldId, useProblemAt } from './problems';
import * as styles from './scorecard.css';
import { type ScorecardValues, usedBy } from './schema';

/** One team's squad: who batted or bowled is ticked already; the operator ticks the rest of the XI. */
function TeamPlayers({ sheet, team }: { sheet: ScorecardSheet; team: number }) {
  const { control } = useFormContext<ScorecardValues>();
  const t = sheet.Teams[team]!;
  const innings = useWatch({ control, name: 'Innings' });
  const used = new Set(usedBy({ Innings: innings }, String(t.TeamID)));
  const problem = useProblemAt(`Playing.${team}`);
  return (
    <Controller
      control={control}
      name={`AlsoPlayed.${team}`}
      render={({ field }) => {
        const ticked = new Set(field.value ?? []);
        const count = new Set([...used, ...ticked]).size;
        return (
          <fieldset className={styles.squad} id={fieldId(`Playing.${team}`)} tabIndex={-1}>
            <legend className={styles.legend}>
              {t.Name}: {count} {count === 1 ? 'player' : 'players'}
            </legend>
            {t.Players.map((p) => {
              const id = String(p.PlayerID);
              const auto = used.has(id);
              return (
                <Checkbox
                  key={id}
                  label={p.Name}
                  checked={auto || ticked.has(id)}
                  disabled={auto}
                  onChange={(e) => {
                    const next = new Set(ticked);
                    if (e.target.checked) next.add(id);
                    else next.delete(id);
                    field.onChange([...next]);
                  }}
                />
              );
            })}
            {t.Players.length === 0 ? <Text tone="muted">This team has no squad for the season yet.</Text> : null}
            {problem ? <p className={styles.problem}>{problem}</p> : null}
          </fieldset>
        );
      }}
    />
  );
}

/**
 * Who played: the XI of each side (and an impact player or substitute who came on). Batters and
 * bowlers count by themselves; tick those who did neither. A substitute who only fielded is not ticked.
 */
export function PlayersSection({ sheet }: { sheet: ScorecardSheet }) {
  const problem = useProblemAt('Playing');
  return (
    <Card title="Who played" headingLevel={2}>
      <div className={styles.stackBlock}>
        <Text tone="muted" size="sm">
          Players who batted or bowled are in already. Tick the rest of each XI (and an impact player who came on);
          leave out a substitute who only fielded.
        </Text>
        {problem ? <p className={styles.problem}>{problem}</p> : null}
        <TeamPlayers sheet={sheet} team={0} />
        <TeamPlayers sheet={sheet} team={1} />
      </div>
    </Card>
  );
}
