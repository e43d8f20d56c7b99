import { TEAM_RULE_LIMITS, teamMessages } from '@fantasy-cricket/rules';
import { Checkbox, QueryState, TextField } from '@fantasy-cricket/ui';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import type { LeagueTeamRules } from '../../../data/leagues/types';
import { teamRuleLines } from '../../../shared/scoring/teamRules';
import * as styles from './TeamRulesFields.css';
import type { TeamRulesValues } from './teamRulesSchema';

const L = TEAM_RULE_LIMITS;

export interface TeamRulesFieldsProps {
  /** The wizard's form of the rules (it lives in the popup, so the figures survive a step back and forth). */
  form: UseFormReturn<TeamRulesValues>;
  /** The stored rules; undefined while loading (or after a failed load, shown by the popup). */
  rules: LeagueTeamRules | undefined;
  loadFailed: boolean;
  /** The admin may change them: a Draft league in the wizard's edit mode. */
  editable: boolean;
}

/**
 * The "Team rules" part of step 1 of a Player Selection league (issue 27), under the player counts:
 * a budget in credits, the captain's and vice-captain's multipliers, the most players from one side
 * and the number of backups. Editable while the league is a Draft, saved with Save & Continue;
 * read-only otherwise.
 */
export function TeamRulesFields({ form, rules, loadFailed, editable }: TeamRulesFieldsProps) {
  return (
    <section className={styles.root} aria-labelledby="team-rules-heading">
      <h3 id="team-rules-heading" className={styles.heading}>
        Team rules
      </h3>
      {rules === undefined ? (
        loadFailed ? null : (
          <QueryState status="pending" loadingText="Loading team rules…" errorMessage="" />
        )
      ) : editable ? (
        <EditableRules form={form} />
      ) : (
        <ReadOnlyRules rules={rules} />
      )}
    </section>
  );
}

function EditableRules({ form }: { form: UseFormReturn<TeamRulesValues> }) {
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const [budgetOn, rolesOn, maxPerSideOn] = useWatch({ control, name: ['budgetOn', 'rolesOn', 'maxPerSideOn'] });
  const number = { type: 'number', inputMode: 'decimal' } as const;
  return (
    <>
      <p className={styles.intro}>Saved with Save &amp; Continue. They can be changed until the league is activated.</p>
      <div className={styles.rules}>
        <div className={styles.rule}>
          <Checkbox label="Budget" {...register('budgetOn')} />
          {budgetOn ? (
            <TextField
              label="Budget in credits"
              hint={`${L.budget.min}–${L.budget.max} credits for the whole team`}
              min={L.budget.min}
              max={L.budget.max}
              step={1}
              {...number}
              error={errors.budget?.message}
              {...register('budget')}
            />
          ) : null}
        </div>
        <div className={styles.rule}>
          <Checkbox label="Captain and vice-captain" {...register('rolesOn')} />
          {rolesOn ? (
            <div className={styles.pair}>
              <TextField
                label="Captain's multiplier"
                hint={`${L.multiplier.min}–${L.multiplier.max}, steps of 0.05`}
                min={L.multiplier.min}
                max={L.multiplier.max}
                step={0.05}
                {...number}
                error={errors.captain?.message}
                {...register('captain')}
              />
              <TextField
                label="Vice-captain's multiplier"
                hint={`${L.multiplier.min}–${L.multiplier.max}, steps of 0.05`}
                min={L.multiplier.min}
                max={L.multiplier.max}
                step={0.05}
                {...number}
                error={errors.viceCaptain?.message}
                {...register('viceCaptain')}
              />
            </div>
          ) : null}
        </div>
        <div className={styles.rule}>
          <Checkbox label="Most players from one side" {...register('maxPerSideOn')} />
          {maxPerSideOn ? (
            <TextField
              label="Players from one side, at most"
              hint={`${L.maxPerSide.min}–${L.maxPerSide.max} players`}
              min={L.maxPerSide.min}
              max={L.maxPerSide.max}
              step={1}
              type="number"
              inputMode="numeric"
              error={errors.maxPerSide?.message}
              {...register('maxPerSide')}
            />
          ) : null}
        </div>
        <div className={styles.rule}>
          <TextField
            label="Backups"
            hint={`${L.backups.min}–${L.backups.max} per team; ${L.backups.min}: no backups`}
            min={L.backups.min}
            max={L.backups.max}
            step={1}
            type="number"
            inputMode="numeric"
            error={errors.backups?.message}
            {...register('backups')}
          />
        </div>
      </div>
    </>
  );
}

function ReadOnlyRules({ rules }: { rules: LeagueTeamRules }) {
  return (
    <>
      <dl className={styles.list}>
        {teamRuleLines(rules).map((line) => (
          <div key={line.id} className={styles.item} data-testid="team-rule">
            <dt>{line.label}</dt>
            <dd>{line.value}</dd>
          </div>
        ))}
      </dl>
      {rules.IsLocked ? <p className={styles.note}>{teamMessages.rulesLocked}</p> : null}
    </>
  );
}
