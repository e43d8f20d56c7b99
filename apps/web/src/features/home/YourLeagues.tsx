import { messages } from '@fantasy-cricket/rules';
import { Button, Card, QueryState, Text } from '@fantasy-cricket/ui';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { type HomeFixture, type HomeLeague, type HomeSummary, missingPicks } from '../../data/home/types';
import { queryState } from '../../data/query-state';
import { leaderboardLink, matchCentreLink, picksLink } from '../../shared/leagues/links';
import { formatCountdown, useCountdown } from '../../shared/live/countdown';
import { LiveStateChip } from '../../shared/live/LiveState';
import { homeScreen } from '../../shared/navigation';
import * as styles from './home.css';
import type { HomeLayout } from './layoutMemory';
import { Bone, SkeletonLeagues } from './Skeleton';

const m = messages.home;

/** "HH v DK" */
const teams = (f: HomeFixture) => `${f.LocalTeamCode} v ${f.VisitorTeamCode}`;

/** "in 2 h 05 min" until `at` by the server's clock, then "now". */
function Countdown({ at, offsetMs }: { at: string; offsetMs: number }) {
  const left = useCountdown(at, offsetMs);
  return <>{left !== undefined && left > 0 ? `in ${formatCountdown(left)}` : 'now'}</>;
}

const points = (p: number) => (Number.isInteger(p) ? String(p) : p.toFixed(1));

function Rank({ league }: { league: HomeLeague }) {
  if (league.Position === null || league.Points === null) {
    return (
      <div className={styles.rank}>
        <span className={styles.rankNote}>
          {league.Members} {league.Members === 1 ? 'member' : 'members'}
        </span>
      </div>
    );
  }
  const label = `Rank ${league.Position} of ${league.Members}, ${points(league.Points)} points`;
  return (
    <div className={styles.rank} role="img" aria-label={label} title={label}>
      <span className={styles.rankNumber} aria-hidden="true">
        #{league.Position}
      </span>
      <span className={styles.rankNote} aria-hidden="true">
        of {league.Members} · {points(league.Points)} pts
      </span>
    </div>
  );
}

/** What the player can do next in the league: picks, approval, activation, or nothing. */
function NextStep({ league, offsetMs }: { league: HomeLeague; offsetMs: number }) {
  const next = league.NextFixture;
  if (league.MemberStatus === 'Pending') {
    return (
      <div className={styles.step}>
        <Text as="span" className={styles.stepText} tone="muted">
          {m.waitingApproval}
        </Text>
        <Button asChild size="sm" variant="ghost">
          <Link to="/home/view-my-leagues">{homeScreen('view-my-leagues').label}</Link>
        </Button>
      </div>
    );
  }
  if (league.Status === 'Draft') {
    return (
      <div className={styles.step}>
        <Text as="span" className={styles.stepText} tone="muted">
          {league.IsAdmin
            ? 'Draft: set it up and activate it in My Leagues, then picks open.'
            : 'Draft: picks open once the admin activates it.'}
        </Text>
        <Button asChild size="sm" variant="ghost">
          <Link to="/home/view-my-leagues">{homeScreen('view-my-leagues').label}</Link>
        </Button>
      </div>
    );
  }
  if (next) {
    const missing = next.PicksMade < next.PicksNeeded;
    return (
      <div className={styles.step}>
        <div className={styles.stepText}>
          <span>
            {missing ? null : <span className={styles.done}>✓ Picks made · </span>}
            {next.FixtureName} · {teams(next)}
            {missing && next.PicksMade > 0 ? ` · ${next.PicksMade} of ${next.PicksNeeded} picked` : null}
          </span>
          <span className={styles.countdown}>
            Locks <Countdown at={next.StartTime} offsetMs={offsetMs} />
          </span>
        </div>
        <Button asChild size="sm" variant={missing ? 'primary' : 'secondary'}>
          <Link
            to={picksLink(league.LeagueID)}
            aria-label={`${missing ? m.makePicks : 'Edit picks'}: ${league.LeagueName}`}
          >
            {missing ? m.makePicks : 'Edit picks'}
          </Link>
        </Button>
      </div>
    );
  }
  return (
    <div className={styles.step}>
      <Text as="span" className={styles.stepText} tone="muted">
        {league.Status === 'Finished' ? 'Finished: no fixtures left.' : 'No fixture to pick right now.'}
      </Text>
      <Button asChild size="sm" variant="ghost">
        <Link to={leaderboardLink(league.LeagueID)} aria-label={`Leaderboard: ${league.LeagueName}`}>
          Leaderboard
        </Link>
      </Button>
    </div>
  );
}

