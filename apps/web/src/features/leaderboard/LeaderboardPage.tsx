import { messages } from '@fantasy-cricket/rules';
import { Card, QueryState, Text, TextLink } from '@fantasy-cricket/ui';
import { useAtom } from 'jotai';
import { Link, useSearchParams } from 'react-router-dom';
import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useState } from 'react';
import { errorNotificationText } from '../../shared/notify';
import { useLiveStandingsQuery } from '../../data/live/live-standings-query';
import { useLiveTopics } from '../../data/live/LiveProvider';
import { queryState } from '../../data/query-state';
import { useContestStandingsQuery } from '../../data/standings/contest-standings-query';
import { useLeaderboardQuery } from '../../data/standings/leaderboard-query';
import { useProgressionQuery } from '../../data/standings/progression-query';
import type { LeaderboardRow } from '../../data/standings/types';
import { LeaguePicker, useMyLeagues } from '../../shared/leagues/LeaguePicker';
import { ProvisionalMarker } from '../../shared/live/LiveState';
import { isPlayerSelectionLeague, viewableForSelections } from '../../shared/picks/leagues';
import { Page } from '../../shared/Page/Page';
import { HowScoringWorks } from '../../shared/scoring/HowScoringWorks';
import { homeScreen } from '../../shared/navigation';
import { leaderboardChoiceAtom, type StandingsView } from './atoms';
import { ContestWidgets } from './ContestWidgets';
import { LeaderboardTable } from './LeaderboardTable';
import * as common from './leaderboard.css';
import * as styles from './LeaderboardPage.css';
import { ScoreDetailsModal, type ScoreTarget } from './ScoreDetailsModal';
import { withLiveStandings } from './standings';

const m = messages.leaderboard;

/** The chart is its own chunk: nothing of it loads until a leaderboard is on screen. */
const ProgressionChart = lazy(() => import('./ProgressionChart'));

const VIEW_LABELS: Record<StandingsView, string> = { leaderboard: 'Leaderboard', contests: 'Contests' };

