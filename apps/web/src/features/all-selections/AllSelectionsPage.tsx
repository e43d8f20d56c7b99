import {
  Card,
  createDataTableColumnHelper,
  DataTable,
  type DataTableColumn,
  QueryState,
  Select,
  Text,
  TextField,
  Tooltip,
} from '@fantasy-cricket/ui';
import { messages } from '@fantasy-cricket/rules';
import { useMemo, useState } from 'react';
import { useLeagueFixturesQuery } from '../../data/cricket/league-fixtures-query';
import { useServerTimeQuery } from '../../data/cricket/server-time-query';
import { useFixturePlayerSelectionsQuery } from '../../data/picks/fixture-player-selections-query';
import { useFixtureSelectionsQuery } from '../../data/picks/fixture-selections-query';
import { queryState } from '../../data/query-state';
import { LeaguePicker, useMyLeagues } from '../../shared/leagues/LeaguePicker';
import { AutoPickBadge, OwnBadge, ResultBadge } from '../../shared/picks/badges';
import {
  fixtureOptions,
  isPlayerSelectionLeague,
  sortByStart,
  viewableForSelections,
} from '../../shared/picks/leagues';
import { FixtureCard } from '../../shared/picks/FixtureCard/FixtureCard';
import * as styles from '../../shared/picks/picks.css';
import { Page } from '../../shared/Page/Page';
import {
  defaultFixture,
  filterLines,
  linesFromMatchPredictions,
  linesFromPlayerSelections,
  matchesWinner,
  type SelectionLine,
} from './rows';

const m = messages.leaderboard;

/**
 * All Selections (spec sections 2, 4 and 8): everyone's picks for one fixture of an Active or
 * Finished league, filterable, with each Match Prediction pick marked as a match or a break once the
 * winners are known.
 */
