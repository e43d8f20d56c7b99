import { formatCredits } from '@fantasy-cricket/rules';
import * as styles from '../../../shared/picks/picks.css';

/**
 * A multiplier as shown: "2×", "1.5×", "1.25×" (the rules package's `formatMultiplier` rounds to one
 * decimal, and an admin may choose steps of 0.05).
 */
export const timesText = (multiplier: number) => `${Math.round(multiplier * 100) / 100}×`;

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
