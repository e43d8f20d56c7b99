import * as styles from './picks.css';

/** Marks a pick made by the auto-pick model (text, not colour alone). */
export function AutoPickBadge() {
  return (
    <span className={styles.badge.auto} title="Picked for you by Auto-Picks by AI">
      Auto-pick
    </span>
  );
}

/** A pick against the result: a tick and 'Match', or a cross and 'Miss'. */
export function ResultBadge({ match }: { match: boolean }) {
  return (
    <span className={match ? styles.badge.match : styles.badge.break}>
      <span aria-hidden="true">{match ? '✓' : '✗'}</span>
      {match ? 'Match' : 'Miss'}
    </span>
  );
}

/** The signed-in user's own row. */
export function OwnBadge() {
  return <span className={styles.badge.neutral}>You</span>;
}
