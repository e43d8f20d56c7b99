import { countedPoints, messages, signedPoints, type TeamRules } from '@fantasy-cricket/rules';
import type { LeagueConfigurationItem, SelectionConfigItem } from '../../data/leagues/types';
import * as styles from './PointsTable.css';
import { hasTeamRules, teamRuleLines } from './teamRules';

const m = messages.scoring;

/** A league feature as it counts for a player: its points signed (a penalty is negative). */
export interface ScoringLine {
  id: number;
  name: string;
  description: string;
  points: number;
}

/**
 * The league's features split by how they count: those that earn points, those deducted (penalties,
 * shown with a minus sign), and those the league does not score (switched off or worth 0).
 */
export function scoringLines(features: readonly LeagueConfigurationItem[]) {
  const earned: ScoringLine[] = [];
  const deducted: ScoringLine[] = [];
  const off: string[] = [];
  for (const f of features) {
    const points = countedPoints(f.Points, f.Sign);
    if (!f.IsActive || points === 0) off.push(f.FeatureName);
    else
      (points > 0 ? earned : deducted).push({
        id: f.FeatureID,
        name: f.FeatureName,
        description: f.FeatureDescription,
        points,
      });
  }
  return { earned, deducted, off };
}

/** "Batsmen 4, Bowlers 4, Allrounders 2, Wicketkeeper 1" and the total, from the league's player counts. */
export function teamSlots(slots: readonly SelectionConfigItem[]): { text: string; total: number } {
  const active = slots.filter((s) => s.IsActive && s.Count > 0);
  const plural = (name: string, n: number) =>
    n === 1 ? name : name.endsWith('man') ? `${name.slice(0, -3)}men` : `${name}s`;
  return {
    text: active.map((s) => `${s.Count} ${plural(s.PositionTypeName, s.Count)}`).join(', '),
    total: active.reduce((sum, s) => sum + s.Count, 0),
  };
}

function Lines({ title, lines, tone }: { title: string; lines: ScoringLine[]; tone: 'earned' | 'deducted' }) {
  if (lines.length === 0) return null;
  const headingId = `scoring-${tone}`;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.heading}>
        {title}
      </h3>
      <ul className={styles.list}>
        {lines.map((line) => (
          <li key={line.id} className={styles.item} data-testid="scoring-line">
            <span className={styles.name}>{line.name}</span>
            <span className={`${styles.points} ${tone === 'earned' ? styles.earned : styles.deducted}`}>
              {signedPoints(line.points)}
            </span>
            {line.description ? <p className={styles.description}>{line.description}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * A Player Selection league's team rules (issue 27), those that are on: each with its figure on one
 * line and what it means under it, like the features. Nothing for a league without rules.
 */
function TeamRulesPart({ rules, failed }: { rules?: TeamRules | null; failed?: boolean }) {
  if (failed) {
    return (
      <section className={styles.section} aria-labelledby="scoring-team-rules">
        <h3 id="scoring-team-rules" className={styles.heading}>
          Team rules
        </h3>
        <p className={styles.note}>The team rules could not be loaded.</p>
      </section>
    );
  }
  if (!rules || !hasTeamRules(rules)) return null;
  return (
    <section className={styles.section} aria-labelledby="scoring-team-rules">
      <h3 id="scoring-team-rules" className={styles.heading}>
        Team rules
      </h3>
      <ul className={styles.list}>
        {teamRuleLines(rules)
          .filter((line) => line.on)
          .map((line) => (
            <li key={line.id} className={styles.rule} data-testid="team-rule">
              <span className={styles.ruleName}>{line.label}</span>
              <span className={styles.ruleValue}>{line.value}</span>
              {line.detail ? <p className={styles.ruleDetail}>{line.detail}</p> : null}
            </li>
          ))}
      </ul>
    </section>
  );
}

export interface PointsTableProps {
  /** The league's features and points (GET getConfigurationsForLeague). */
  features: readonly LeagueConfigurationItem[];
  /** Player Selection: the league's player counts per position; undefined for Match Prediction. */
  slots?: readonly SelectionConfigItem[] | null;
  playerSelection: boolean;
  /** Player Selection: the league's team rules (GET team_rules); a part of their own when any is on. */
  teamRules?: TeamRules | null;
  /** The team rules could not be loaded: the part says so (the points still show). */
  teamRulesFailed?: boolean;
}

/**
 * How a league scores, as a player reads it (decision 0034): each feature with its points signed as
 * they count and its description in full (not in a tooltip), points earned apart from points deducted,
 * the features the league does not score, and for Player Selection the team the league picks and its
 * team rules (budget, captain and vice-captain, most players from one side, backups). A list,
 * one feature per row (two columns on wide screens): readable on a phone without sideways scrolling.
 */
export function PointsTable({ features, slots, playerSelection, teamRules, teamRulesFailed }: PointsTableProps) {
  const { earned, deducted, off } = scoringLines(features);
  const team = slots ? teamSlots(slots) : null;
  return (
    <div className={styles.root} data-testid="points-table">
      <p className={styles.intro}>{playerSelection ? m.playerSelectionIntro : m.matchPredictionIntro}</p>
      {playerSelection ? (
        <section className={styles.section} aria-labelledby="scoring-team">
          <h3 id="scoring-team" className={styles.heading}>
            {m.team}
          </h3>
          <p className={styles.slots}>{team && team.total > 0 ? m.teamSlots(team.text, team.total) : m.noTeamSlots}</p>
        </section>
      ) : null}
      {playerSelection ? <TeamRulesPart rules={teamRules} failed={teamRulesFailed} /> : null}
      <Lines title={m.earned} lines={earned} tone="earned" />
      <Lines title={m.deducted} lines={deducted} tone="deducted" />
      {off.length > 0 ? <p className={styles.note}>{m.notScored(off.join(', '))}</p> : null}
    </div>
  );
}
