import { formatEtShort } from '@fantasy-cricket/rules';
import { useEffect, useState } from 'react';
import type { Fixture } from '../../../data/cricket/types';
import { fixtureState, LockCountdown } from '../../live/FixtureStates';
import { LiveStateChip } from '../../live/LiveState';
import { Lineup } from '../Lineup/Lineup';
import { TeamCode } from '../TeamCode';
import * as styles from './FixtureCard.css';

export interface FixtureCardProps {
  fixture: Fixture;
  /** The server's clock minus this device's (the state and the lock follow the server). */
  offsetMs: number;
  /** Extra text after the start time (e.g. the league type). */
  note?: string;
}

/**
 * The chosen fixture as a card: its name and state (Upcoming, Live, Completed), the
 * visiting and home teams with their codes and colours ('visitor @ home', as the spec's label), the
 * start time in the spec's format ('MM/dd h a ET'), while upcoming the countdown to the lock, and the
 * toss and playing XIs once announced.
 */
export function FixtureCard({ fixture: f, offsetMs, note }: FixtureCardProps) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 5_000);
    return () => clearInterval(t);
  }, []);
  const state = fixtureState(f, now + offsetMs);
  return (
    <section className={styles.card} aria-label={`Fixture: ${f.FixtureName}`} data-testid="fixture-card">
      <div className={styles.top}>
        <span className={styles.name}>{f.FixtureName}</span>
        <LiveStateChip state={state} />
      </div>
      <p className={styles.teams}>
        <span className={styles.team}>
          <TeamCode code={f.VisitorTeamCode} colour={f.VisitorTeamColour} />
          {f.VisitorTeamName}
        </span>
        <span className={styles.at}>@</span>
        <span className={styles.team}>
          <TeamCode code={f.LocalTeamCode} colour={f.LocalTeamColour} />
          {f.LocalTeamName}
        </span>
      </p>
      <div className={styles.meta}>
        <time dateTime={f.StartTime}>{formatEtShort(f.StartTime)}</time>
        {note ? <span>{note}</span> : null}
        {state === 'upcoming' || state === 'live' ? (
          <LockCountdown startTime={f.StartTime} offsetMs={offsetMs} />
        ) : null}
      </div>
      <Lineup lineup={f.Lineup} />
    </section>
  );
}
