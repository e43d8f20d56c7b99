import {
  Card,
  createDataTableColumnHelper,
  DataTable,
  type DataTableColumn,
  QueryState,
  Select,
  Text,
  TextField,
  Toggletip,
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
  groupByMember,
  linesFromMatchPredictions,
  linesFromPlayerSelections,
  type MemberSelections,
  matchesWinner,
  type SelectionLine,
} from './rows';
import * as pageStyles from './AllSelectionsPage.css';
import { usePhoneScreen } from '../../shared/usePhoneScreen';
import { CameInFor, RoleMark } from '../../shared/scoring/RoleMark';

const m = messages.leaderboard;

/**
 * All Selections (spec sections 2, 4 and 8): everyone's picks for one fixture of an Active or
 * Finished league, filterable, grouped by member (one block each, a row per pick), with each Match
 * Prediction pick marked as a match or a miss once the winners are known. A Player Selection pick
 * shows its captain (C) or vice-captain (VC) and, for a backup, the player he came in for at the lock.
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

  const phone = usePhoneScreen();
  const groups = useMemo(() => groupByMember(visible), [visible]);

  const columns = useMemo(() => {
    const col = createDataTableColumnHelper<SelectionLine>();
    const list: DataTableColumn<SelectionLine>[] = [
      col.accessor('what', { header: isPs ? 'Position' : 'Feature', meta: { rowHeader: true } }),
      col.accessor('selection', {
        header: 'Selection',
        cell: ({ row }) => {
          const line = row.original;
          const match = isPs ? null : matchesWinner(line);
          return (
            <span className={styles.cellStack}>
              <span>
                {line.selection || '—'}
                {line.role ? ' ' : null}
                <RoleMark role={line.role} />
              </span>
              {match === null ? null : <ResultBadge match={match} />}
              {line.isAutoPick ? <AutoPickBadge /> : null}
              <CameInFor player={line.replaced} />
            </span>
          );
        },
      }),
    ];
    if (!isPs && !phone) {
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
  }, [isPs, phone]);

  return (
    <Page title="All Selections" intro="See everyone's picks for a fixture, and how they fared." width="wide">
      <Card>
        <div className={styles.section}>
          <LeaguePicker
            leagues={leagues}
            failedMessage={m.loadLeaguesFailed}
            value={leagueId}
            onValueChange={chooseLeague}
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
            {/* The outline's level 2 for the members' h3 headings (the page title is the h1). */}
            <h2 className={pageStyles.visuallyHidden}>Selections</h2>
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
              {() =>
                groups.length === 0 ? (
                  <Text tone="muted">{messages.selections.noDetails}</Text>
                ) : (
                  <>
                    {/* On a phone the Winner column is not in each member's table: the results, once, above them. */}
                    {phone && !isPs ? <Results lines={lines ?? []} /> : null}
                    <ol className={pageStyles.members} aria-label={`Selections for ${fixture.FixtureName}, by member`}>
                      {groups.map((group) => (
                        <li key={group.userId} className={pageStyles.member}>
                          <MemberHeading group={group} isPs={isPs} />
                          <DataTable
                            caption={`Selections of ${group.user}`}
                            captionHidden
                            // A member's picks: a few short rows, one line each on a phone.
                            stackBelow="never"
                            className={`${styles.table} ${pageStyles.compact}`}
                            columns={columns}
                            data={group.lines}
                            getRowId={(line) => line.key}
                            getRowProps={(line) => {
                              const match = isPs ? null : matchesWinner(line);
                              return match === null ? undefined : { tone: match ? 'success' : 'error' };
                            }}
                            emptyMessage={messages.selections.noDetails}
                          />
                        </li>
                      ))}
                    </ol>
                  </>
                )
              }
            </QueryState>
          </div>
        </Card>
      ) : null}
    </Page>
  );
}

/** Each feature's winners, once (a phone's stand-in for the Winner column); nothing before a result. */
function Results({ lines }: { lines: readonly SelectionLine[] }) {
  const winners = new Map<string, string>();
  for (const line of lines) if (line.winner && !winners.has(line.what)) winners.set(line.what, line.winner);
  if (winners.size === 0) return null;
  return (
    <section className={pageStyles.results} aria-labelledby="all-selections-results">
      <h3 id="all-selections-results" className={pageStyles.resultsHeading}>
        Winners
      </h3>
      <dl className={pageStyles.resultList}>
        {[...winners].map(([feature, winner]) => (
          <div key={feature}>
            <dt>{feature}</dt>
            <dd>{winner}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** A member's name (the full name on a tap in private leagues), You, and how their picks fared. */
function MemberHeading({ group, isPs }: { group: MemberSelections; isPs: boolean }) {
  return (
    <h3 className={pageStyles.memberHeading}>
      {group.fullName ? (
        // The full name opens on a tap as well as on hover: phones show it too.
        <Toggletip label={`Full name of ${group.user}`} content={group.fullName}>
          <button type="button" className={styles.nameButton} aria-label={`${group.user} (${group.fullName})`}>
            {group.user}
          </button>
        </Toggletip>
      ) : (
        <span>{group.user}</span>
      )}
      {group.isOwn ? <OwnBadge /> : null}
      {!isPs && group.decided > 0 ? (
        <Text as="span" size="sm" tone="muted" weight="regular" className={pageStyles.tally}>
          {group.matches} of {group.decided} {group.decided === 1 ? 'pick matches' : 'picks match'}
        </Text>
      ) : null}
    </h3>
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
