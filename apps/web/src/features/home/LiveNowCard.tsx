import { Button, Card, QueryState, Text } from '@fantasy-cricket/ui';
import { Link } from 'react-router-dom';
import { useLiveFixturesQuery } from '../../data/live/live-fixtures-query';
import { useLiveTopics } from '../../data/live/LiveProvider';
import type { LiveFixtureSummary } from '../../data/live/types';
import { queryState } from '../../data/query-state';
import { formatCountdown, useCountdown } from '../../shared/live/countdown';
import { LiveStateChip, ProvisionalMarker, stateOf } from '../../shared/live/LiveState';
import * as styles from './liveNow.css';

function Score({ f }: { f: LiveFixtureSummary }) {
  if (f.Innings.length === 0) return <Text tone="muted">No balls bowled yet.</Text>;
  return (
    <ul className={styles.innings}>
      {f.Innings.map((i) => (
        <li key={i.Innings} className={styles.inningsLine}>
          <span>{i.Team}</span>
          {/* The score on a line of its own: as it grows ball by ball, no line re-wraps. */}
          <span className={styles.nowrap}>
            <strong className={styles.score}>
              {i.Runs}/{i.Wickets}
            </strong>{' '}
            <Text as="span" size="sm" tone="muted">
              ({i.Overs} ov)
            </Text>
          </span>
        </li>
      ))}
    </ul>
  );
}

function NextUp({ f }: { f: LiveFixtureSummary }) {
  const left = useCountdown(f.StartTime);
  return (
    <li className={styles.item}>
      <div className={styles.itemHead}>
        <span className={styles.name}>
          {f.LocalTeamName} v {f.VisitorTeamName}
        </span>
        <LiveStateChip state="upcoming" />
      </div>
      <Text size="sm" tone="muted">
        {f.FixtureName}
        <br />
        <span className={styles.nowrap}>
          {left !== undefined && left > 0 ? `Starts in ${formatCountdown(left)}` : 'Starting now'}
        </span>
      </Text>
      <Button asChild size="sm" variant="ghost">
        <Link to="/home/my-predictions">Make your picks</Link>
      </Button>
    </li>
  );
}

/** The card's heading: "Live now" only over a match being played, else what it shows. */
export function liveCardTitle(liveCount: number, hasNext: boolean): string {
  if (liveCount > 0) return 'Live now';
  return hasNext ? 'Next match' : 'Live matches';
}

/**
 * Home's "Live now": the fixtures being played (their score, following the live stream) with a link to
 * each one's Match Centre, or else — headed "Next match" — the next fixture to start with a countdown.
 */
export function LiveNowCard() {
  const list = useLiveFixturesQuery();
  const live = (list.data?.Live ?? []).filter((f) => f.State === 'live' || f.State === 'silent');
  useLiveTopics({ fixtures: live.map((f) => f.FixtureID) });
  const next = list.data?.Next[0];
  return (
    <Card title={list.isSuccess ? liveCardTitle(live.length, next !== undefined) : 'Live matches'}>
      <QueryState
        {...queryState(list)}
        loadingText="Loading live matches…"
        errorMessage="Live matches could not be loaded."
      >
        {() =>
          live.length > 0 ? (
            <ul className={styles.list}>
              {live.map((f) => (
                <li key={f.FixtureID} className={styles.item}>
                  <div className={styles.itemHead}>
                    <span className={styles.name}>
                      {f.LocalTeamName} v {f.VisitorTeamName}
                    </span>
                    <LiveStateChip state={stateOf(f)} />
                    {f.Provisional ? <ProvisionalMarker /> : null}
                  </div>
                  <Score f={f} />
                  <Button asChild size="sm">
                    <Link to={`/home/match-centre/${f.FixtureID}`} aria-label={`Match Centre: ${f.FixtureName}`}>
                      Match Centre
                    </Link>
                  </Button>
                </li>
              ))}
              {next ? <NextUp f={next} /> : null}
            </ul>
          ) : next ? (
            <ul className={styles.list}>
              <NextUp f={next} />
            </ul>
          ) : (
            <Text tone="muted">Nothing is live right now, and no fixture is scheduled.</Text>
          )
        }
      </QueryState>
    </Card>
  );
}
