import * as styles from './console.css';
import type { BadgeTone } from './format';

/** A small labelled pill (a line's status, a run's outcome, a season's state). */
export function StatusBadge({ tone, children }: { tone: BadgeTone; children: string }) {
  return <span className={`${styles.badge} ${styles.tone[tone]}`}>{children}</span>;
}