export function AllSelectionsPage() {
  const leagues = useMyLeagues(viewableForSelections);
  const [leagueId, setLeagueId] = useState('');
  /** The fixture chosen; '' is the default one (the latest started, else the first). */
  const [fixtureChoice, setFixtureChoice] = useState('');
  const [query, setQuery] = useState('');

  const league = leagues.data?.find((l) => String(l.LeagueID) === leagueId);
  const isPs = league ? isPlayerSelectionLeague(league) : false;
  const fixturesQuery = useLeagueFixturesQuery(league?.LeagueID ?? 0);
  const fixtures = useMemo(() => (fixturesQuery.data ? sortByStart(fixturesQuery.data) : []), [fixturesQuery.data]);
  const fixture = fixtures.find((f) => String(f.FixtureID) === fixtureChoice) ?? defaultFixture(fixtures);

  // The server's clock for the fixture card's state and countdown (the device's clock if it fails).
  const serverTime = useServerTimeQuery({ enabled: Boolean(league) });
  const clockOffset = serverTime.data ? Date.parse(serverTime.data) - serverTime.dataUpdatedAt : 0;
  const hiddenNote = league && fixture ? othersPicksNote(fixture.HasStarted, league.ShowOthersPicks) : null;

  const ids = [league?.LeagueID ?? 0, fixture?.FixtureID ?? 0] as const;
  const mpLines = useFixtureSelectionsQuery(...ids, { enabled: !isPs });
  const psLines = useFixturePlayerSelectionsQuery(...ids, { enabled: isPs });
  const linesQuery = isPs ? psLines : mpLines;
  const lines = useMemo(
    () =>
      isPs
        ? psLines.data && linesFromPlayerSelections(psLines.data)
        : mpLines.data && linesFromMatchPredictions(mpLines.data),
    [isPs, psLines.data, mpLines.data],
  );

  const chooseLeague = (id: string) => {
    setLeagueId(id);
    setFixtureChoice('');
  };

  const visible = useMemo(() => filterLines(lines ?? [], query), [lines, query]);

  const columns = useMemo(() => {
    const col = createDataTableColumnHelper<SelectionLine>();
    const list: DataTableColumn<SelectionLine>[] = [
      col.accessor('user', {
        header: 'User',
        meta: { rowHeader: true },
        cell: ({ row }) => {
          const line = row.original;
          return (
            <span className={styles.cellStack}>
              {line.fullName ? (
                <Tooltip content={line.fullName}>
                  <button type="button" className={styles.nameButton} aria-label={`${line.user} (${line.fullName})`}>
                    {line.user}
                  </button>
                </Tooltip>
              ) : (
                <span>{line.user}</span>
              )}
              {line.isOwn ? <OwnBadge /> : null}
            </span>
          );
        },
      }),
      col.accessor('what', { header: isPs ? 'Position' : 'Feature' }),
      col.accessor('selection', {
        header: 'Selection',
        cell: ({ row }) => {
          const line = row.original;
          const match = isPs ? null : matchesWinner(line);
          return (
            <span className={styles.cellStack}>
              <span>{line.selection || '—'}</span>
              {match === null ? null : <ResultBadge match={match} />}
              {line.isAutoPick ? <AutoPickBadge /> : null}
            </span>
          );
        },
      }),
    ];
    if (!isPs) {
      list.push(
        col.accessor('winner', {
          header: 'Winner',
          cell: (info) =>
            info.getValue() ? (
              info.getValue()
            ) : (
              <Text as="span" size="sm" tone="muted">
                Not decided yet
              </Text>
            ),
        }),
      );
    }
    return list;
  }, [isPs]);

  return (
    <Page title="All Selections" intro="See everyone's picks for a fixture, and how they fared." width="wide">
      <Card>
        <div className={styles.section}>
          <LeaguePicker
            leagues={leagues}
            failedMessage={m.loadLeaguesFailed}
            value={leagueId}
            onValueChange={chooseLeague}
            className={styles.controls}
          >
            {league ? (
              <QueryState
                {...queryState(fixturesQuery)}
                loadingText="Loading fixtures…"
                errorMessage={m.loadFixturesFailed}
                isEmpty={fixtures.length === 0}
                emptyMessage="No fixtures in this league yet."
              >
                {() => (
                  <Select
                    label="Select Fixture"
                    options={fixtureOptions(fixtures)}
                    value={fixture ? String(fixture.FixtureID) : ''}
                    onValueChange={setFixtureChoice}
                  />
                )}
              </QueryState>
            ) : null}
          </LeaguePicker>
          {fixture ? <FixtureCard fixture={fixture} offsetMs={clockOffset} /> : null}
        </div>
      </Card>
      {fixture ? (
        <Card>
          <div className={styles.section}>
            <TextField
              label="Filter selections"
              type="search"
              className={styles.filter}
              hint="Matches user, feature or position, selection and winner."
              value={query}
              onChange={(event) => setQuery(event.currentTarget.value)}
            />
            {hiddenNote ? (
              <p className={styles.note} data-testid="hidden-picks-note">
                {hiddenNote}
              </p>
            ) : null}
            <QueryState
              {...queryState(linesQuery)}
              loadingText="Loading selections…"
              errorMessage={m.loadSelectionsFailed}
            >
              {() => (
                <DataTable
                  caption={`Selections for ${fixture.FixtureName}`}
                  captionHidden
                  className={styles.table}
                  columns={columns}
                  data={visible}
                  getRowId={(line) => line.key}
                  getRowProps={(line) => {
                    const match = isPs ? null : matchesWinner(line);
                    return match === null ? undefined : { tone: match ? 'success' : 'error' };
                  }}
                  emptyMessage={messages.selections.noDetails}
                />
              )}
            </QueryState>
          </div>
        </Card>
      ) : null}
    </Page>
  );
}

/**
 * Why only the member's own picks show (the server's rule, picks/visibility.ts): before the fixture
 * starts others' picks are hidden until the lock; after it, a league that does not show others' picks
 * keeps them private. Null when everyone's picks show.
 */
export function othersPicksNote(hasStarted: boolean, showOthersPicks: boolean): string | null {
  if (!hasStarted) {
    return "Other members' picks are hidden until this fixture starts (picks lock at kick-off). Until then you see only your own.";
  }
  if (!showOthersPicks) return "This league keeps members' picks private: you see only your own.";
  return null;
}
