import { Button, Text } from '@fantasy-cricket/ui';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useLiveTopics } from '../../data/live/LiveProvider';
import type { Fixture } from '../../data/cricket/types';
import { formatCountdown, useCountdown } from './countdown';
import { type FixtureState, LiveStateChip } from './LiveState';
import * as styles from './fixtureStates.css';

/** A league fixture's state for the player: upcoming until it starts, live, completed (no result/abandoned count as completed). */
export function fixtureState(f: Pick<Fixture, 'Status' | 'StartTime'>, serverNowMs: number): FixtureState {
  if (f.Status === 'live') return 'live';
  if (f.Status === 'completed' || f.Status === 'no_result' || f.Status === 'abandoned') return 'completed';
  return new Date(f.StartTime).getTime() <= serverNowMs ? 'live' : 'upcoming';
}

/** The fixtures around now: the last `before` finished ones, every live one, the next `after`. */
export function fixturesAroundNow(fixtures: readonly Fixture[], serverNowMs: number, before = 1, after = 3) {
  const sorted = [...fixtures].sort((a, b) => Date.parse(a.StartTime) - Date.parse(b.StartTime));
  const states = sorted.map((f) => ({ f, state: fixtureState(f, serverNowMs) }));
  const done = states.filter((s) => s.state === 'completed').slice(-before);
  const live = states.filter((s) => s.state === 'live');
  const next = states.filter((s) => s.state === 'upcoming').slice(0, after);
  return [...done, ...live, ...next];
}

/** "Picks lock in 4 min 09 s" for an upcoming fixture, ticking; "Picks are locked" once it started. */
export function LockCountdown({ startTime, offsetMs }: { startTime: string; offsetMs: number }) {
  const left = useCountdown(startTime, offsetMs);
  if (left === undefined) return null;
  return (
    <span className={styles.countdown} data-testid="lock-countdown">
      {left > 0 ? `Picks lock in ${formatCountdown(left)}` : 'Picks are locked: the match has started'}
    </span>
  );
}

/**
 * My Selections' fixture list: each fixture of the league around now with its state (Upcoming with
 * the countdown to its lock, Live, Completed) and a link to the Match Centre once it has started.
 * Fixtures turn live at their start time by the server's clock (`offsetMs`: server minus device).
 */
export function FixtureStates({ fixtures, offsetMs }: { fixtures: readonly Fixture[]; offsetMs: number }) {
  // States by the server's clock, re-read every few seconds: an upcoming fixture turns live at its start.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 5_000);
    return () => clearInterval(t);
  }, []);
  const rows = fixturesAroundNow(fixtures, now + offsetMs);
  // The live ones on the tab's stream: their completion reloads the fixture list (and so their state).
  useLiveTopics({ fixtures: rows.filter((r) => r.state === 'live').map((r) => r.f.FixtureID) });
  if (rows.length === 0) return null;
  return (
    <ul className={styles.list} aria-label="Fixtures of this league">
      {rows.map(({ f, state }) => (
        <li key={f.FixtureID} className={styles.row} data-fixture-state={state}>
          <span className={styles.name}>
            {f.FixtureName}
            <Text as="span" size="sm" tone="muted">
              {' '}
              {f.VisitorTeamCode} @ {f.LocalTeamCode}
            </Text>
          </span>
          <span className={styles.meta}>
            <LiveStateChip state={state} />
            {state === 'upcoming' ? <LockCountdown startTime={f.StartTime} offsetMs={offsetMs} /> : null}
            {state !== 'upcoming' ? (
              <Button asChild size="sm" variant="ghost">
                <Link to={`/home/match-centre/${f.FixtureID}`} aria-label={`Match Centre: ${f.FixtureName}`}>
                  Match Centre
                </Link>
              </Button>
            ) : null}
          </span>
        </li>
      ))}
    </ul>
  );
}
