import { Card, QueryState, Select } from '@fantasy-cricket/ui';
import { countedPoints, duplicatesMessage, messages, startedMessage } from '@fantasy-cricket/rules';
import { useAtom, useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { storedUserAtom } from '../../shared/atoms';
import { useFixturePlayersQuery } from '../../data/cricket/fixture-players-query';
import { useFixtureTeamsQuery } from '../../data/cricket/fixture-teams-query';
import { useLeagueFixturesQuery } from '../../data/cricket/league-fixtures-query';
import { useServerTimeQuery } from '../../data/cricket/server-time-query';
import { useLeagueConfigurationsQuery } from '../../data/leagues/league-configurations-query';
import { useMatchPredictionRowsQuery } from '../../data/picks/match-prediction-rows-query';
import { usePlayerFiguresQuery } from '../../data/picks/player-figures-query';
import { usePlayerSelectionRowsQuery } from '../../data/picks/player-selection-rows-query';
import { SaveSelectionsError, useSaveSelectionsMutation } from '../../data/picks/save-selections-mutation';
import type { FeatureRow, PlayerSelectionRow } from '../../data/picks/types';
import { combinedQueryState } from '../../data/query-state';
import { notify, notifySuccess } from '../../shared/notify';
import { saveErrorText } from '../../shared/picks/saveError';
import { LeaguePicker, useMyLeagues } from '../../shared/leagues/LeaguePicker';
import { leagueParam } from '../../shared/leagues/links';
import {
  fixtureOptions,
  isPlayerSelectionLeague,
  leaguePicksType,
  selectableForPicks,
  inPlayFixtures,
  upcomingFixtures,
} from '../../shared/picks/leagues';
import * as styles from '../../shared/picks/picks.css';
import { FixtureStates } from '../../shared/live/FixtureStates';
import { FixtureCard } from '../../shared/picks/FixtureCard/FixtureCard';
import { Page } from '../../shared/Page/Page';
import { HowScoringWorks } from '../../shared/scoring/HowScoringWorks';
import { copyToOtherLeaguesAtom } from './atoms';
import { type SaveOutcome, SelectionGrid } from './SelectionGrid';
import { useTeamSheet } from './useTeamSheet';
import {
  duplicateRows,
  type GridRow,
  keepOpenChoices,
  matchPredictionItem,
  playerSelectionItem,
  rowsFromFeatures,
  rowsFromSlots,
  rowsToSave,
} from './grid';

const m = messages.selections;

/** Something that belongs to one league and fixture (the grid being edited, a save's outcome). */
interface Scoped<T> {
  scope: string;
  value: T;
}

/**
 * My Selections (spec sections 2–5, 8): choose an Active league with fixtures left (the one named by
 * `?league=`, or the only one, is chosen to start with; with several the placeholder shows), then an upcoming
 * fixture, and pick per Match Prediction feature or Player Selection slot. Saving sends only the rows
 * with a selection (touched ones unless copying to the other leagues), after the duplicate and
 * started checks against the server's clock. Server data comes from the query cache (data/); this
 * screen keeps only the choices, the person's unsaved picks and the outcome of the last save.
 *
 * In a Player Selection league with team rules (issue 27, `useTeamSheet`), the team's captain,
 * vice-captain and backups are chosen on the sheet too and go with the save as `Teams`; a team that
 * breaks a rule (packages/rules `teamRuleErrors`, the server's own check) is not sent: Save says why.
 */
export function MySelectionsPage() {
  const userId = useAtomValue(storedUserAtom)?.userId ?? 0;
  const leagues = useMyLeagues(selectableForPicks);
  const [leagueId, setLeagueId] = useState('');
  /** The fixture chosen; '' is the first upcoming one (spec section 9: "the first preselected"). */
  const [fixtureChoice, setFixtureChoice] = useState('');
  const [draft, setDraft] = useState<Scoped<GridRow[]> | null>(null);
  const [invalidKeys, setInvalidKeys] = useState<ReadonlySet<string>>(new Set());
  /** The server's clock read by the last save: rows of fixtures started by then lock. */
  const [checkedNow, setCheckedNow] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Scoped<SaveOutcome> | null>(null);
  const [copyByType, setCopyByType] = useAtom(copyToOtherLeaguesAtom);

  // Until the player chooses: the league the address names (Home's "Make your picks"), or the only one.
  const [params] = useSearchParams();
  const linked = leagueParam(params);
  const preselected =
    leagues.data?.find((l) => l.LeagueID === linked) ?? (leagues.data?.length === 1 ? leagues.data[0] : undefined);
  const chosenId = leagueId || (preselected ? String(preselected.LeagueID) : '');
  const league = leagues.data?.find((l) => String(l.LeagueID) === chosenId);
  const isPs = league ? isPlayerSelectionLeague(league) : false;
  const picksType = league ? leaguePicksType(league) : 'match-prediction';
  const copy = copyByType[picksType];

  // Server time first, then the league's fixtures, listed against it.
  const serverTime = useServerTimeQuery({ enabled: Boolean(league) });
  const fixturesQuery = useLeagueFixturesQuery(league?.LeagueID ?? 0, { enabled: serverTime.isSuccess });
  const listedAt = serverTime.data ?? null;
  const upcoming = useMemo(
    () => (fixturesQuery.data && listedAt ? upcomingFixtures(fixturesQuery.data, listedAt) : []),
    [fixturesQuery.data, listedAt],
  );
  // Fixtures being played come first in the list, read-only; the first upcoming one stays the default.
  const inPlay = useMemo(
    () => (fixturesQuery.data && listedAt ? inPlayFixtures(fixturesQuery.data, listedAt) : []),
    [fixturesQuery.data, listedAt],
  );
  const listed = useMemo(() => [...inPlay, ...upcoming], [inPlay, upcoming]);
  const fixture = listed.find((f) => String(f.FixtureID) === fixtureChoice) ?? upcoming[0] ?? inPlay[0];
  /** The server's clock minus this device's, for the countdowns to the lock. */
  const clockOffset = listedAt ? Date.parse(listedAt) - serverTime.dataUpdatedAt : 0;
  // Slots lock at kick-off by the server's clock, also while the screen stays open. Once the
  // clock passes the start, the start time itself stands for "now": a value that does not change every
  // tick, so the grid (and an open dropdown) is not rebuilt each time the clock moves.
  const ticking = useServerClock(listedAt ? clockOffset : null);
  const kickedOff =
    fixture && ticking && Date.parse(ticking) >= Date.parse(fixture.StartTime) ? fixture.StartTime : null;
  const serverNow = latest(checkedNow ?? listedAt, kickedOff);

  // The grid: the member's rows, the fixture's squads and (Match Prediction) teams.
  const ids = { UserID: userId, LeagueID: league?.LeagueID ?? 0, FixtureID: fixture?.FixtureID ?? 0 };
  const mpRows = useMatchPredictionRowsQuery(ids, { enabled: Boolean(fixture) && !isPs });
  const psRows = usePlayerSelectionRowsQuery(ids, { enabled: Boolean(fixture) && isPs });
  const players = useFixturePlayersQuery(ids.FixtureID, { enabled: Boolean(fixture) });
  const teams = useFixtureTeamsQuery(ids.FixtureID, { enabled: Boolean(fixture) && !isPs });
  // The recent form of every squad player: the team sheet's cards and the Match Prediction player dropdowns.
  const figuresQuery = usePlayerFiguresQuery(ids.LeagueID, ids.FixtureID, { enabled: Boolean(fixture) });
  const figures = useMemo(
    () => new Map((figuresQuery.data ?? []).map((f) => [f.PlayerID, f] as const)),
    [figuresQuery.data],
  );
  const figuresNote = figuresQuery.isError
    ? 'Season figures could not be loaded; you can still pick.'
    : figuresQuery.isPending
      ? 'Loading season figures…'
      : null;
  // Match Prediction: each feature's points as they count, shown on its row (absent while loading or if the load failed).
  const configsQuery = useLeagueConfigurationsQuery(ids.LeagueID, { enabled: Boolean(league) && !isPs });
  const featurePoints = useMemo(
    () =>
      new Map(
        (configsQuery.data ?? []).map((c) => [c.FeatureID, c.IsActive ? countedPoints(c.Points, c.Sign) : 0] as const),
      ),
    [configsQuery.data],
  );
  const colours = useMemo(
    () =>
      new Map<string, string | null>(
        fixture
          ? [
              [fixture.LocalTeamCode, fixture.LocalTeamColour],
              [fixture.VisitorTeamCode, fixture.VisitorTeamColour],
            ]
          : [],
      ),
    [fixture],
  );
  const scope = `${chosenId}:${fixture?.FixtureID ?? ''}`;

  const toGridRows = useCallback(
    (data: FeatureRow[] | PlayerSelectionRow[] | undefined, name: string) =>
      data === undefined
        ? undefined
        : isPs
          ? rowsFromSlots(data as PlayerSelectionRow[], name)
          : rowsFromFeatures(data as FeatureRow[], name),
    [isPs],
  );
  const serverRows = useMemo(
    () => (fixture ? toGridRows(isPs ? psRows.data : mpRows.data, fixture.FixtureName) : undefined),
    [fixture, isPs, psRows.data, mpRows.data, toGridRows],
  );
  // The person's unsaved choices over the server's rows, for the rows still open (a row that started
  // shows what the server holds: after a refused save, the rows read again lock the started ones).
  const rows = useMemo(() => {
    if (draft?.scope !== scope) return serverRows;
    return serverRows && serverNow ? keepOpenChoices(serverRows, draft.value, serverNow) : draft.value;
  }, [draft, scope, serverRows, serverNow]);
  const lastOutcome = outcome?.scope === scope ? outcome.value : null;

  // Player Selection: the team beyond its slots (captain, vice-captain, backups) in a league with team rules.
  const teamSheet = useTeamSheet({
    league,
    fixture,
    enabled: isPs,
    scope,
    rows,
    players: players.data ?? [],
    figures,
    pricesKnown: figuresQuery.isSuccess,
    pricesLoading: figuresQuery.isPending,
    serverNow,
  });
  const grid = combinedQueryState(isPs ? [psRows, players, teamSheet.query] : [mpRows, players, teams]);

  const chooseLeague = (id: string) => {
    setLeagueId(id);
    setFixtureChoice('');
    setInvalidKeys(new Set());
    setCheckedNow(null);
    // Fixtures are listed against the server's clock as the league is chosen.
    if (serverTime.data !== undefined) void serverTime.refetch();
  };

  const chooseFixture = (id: string) => {
    setFixtureChoice(id);
    setInvalidKeys(new Set());
  };

  const pick = useCallback(
    (key: string, value: string) => {
      setInvalidKeys(new Set());
      if (!rows) return;
      setDraft({
        scope,
        value: rows.map((r) => (r.key === key ? { ...r, selectedID: Number(value), isTouched: true } : r)),
      });
    },
    [rows, scope],
  );

  const saveSelections = useSaveSelectionsMutation();
  /**
   * The spec's save (sections 4, 5): only rows with a selection (touched ones unless copying), the
   * duplicate check here, then the mutation (the server's clock, the started check, the save, the
   * reload); this screen keeps what the save tells the person.
   */
  const save = () => {
    if (!league || !fixture || !rows) return;
    let toSave = rowsToSave(rows, copy);
    // Only the captain, vice-captain or backups changed: the team's picks go with them (unchanged slots
    // write nothing), as the server takes a fixture's team with its picks.
    if (toSave.length === 0 && isPs && teamSheet.changed) toSave = rowsToSave(rows, true);
    if (toSave.length === 0) {
      notify('info', m.noModified);
      return;
    }
    if (isPs) {
      const { duplicates, keys } = duplicateRows(rows);
      if (duplicates.length > 0) {
        setInvalidKeys(keys);
        notify('error', duplicatesMessage(duplicates));
        return;
      }
      // The league's team rules, checked as the server will: nothing is sent while the team breaks one.
      if (teamSheet.problems.length > 0) {
        teamSheet.showProblems();
        return;
      }
    }
    const saveIds = { UserID: userId, LeagueID: league.LeagueID };
    const common = { copyToOtherLeagues: copy, fixtures: toSave, grid: ids };
    saveSelections.mutate(
      isPs
        ? {
            ...common,
            playerSelection: true,
            selection: toSave.map((r) => playerSelectionItem(r, saveIds)),
            teams: teamSheet.teams(),
          }
        : { ...common, playerSelection: false, selection: toSave.map((r) => matchPredictionItem(r, saveIds)) },
      {
        onSuccess: (result) => {
          setCheckedNow(result.CheckedAt);
          notifySuccess(isPs ? m.savedPs : m.savedMp);
          setDraft(null);
          teamSheet.reset();
          setOutcome({ scope, value: { copied: copy, copiedTo: result.CopiedTo } });
        },
        onError: (error) => {
          if (error instanceof SaveSelectionsError && error.checkedAt) setCheckedNow(error.checkedAt);
          notify('error', saveFailureText(error));
        },
      },
    );
  };

  return (
    <Page title="My Selections" intro="Make your picks for the next fixtures of your leagues." width="wide">
      <Card>
        <div className={styles.section}>
          <LeaguePicker
            leagues={leagues}
            failedMessage={m.loadLeaguesFailed}
            label={m.selectLeague}
            placeholder={m.selectLeague}
            required
            value={chosenId}
            onValueChange={chooseLeague}
          >
            {league ? (
              <QueryState
                {...combinedQueryState([serverTime, fixturesQuery])}
                loadingText="Loading fixtures…"
                errorMessage={serverTime.isError ? m.serverTimeFailed : m.loadFixturesFailed}
                isEmpty={listed.length === 0}
                emptyMessage={m.noUpcomingFixture}
              >
                {() => (
                  <Select
                    label="Select Fixture"
                    options={fixtureOptions(listed)}
                    value={fixture ? String(fixture.FixtureID) : ''}
                    onValueChange={chooseFixture}
                  />
                )}
              </QueryState>
            ) : null}
          </LeaguePicker>
          {fixture ? <FixtureCard fixture={fixture} offsetMs={clockOffset} note={league?.LeagueTypeName} /> : null}
        </div>
      </Card>
      {fixture && league ? (
        <Card actions={<HowScoringWorks league={league} />}>
          <div className={styles.section}>
            <QueryState
              {...grid}
              loadingText="Loading your selections…"
              errorMessage={isPs ? m.loadPlayerSelectionFailed : m.loadFeaturesFailed}
            >
              {() => (
                <SelectionGrid
                  isPs={isPs}
                  fixtureName={fixture.FixtureName}
                  rows={rows}
                  serverNow={serverNow}
                  players={players.data ?? []}
                  teams={teams.data ?? []}
                  figures={figures}
                  figuresNote={figuresNote}
                  featurePoints={featurePoints}
                  colours={colours}
                  invalidKeys={invalidKeys}
                  saving={saveSelections.isPending}
                  copy={copy}
                  lastOutcome={lastOutcome}
                  onPick={pick}
                  team={teamSheet.team}
                  onCopyChange={(checked) => setCopyByType((all) => ({ ...all, [picksType]: checked }))}
                  onSave={() => void save()}
                />
              )}
            </QueryState>
          </div>
        </Card>
      ) : null}
      {/* The list of fixtures comes after the team sheet has loaded (its figures included): shown
          earlier, the sheet arriving above it would push it down under the reader's thumb (CLS). */}
      {league &&
      fixturesQuery.data &&
      listedAt &&
      (!fixture || (grid.status !== 'pending' && !figuresQuery.isPending)) ? (
        <Card title="Fixtures">
          <FixtureStates fixtures={fixturesQuery.data} offsetMs={clockOffset} />
        </Card>
      ) : null}
    </Page>
  );
}

/** The server's time (ISO), re-read from this device's clock and `offsetMs` every few seconds; null without an offset. */
function useServerClock(offsetMs: number | null): string | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (offsetMs === null) return;
    const t = setInterval(() => setNow(Date.now()), 5_000);
    return () => clearInterval(t);
  }, [offsetMs]);
  return offsetMs === null ? null : new Date(now + offsetMs).toISOString();
}

/** What a failed save tells the person (spec section 8). */
function saveFailureText(error: Error): string {
  if (!(error instanceof SaveSelectionsError)) return saveErrorText(error);
  if (error.reason === 'server-time') return m.serverTimeUnavailable;
  if (error.reason === 'started') return startedMessage(error.started);
  return saveErrorText(error.cause);
}

/** The later of two ISO times (either may be missing). */
function latest(a: string | null, b: string | null): string | null {
  if (!a) return b;
  if (!b) return a;
  return Date.parse(a) >= Date.parse(b) ? a : b;
}