/** The Leaderboard / Contests switch: a radio group (arrow keys move between the two). */
function ViewSwitch({ value, onChange }: { value: StandingsView; onChange: (view: StandingsView) => void }) {
  const name = useId();
  return (
    <fieldset className={styles.switchGroup}>
      <legend className={styles.switchLegend}>Show</legend>
      <div className={styles.switchTrack}>
        {(Object.keys(VIEW_LABELS) as StandingsView[]).map((view) => (
          <label key={view} className={styles.switchOption}>
            <input
              type="radio"
              className={styles.switchInput}
              name={name}
              value={view}
              checked={value === view}
              onChange={() => onChange(view)}
            />
            {VIEW_LABELS[view]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A positive integer from the address, or null. */
function idParam(value: string | null): number | null {
  if (value === null || !/^[1-9][0-9]{0,9}$/.test(value)) return null;
  return Number(value);
}

/**
 * Leaderboard (spec sections 2, 8 and 9): the standings of one Active or Finished league, its points
 * progression and its contest widgets. The league and the Leaderboard/Contests switch are remembered.
 *
 * A result email links here as `?league=<id>&fixture=<id>` (docs/decisions/0028-result-emails.md): the
 * league is chosen, and once its standings are in, the signed-in member's score details open at that
 * fixture. The parameters are then dropped from the address, so a reload or Back does not reopen them.
 */
export function LeaderboardPage() {
  const [choice, setChoice] = useAtom(leaderboardChoiceAtom);
  const leagues = useMyLeagues(viewableForSelections);
  const [target, setTarget] = useState<ScoreTarget | null>(null);
  const [params, setParams] = useSearchParams();
  // The score details an emailed link asked for, waiting for the league's standings.
  const [linked, setLinked] = useState<{ leagueId: number; fixtureId: number } | null>(null);

  const linkLeague = idParam(params.get('league'));
  const linkFixture = idParam(params.get('fixture'));
  useEffect(() => {
    if (linkLeague === null || !leagues.data) return;
    if (leagues.data.some((l) => l.LeagueID === linkLeague)) {
      setChoice({ leagueId: linkLeague, view: 'leaderboard' });
      setLinked(linkFixture === null ? null : { leagueId: linkLeague, fixtureId: linkFixture });
    }
    setParams({}, { replace: true });
  }, [linkLeague, linkFixture, leagues.data, setChoice, setParams]);

  // No league chosen yet (or one the player has left): their only league, if they have one.
  const league =
    leagues.data?.find((l) => l.LeagueID === choice.leagueId) ??
    (leagues.data?.length === 1 ? leagues.data[0] : undefined);
  const view = choice.view;

  const leagueId = league?.LeagueID ?? 0;
  const isPs = league ? isPlayerSelectionLeague(league) : false;
  const board = useLeaderboardQuery(leagueId, isPs, { enabled: view === 'leaderboard' });
  const progression = useProgressionQuery(leagueId, { enabled: view === 'leaderboard' });
  const contests = useContestStandingsQuery(leagueId, { enabled: view === 'contests' });
  // While a fixture of the league is live, its provisional standings come over the tab's live stream.
  useLiveTopics({ leagues: view === 'leaderboard' ? [leagueId] : [] });
  const liveQuery = useLiveStandingsQuery(leagueId, { enabled: view === 'leaderboard' });
  const live = liveQuery.data;
  // The table waits for the first read of the live standings too, so the provisional figures and their
  // note arrive with it instead of moving it (a failed read only means nothing live is shown).
  const boardState = queryState(board);
  const liveNeverRead = liveQuery.dataUpdatedAt === 0 && liveQuery.errorUpdatedAt === 0;
  const loading = boardState.status === 'pending' || (liveNeverRead && liveQuery.fetchStatus === 'fetching');
  const rows = useMemo(() => (board.data ? withLiveStandings(board.data, live) : undefined), [board.data, live]);
  const provisional = Boolean(live?.Provisional && rows?.some((r) => r.LivePoints !== undefined));

  const showsOthers = league?.ShowOthersPicks ?? false;
  const canOpenDetails = useCallback((row: LeaderboardRow) => row.IsMe || showsOthers, [showsOthers]);
  const openDetails = useCallback(
    (row: LeaderboardRow) => {
      if (!league) return;
      setTarget({
        leagueId: league.LeagueID,
        leagueName: league.LeagueName,
        playerSelection: isPlayerSelectionLeague(league),
        userId: row.UserID,
        displayName: row.UserDisplayName,
      });
    },
    [league],
  );
  const closeDetails = useCallback(() => setTarget(null), []);

  useEffect(() => {
    if (!linked || !league || league.LeagueID !== linked.leagueId || !board.data) return;
    const me = board.data.find((row) => row.IsMe);
    if (me) {
      setTarget({
        leagueId: league.LeagueID,
        leagueName: league.LeagueName,
        playerSelection: isPlayerSelectionLeague(league),
        userId: me.UserID,
        displayName: me.UserDisplayName,
        fixtureId: linked.fixtureId,
      });
    }
    setLinked(null);
  }, [linked, league, board.data]);

  return (
    <Page
      title={homeScreen('view-leaderboard').label}
      intro="Standings, points progression and contests of your leagues."
      width="wide"
    >
      <Card actions={league ? <HowScoringWorks league={league} /> : undefined}>
        <LeaguePicker
          leagues={leagues}
          failedMessage={m.loadLeaguesFailed}
          value={league ? String(league.LeagueID) : ''}
          onValueChange={(id) => setChoice({ leagueId: Number(id) })}
          besideWidth="content"
        >
          <ViewSwitch value={view} onChange={(next) => setChoice({ view: next })} />
        </LeaguePicker>
      </Card>

      {!league ? (
        leagues.data && leagues.data.length > 0 ? (
          <Text tone="muted">Choose a league to see its {view === 'contests' ? 'contests' : 'standings'}.</Text>
        ) : null
      ) : view === 'leaderboard' ? (
        <>
          <Card title={`Standings: ${league.LeagueName}`}>
            <div className={common.section}>
              {provisional && !loading ? (
                <p className={styles.note} role="status">
                  <ProvisionalMarker label="Provisional · live" /> Points and ranks include the matches being played and
                  move ball by ball; the final figures replace them when a match ends.{' '}
                  {live?.FixtureIDs[0] ? (
                    <TextLink asChild>
                      <Link to={`/home/match-centre/${live.FixtureIDs[0]}?league=${leagueId}`}>
                        Watch in the Match Centre
                      </Link>
                    </TextLink>
                  ) : null}
                </p>
              ) : null}
              <QueryState
                {...boardState}
                status={loading ? 'pending' : boardState.status}
                loadingText="Loading the leaderboard…"
                errorMessage={errorNotificationText(board.error, m.loadFailed)}
              >
                {() => (
                  <LeaderboardTable
                    leagueName={league.LeagueName}
                    rows={rows ?? []}
                    showFullNames={league.IsPrivate}
                    canOpenDetails={canOpenDetails}
                    onOpenDetails={openDetails}
                  />
                )}
              </QueryState>
              {rows && rows.length > 0 && !loading ? (
                <p className={styles.note}>
                  {showsOthers
                    ? 'Select a member’s points to see how they were scored.'
                    : 'This league keeps members’ picks private: select your own points to see how they were scored.'}
                </p>
              ) : null}
            </div>
          </Card>
          {/* Under the standings once they are in: drawn earlier, it would be pushed down as they arrive. */}
          {!loading ? (
            <Card title="Points progression">
              <QueryState
                {...queryState(progression)}
                loadingText="Loading the points progression…"
                errorMessage="The points progression could not be loaded."
              >
                {() =>
                  progression.data ? (
                    <Suspense fallback={<Text tone="muted">Loading the chart…</Text>}>
                      <ProgressionChart data={progression.data} />
                    </Suspense>
                  ) : null
                }
              </QueryState>
            </Card>
          ) : null}
        </>
      ) : (
        <QueryState
          {...queryState(contests)}
          loadingText="Loading contests…"
          errorMessage={errorNotificationText(contests.error, m.contestsFailed)}
        >
          {() => <ContestWidgets widgets={contests.data ?? []} />}
        </QueryState>
      )}

      <ScoreDetailsModal target={target} onClose={closeDetails} />
    </Page>
  );
}