function LeagueRow({ league, offsetMs }: { league: HomeLeague; offsetMs: number }) {
  const ranked = league.Position !== null;
  return (
    <li className={styles.league}>
      <div className={styles.leagueHead}>
        {ranked ? (
          <Link className={styles.leagueName} to={leaderboardLink(league.LeagueID)}>
            {league.LeagueName}
          </Link>
        ) : (
          <span className={styles.leagueName}>{league.LeagueName}</span>
        )}
        <Text as="span" size="sm" tone="muted">
          {league.LeagueTypeName} · {league.IsPrivate ? 'Private' : 'Public'}
        </Text>
      </div>
      <Rank league={league} />
      <NextStep league={league} offsetMs={offsetMs} />
      {league.LiveFixtures.map((f) => (
        <div key={f.FixtureID} className={styles.liveStep}>
          <LiveStateChip state="live" />
          <span>
            {f.FixtureName} · {teams(f)}
          </span>
          <Button asChild size="sm" variant="secondary">
            <Link
              to={matchCentreLink(f.FixtureID, league.LeagueID)}
              aria-label={`Match Centre: ${f.FixtureName}, ${league.LeagueName}`}
            >
              Match Centre
            </Link>
          </Button>
        </div>
      ))}
    </li>
  );
}

/** The soonest fixture with picks still to make, and the leagues that miss them. */
function NextLock({ leagues, offsetMs }: { leagues: readonly HomeLeague[]; offsetMs: number }) {
  const missing = leagues.flatMap((l) => {
    const next = missingPicks(l);
    return next ? [{ league: l, next }] : [];
  });
  const first = missing.reduce<(typeof missing)[number] | undefined>(
    (soonest, x) => (!soonest || Date.parse(x.next.StartTime) < Date.parse(soonest.next.StartTime) ? x : soonest),
    undefined,
  );
  if (!first) return null;
  const same = missing.filter((x) => x.next.FixtureID === first.next.FixtureID);
  return (
    <p className={styles.lock} role="status">
      <strong className={styles.countdown}>
        Next lock <Countdown at={first.next.StartTime} offsetMs={offsetMs} />
      </strong>
      <span>
        {first.next.FixtureName} ({teams(first.next)}): picks missing in{' '}
        {same.length === 1 ? first.league.LeagueName : `${same.length} of your leagues`}
      </span>
    </p>
  );
}

function Newcomer() {
  return (
    <div className={styles.firstStep}>
      <Text>
        You are not in a league yet. The quickest way in is today&rsquo;s Daily Challenge: join it with one tap below
        and make your picks before the first ball. Or start a league for your friends and send them the invite.
      </Text>
      <div className={styles.buttons}>
        <Button asChild>
          <a href="#daily-challenges">Join a Daily Challenge</a>
        </Button>
        <Button asChild variant="secondary">
          <Link to="/home/start-league">{homeScreen('start-league').label}</Link>
        </Button>
        <Button asChild variant="ghost">
          <Link to="/home/join-league?isPublicLeague=false">Join with a league code</Link>
        </Button>
      </div>
    </div>
  );
}

/**
 * The player first: each of their leagues with rank and points and the next step (make the picks for
 * the next lock, wait for the admin, watch a live match), the soonest lock with picks missing on top;
 * a newcomer's first step. While loading, skeleton rows of a league row's size hold the place.
 */
export function YourLeagues({
  summary,
  layout,
}: {
  summary: UseQueryResult<HomeSummary>;
  /** What to sketch while loading: the leagues as they were at the player's last visit. */
  layout: HomeLayout;
}) {
  const data = summary.data;
  const offsetMs = data ? Date.parse(data.ServerTime) - summary.dataUpdatedAt : 0;
  return (
    <Card
      title="Your leagues"
      actions={
        // Always there (loading too), so the heading row keeps its height when the leagues arrive.
        <Button asChild size="sm" variant="ghost">
          <Link to="/home/view-my-leagues">{homeScreen('view-my-leagues').label}</Link>
        </Button>
      }
    >
      {summary.status === 'pending' ? (
        <div role="status">
          <span className={styles.visuallyHidden}>Loading your leagues…</span>
          {layout.leagues > 0 ? (
            <SkeletonLeagues rows={layout.leagues} lock={layout.lock} />
          ) : (
            <div aria-hidden="true" className={styles.firstStep}>
              <Bone width="100%" height="4.5rem" />
              <Bone width="14rem" height="2.75rem" />
            </div>
          )}
        </div>
      ) : (
        <QueryState {...queryState(summary)} loadingText="Loading your leagues…" errorMessage={m.summaryFailed}>
          {() =>
            data && data.Leagues.length > 0 ? (
              <>
                <NextLock leagues={data.Leagues} offsetMs={offsetMs} />
                <ul className={styles.leagueList}>
                  {data.Leagues.map((l) => (
                    <LeagueRow key={l.LeagueID} league={l} offsetMs={offsetMs} />
                  ))}
                </ul>
              </>
            ) : (
              <Newcomer />
            )
          }
        </QueryState>
      )}
    </Card>
  );
}
