import { formatCredits, type TeamRules, type TeamSummary } from '@fantasy-cricket/rules';
import { Fragment } from 'react';
import { TeamCode } from '../../../shared/picks/TeamCode';
import type { Side } from './team';
import * as styles from './Team.css';

export interface CreditsBarProps {
  rules: TeamRules;
  summary: TeamSummary;
  sides: readonly Side[];
  /** Team code → colour (from the fixture). */
  colours: ReadonlyMap<string, string | null>;
  /** Players picked, of the slots. */
  picked: number;
  slots: number;
  /** False while the figures (and so the prices) load or when they failed: the credits are not shown. */
  pricesKnown: boolean;
  /** The figures are still loading (else, without prices, they failed). */
  pricesLoading?: boolean;
}

/** "15.5 credits left" or "4.5 credits over", or null without a budget. */
export function creditsLeftText(rules: TeamRules, summary: TeamSummary): string | null {
  if (rules.BudgetCredits === null || summary.creditsLeft === null) return null;
  return summary.creditsLeft < 0
    ? `${formatCredits(-summary.creditsLeft)} credits over`
    : `${formatCredits(summary.creditsLeft)} credits left`;
}

/** "MI 4/7 · RCB 3/7" (without a cap: "MI 4 · RCB 3"). */
export function sidesText(rules: TeamRules, summary: TeamSummary, sides: readonly Side[]): string {
  return sides
    .map(
      (s) =>
        `${s.code} ${summary.perSide.get(s.teamId) ?? 0}${rules.MaxPerSide === null ? '' : `/${rules.MaxPerSide}`}`,
    )
    .join(' · ');
}

/**
 * The team against the league's rules, kept in view at the top of the sheet while picking (sticky
 * under the app's header): credits used of the budget and what is left (red, and said, when over),
 * the players per side against the cap (red when over), and the players picked of the slots.
 */
export function CreditsBar({
  rules,
  summary,
  sides,
  colours,
  picked,
  slots,
  pricesKnown,
  pricesLoading = false,
}: CreditsBarProps) {
  const budget = rules.BudgetCredits;
  const over = summary.creditsLeft !== null && summary.creditsLeft < 0;
  const used = budget ? Math.min(100, (summary.credits / budget) * 100) : 0;
  return (
    <section className={styles.bar} aria-label="Your team" data-testid="credits-bar">
      {budget !== null ? (
        pricesKnown ? (
          <p className={styles.credits} data-testid="credits">
            <span>
              <span className={styles.creditsValue}>{formatCredits(summary.credits)}</span> / {formatCredits(budget)}{' '}
              credits
            </span>
            <span className={over ? styles.over : styles.left}>{creditsLeftText(rules, summary)}</span>
            <span className={styles.meter} aria-hidden="true">
              <span className={styles.meterFill} data-over={over || undefined} style={{ width: `${used}%` }} />
            </span>
          </p>
        ) : (
          <p className={styles.credits} data-testid="credits">
            Budget {formatCredits(budget)} credits · {pricesLoading ? 'loading prices…' : 'prices unavailable'}
          </p>
        )
      ) : null}
      <p className={styles.sides} data-testid="sides">
        {sides.map((s, i) => {
          const count = summary.perSide.get(s.teamId) ?? 0;
          const overCap = rules.MaxPerSide !== null && count > rules.MaxPerSide;
          return (
            <Fragment key={s.teamId}>
              {i > 0 ? (
                <span className={styles.separator} aria-hidden="true">
                  {' · '}
                </span>
              ) : null}
              <span className={styles.side} data-over={overCap || undefined}>
                <TeamCode code={s.code} colour={colours.get(s.code)} />{' '}
                <span>
                  {count}
                  {rules.MaxPerSide === null ? '' : `/${rules.MaxPerSide}`}
                </span>
                {overCap ? <span className={styles.srOnly}> (over the limit)</span> : null}
              </span>
            </Fragment>
          );
        })}
        <span className={styles.separator} aria-hidden="true">
          {' · '}
        </span>
        <span>
          {picked}/{slots} players
        </span>
      </p>
    </section>
  );
}
