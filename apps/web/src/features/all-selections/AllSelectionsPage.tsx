import {
  Card,
  createDataTableColumnHelper,
  DataTable,
  type DataTableColumn,
  Select,
  Text,
  TextField,
  Tooltip,
} from '@fantasy-cricket/ui';
import { messages } from '@fantasy-cricket/rules';
import { useEffect, useMemo, useRef, useState } from 'react';
import { notify } from '../../app/notify';
import { useUserLeagues } from '../picks/useUserLeagues';
import { type Fixture, listFixturePlayerSelections, listFixtureSelections, listLeagueFixtures } from '../picks/api';
import { AutoPickBadge, OwnBadge, ResultBadge } from '../picks/badges';
import {
  fixtureOptions,
  isPlayerSelectionLeague,
  leagueOptions,
  sortByStart,
  viewableForSelections,
} from '../picks/leagues';
import * as styles from '../picks/picks.css';
import { Page } from '../shell/Page';
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
  const leagues = useUserLeagues(viewableForSelections, m.loadLeaguesFailed);
  const [leagueId, setLeagueId] = useState('');
  const [fixtures, setFixtures] = useState<Fixture[] | null>(null);
  const [fixtureId, setFixtureId] = useState('');
  const [lines, setLines] = useState<SelectionLine[] | null>(null);
  const [query, setQuery] = useState('');
  const leagueRequest = useRef(0);
  const fixtureRequest = useRef(0);

  const league = leagues?.find((l) => String(l.LeagueID) === leagueId);
  const isPs = league ? isPlayerSelectionLeague(league) : false;
  const fixture = fixtures?.find((f) => String(f.FixtureID) === fixtureId);

  const chooseLeague = async (id: string) => {
    const request = ++leagueRequest.current;
    setLeagueId(id);
    setFixtures(null);
    setFixtureId('');
    setLines(null);
    if (!id) return;
    try {
      const all = sortByStart(await listLeagueFixtures(Number(id)));
      if (request !== leagueRequest.current) return;
      setFixtures(all);
      setFixtureId(String(defaultFixture(all)?.FixtureID ?? ''));
    } catch {
      if (request !== leagueRequest.current) return;
      setFixtures([]);
      notify('error', m.loadFixturesFailed);
    }
  };

  useEffect(() => {
    const request = ++fixtureRequest.current;
    if (!league || !fixture) {
      setLines(null);
      return;
    }
    setLines(null);
    const ps = isPlayerSelectionLeague(league);
    const load = ps
      ? listFixturePlayerSelections(league.LeagueID, fixture.FixtureID).then(linesFromPlayerSelections)
      : listFixtureSelections(league.LeagueID, fixture.FixtureID).then(linesFromMatchPredictions);
    load
      .then((next) => request === fixtureRequest.current && setLines(next))
      .catch(() => {
        if (request !== fixtureRequest.current) return;
        setLines([]);
        notify('error', m.loadSelectionsFailed);
      });
  }, [league, fixture]);

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
                value={leagueId}
                onValueChange={(id) => void chooseLeague(id)}
              />
              {fixtures && fixtures.length > 0 ? (
                <Select
                  label="Select Fixture"
                  options={fixtureOptions(fixtures)}
                  value={fixtureId}
                  onValueChange={setFixtureId}
                />
              ) : null}
            </div>
          )}
          {leagueId && fixtures === null ? <Text tone="muted">Loading fixtures…</Text> : null}
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
            {lines === null ? (
              <Text tone="muted">Loading selections…</Text>
            ) : (
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
          </div>
        </Card>
      ) : null}
    </Page>
  );
}
