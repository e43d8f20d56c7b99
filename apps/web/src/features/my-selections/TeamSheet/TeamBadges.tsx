import { formatCredits } from '@fantasy-cricket/rules';
import * as styles from '../../../shared/picks/picks.css';
import { timesText } from '../../../shared/scoring/teamRules';

/** A player's price for the fixture. */
export function PriceBadge({ price }: { price: number | undefined }) {
  if (price === undefined) return null;
  return <span className={styles.badge.neutral}>{formatCredits(price)} credits</span>;
}

/** In the announced XI or not (nothing before the XIs are announced). Text, not colour alone. */
export function PlayingBadge({ playing }: { playing: boolean | null | undefined }) {
  if (playing === true) return <span className={styles.badge.match}>Playing</span>;
  if (playing === false) return <span className={styles.badge.break}>Not playing</span>;
  return null;
}

/** The captain's or vice-captain's badge with the multiplier of his points. */
export function RoleBadge({ role, multiplier }: { role: 'C' | 'VC'; multiplier: number | null }) {
  const name = role === 'C' ? 'Captain' : 'Vice-captain';
  return (
    <span className={styles.badge.auto}>
      {name}
      {multiplier !== null ? ` · ${timesText(multiplier)}` : ''}
    </span>
  );
}
