import { messages } from '@fantasy-cricket/rules';
import { Card, Select, Text } from '@fantasy-cricket/ui';
import { useAtom } from 'jotai';
import { lazy, Suspense, useCallback, useEffect, useId, useState } from 'react';
import { notifyError } from '../../app/notify';
import { useUserLeagues } from '../picks/useUserLeagues';
import { isPlayerSelectionLeague, leagueOptions, viewableForSelections } from '../picks/leagues';
import { Page } from '../shell/Page';
import { homeScreen } from '../shell/navigation';
import {
  type ContestWidget,
  getContestStandings,
  getLeaderboard,
  getPointsProgression,
  type LeaderboardRow,
  type PointsProgression,
} from './api';
import { leaderboardChoiceAtom, type StandingsView } from './atoms';
import { ContestWidgets } from './ContestWidgets';
import { LeaderboardTable } from './LeaderboardTable';
import * as styles from './leaderboard.css';
import { ScoreDetailsModal, type ScoreTarget } from './ScoreDetailsModal';

const m = messages.leaderboard;

/** The chart is its own chunk: nothing of it loads until a leaderboard is on screen. */
const ProgressionChart = lazy(() => import('./ProgressionChart'));

const VIEW_LABELS: Record<StandingsView, string> = { leaderboard: 'Leaderboard', contests: 'Contests' };

type Progression = { kind: 'loaded'; data: PointsProgression } | { kind: 'failed' };
type Loaded<T> = { leagueId: number; data: T };

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

/**
 * Leaderboard (spec sections 2, 8 and 9): the standings of one Active or Finished league, its points
 * progression and its contest widgets. The league and the Leaderboard/Contests switch are remembered.
 */
export function LeaderboardPage() {
  const [choice, setChoice] = useAtom(leaderboardChoiceAtom);
  const leagues = useUserLeagues(viewableForSelections, m.loadLeaguesFailed);
  // Each answer is kept with its league, so a new choice never shows the previous league's data.
  const [board, setBoard] = useState<Loaded<LeaderboardRow[]> | null>(null);
  const [progress, setProgress] = useState<Loaded<Progression> | null>(null);
  const [widgets, setWidgets] = useState<Loaded<ContestWidget[]> | null>(null);
  const [target, setTarget] = useState<ScoreTarget | null>(null);

  const league = leagues?.find((l) => l.LeagueID === choice.leagueId);
  const view = choice.view;

  const leagueId = league?.LeagueID;
  const isPs = league ? isPlayerSelectionLeague(league) : false;

  useEffect(() => {
    if (!leagueId || view !== 'leaderboard') return;
    let active = true;
    setBoard(null);
    setProgress(null);
    getLeaderboard(leagueId, isPs).then(
      (data) => active && setBoard({ leagueId, data }),
      (error: unknown) => {
        if (!active) return;
        setBoard({ leagueId, data: [] });
        notifyError(error, m.loadFailed);
      },
    );
    getPointsProgression(leagueId).then(
      (data) => active && setProgress({ leagueId, data: { kind: 'loaded', data } }),
      () => active && setProgress({ leagueId, data: { kind: 'failed' } }),
    );
    return () => {
      active = false;
    };
  }, [leagueId, isPs, view]);

  useEffect(() => {
    if (!leagueId || view !== 'contests') return;
    let active = true;
    setWidgets(null);
    getContestStandings(leagueId).then(
      (data) => active && setWidgets({ leagueId, data }),
      (error: unknown) => {
        if (!active) return;
        setWidgets({ leagueId, data: [] });
        notifyError(error, m.contestsFailed);
      },
    );
    return () => {
      active = false;
    };
  }, [leagueId, view]);

  const current = <T,>(loaded: Loaded<T> | null) => (loaded && loaded.leagueId === leagueId ? loaded.data : null);
  const rows = current(board);
  const progression = current(progress);
  const contests = current(widgets);
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

  return (
    <Page
      title={homeScreen('view-leaderboard').label}
      intro="Standings, points progression and contests of your leagues."
      width="wide"
    >
      <Card>
        {leagues === null ? (
          <Text tone="muted">Loading your leagues…</Text>
        ) : leagues.length === 0 ? (
          <Text>{messages.myLeagues.empty}</Text>
        ) : (
          <div className={styles.controls}>
            <Select
              label="Select League"
              placeholder={messages.selections.selectLeague}
              options={leagueOptions(leagues)}
              value={league ? String(league.LeagueID) : ''}
              onValueChange={(id) => setChoice({ leagueId: Number(id) })}
            />
            <ViewSwitch value={view} onChange={(next) => setChoice({ view: next })} />
          </div>
        )}
      </Card>

      {!league ? (
        leagues && leagues.length > 0 ? (
          <Text tone="muted">Choose a league to see its {view === 'contests' ? 'contests' : 'standings'}.</Text>
        ) : null
      ) : view === 'leaderboard' ? (
        <>
          <Card title={`Standings: ${league.LeagueName}`}>
            <div className={styles.section}>
              {rows === null ? (
                <Text tone="muted">Loading the leaderboard…</Text>
              ) : (
                <LeaderboardTable
                  leagueName={league.LeagueName}
                  rows={rows}
                  showFullNames={league.IsPrivate}
                  canOpenDetails={canOpenDetails}
                  onOpenDetails={openDetails}
                />
              )}
              {rows && rows.length > 0 ? (
                <p className={styles.note}>
                  {showsOthers
                    ? 'Select a member’s points to see how they were scored.'
                    : 'This league keeps members’ picks private: select your own points to see how they were scored.'}
                </p>
              ) : null}
            </div>
          </Card>
          <Card title="Points progression">
            {progression === null ? (
              <Text tone="muted">Loading the points progression…</Text>
            ) : progression.kind === 'failed' ? (
              <Text tone="muted">The points progression could not be loaded.</Text>
            ) : (
              <Suspense fallback={<Text tone="muted">Loading the chart…</Text>}>
                <ProgressionChart data={progression.data} />
              </Suspense>
            )}
          </Card>
        </>
      ) : contests === null ? (
        <Card>
          <Text tone="muted">Loading contests…</Text>
        </Card>
      ) : (
        <ContestWidgets widgets={contests} />
      )}

      <ScoreDetailsModal target={target} onClose={closeDetails} />
    </Page>
  );
}
