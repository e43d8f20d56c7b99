import type { LiveFixtureSummary } from '../../data/live/types';
import * as styles from './live.css';

export type FixtureState = 'upcoming' | 'live' | 'silent' | 'completed';

const LABEL: Record<FixtureState, string> = {
  upcoming: 'Upcoming',
  live: 'Live',
  silent: 'Live · waiting for the feed',
  completed: 'Completed',
};

/** A fixture's state as a chip: Upcoming, Live (pulsing dot), Live · waiting for the feed, Completed. */
export function LiveStateChip({ state }: { state: FixtureState }) {
  return (
    <span className={styles.state[state]} data-state={state}>
      {state === 'live' ? <span className={styles.dot} aria-hidden="true" /> : null}
      {LABEL[state]}
    </span>
  );
}

/** The chip's state of a live summary (scheduled → upcoming). */
export function stateOf(s: Pick<LiveFixtureSummary, 'State'>): FixtureState {
  return s.State === 'scheduled' ? 'upcoming' : s.State;
}

/** "Provisional": figures as if the match ended now, replaced by the final ones. */
export function ProvisionalMarker({ label = 'Provisional' }: { label?: string }) {
  return (
    <span className={styles.provisional} title="As if the match ended now: final figures replace these when it ends">
      {label}
    </span>
  );
}
