import {
  Button,
  Card,
  Checkbox,
  createDataTableColumnHelper,
  DataTable,
  type DataTableColumn,
  Select,
  Text,
} from '@fantasy-cricket/ui';
import { duplicatesMessage, fixtureLabel, hasStarted, messages, startedMessage } from '@fantasy-cricket/rules';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { storedUserAtom } from '../../app/atoms';
import { notify, notifySuccess } from '../../app/notify';
import type { League } from '../leagues/api';
import { useUserLeagues } from '../picks/useUserLeagues';
import {
  type Fixture,
  getMatchPredictionRows,
  getPlayerSelectionRows,
  getServerTime,
  listFixturePlayers,
  listFixtureTeams,
  listLeagueFixtures,
  type PlayerOption,
  type SaveResult,
  saveMatchPredictionPicks,
  savePlayerSelectionPicks,
  type TeamOption,
} from '../picks/api';
import { AutoPickBadge } from '../picks/badges';
import {
  fixtureOptions,
  isPlayerSelectionLeague,
  leagueOptions,
  selectableForPicks,
  upcomingFixtures,
} from '../picks/leagues';
import * as styles from '../picks/picks.css';
import { saveErrorText } from '../picks/saveError';
import { Page } from '../shell/Page';
import {
  duplicateRows,
  type GridRow,
  isPastRow,
  keepOpenChoices,
  matchPredictionItem,
  NONE_VALUE,
  optionsForRow,
  playerSelectionItem,
  rowsFromFeatures,
  rowsFromSlots,
  rowsToSave,
} from './grid';

const m = messages.selections;

interface FixtureData {
  rows: GridRow[];
  players: PlayerOption[];
  teams: TeamOption[];
}

/**
 * My Selections (spec sections 2–5, 8): choose an Active league with fixtures left, then an upcoming
 * fixture, and pick per Match Prediction feature or Player Selection slot. Saving sends only the rows
 * with a selection (touched ones unless copying to the other leagues), after the duplicate and
 * started checks against the server's clock.
 */
export function MySelectionsPage() {
  const user = useAtomValue(storedUserAtom);
  const userId = user?.userId ?? 0;
  const leagues = useUserLeagues(selectableForPicks, m.loadLeaguesFailed);
  const [leagueId, setLeagueId] = useState('');
  const [serverNow, setServerNow] = useState<string | null>(null);
  const [fixtures, setFixtures] = useState<Fixture[] | null>(null);
  const [fixturesLoading, setFixturesLoading] = useState(false);
  const [fixturesFailed, setFixturesFailed] = useState(false);
  const [fixtureId, setFixtureId] = useState('');
  const [data, setData] = useState<FixtureData | null>(null);
  const [dataLoading, setDataLoading] = useState(false);
  const [copy, setCopy] = useState(false);
  const [invalidKeys, setInvalidKeys] = useState<ReadonlySet<string>>(new Set());
  const [saving, setSaving] = useState(false);
  const [copiedTo, setCopiedTo] = useState<SaveResult['CopiedTo']>([]);
  // Answers for an earlier choice must not overwrite the current one.
  const leagueRequest = useRef(0);
  const fixtureRequest = useRef(0);

  const league = leagues?.find((l) => String(l.LeagueID) === leagueId);
  const isPs = league ? isPlayerSelectionLeague(league) : false;
  const fixture = fixtures?.find((f) => String(f.FixtureID) === fixtureId);

  const chooseLeague = async (id: string) => {
    const request = ++leagueRequest.current;
    fixtureRequest.current++;
    setLeagueId(id);
    setFixtures(null);
    setFixtureId('');
    setData(null);
    setCopiedTo([]);
    setInvalidKeys(new Set());
    setFixturesFailed(false);
    if (!id) return;
    setFixturesLoading(true);
    try {
      let now: string;
      try {
        now = await getServerTime();
      } catch {
        if (request === leagueRequest.current) {
          setFixturesFailed(true);
          notify('error', m.serverTimeFailed);
        }
        return;
      }
      if (request !== leagueRequest.current) return;
      setServerNow(now);
      let all: Fixture[];
      try {
        all = await listLeagueFixtures(Number(id));
      } catch {
        if (request === leagueRequest.current) {
          setFixturesFailed(true);
          notify('error', m.loadFixturesFailed);
        }
        return;
      }
      if (request !== leagueRequest.current) return;
      const upcoming = upcomingFixtures(all, now);
      setFixtures(upcoming);
      setFixtureId(upcoming[0] ? String(upcoming[0].FixtureID) : '');
    } finally {
      if (request === leagueRequest.current) setFixturesLoading(false);
    }
  };

  /**
   * Loads the grid of one fixture. With `keep`, the person's unsaved choices on rows still open at
   * `keep.now` survive the reload (used after a refused save, see `save`).
   */
  const loadFixtureData = useCallback(
    async (target: { league: League; fixture: Fixture }, keep?: { rows: readonly GridRow[]; now: string }) => {
      const request = ++fixtureRequest.current;
      const ids = { UserID: userId, LeagueID: target.league.LeagueID, FixtureID: target.fixture.FixtureID };
      const ps = isPlayerSelectionLeague(target.league);
      setDataLoading(true);
      try {
        const next: FixtureData = ps
          ? await Promise.all([getPlayerSelectionRows(ids), listFixturePlayers(ids.FixtureID)]).then(
              ([slots, players]) => ({ rows: rowsFromSlots(slots, target.fixture.FixtureName), players, teams: [] }),
            )
          : await Promise.all([
              getMatchPredictionRows(ids),
              listFixturePlayers(ids.FixtureID),
              listFixtureTeams(ids.FixtureID),
            ]).then(([features, players, teams]) => ({
              rows: rowsFromFeatures(features, target.fixture.FixtureName),
              players,
              teams,
            }));
        if (keep) next.rows = keepOpenChoices(next.rows, keep.rows, keep.now);
        if (request === fixtureRequest.current) setData(next);
      } catch {
        if (request !== fixtureRequest.current) return;
        setData({ rows: [], players: [], teams: [] });
        notify('error', ps ? m.loadPlayerSelectionFailed : m.loadFeaturesFailed);
      } finally {
        if (request === fixtureRequest.current) setDataLoading(false);
      }
    },
    [userId],
  );

  useEffect(() => {
    setInvalidKeys(new Set());
    if (league && fixture) void loadFixtureData({ league, fixture });
    else setData(null);
  }, [league, fixture, loadFixtureData]);

  const pick = useCallback((key: string, value: string) => {
    setInvalidKeys(new Set());
    setData((current) =>
      current
        ? {
            ...current,
            rows: current.rows.map((r) => (r.key === key ? { ...r, selectedID: Number(value), isTouched: true } : r)),
          }
        : current,
    );
  }, []);

  const save = async () => {
    if (!league || !fixture || !data) return;
    const toSave = rowsToSave(data.rows, copy);
    if (toSave.length === 0) {
      notify('info', m.noModified);
      return;
    }
    if (isPs) {
      const { duplicates, keys } = duplicateRows(data.rows);
      if (duplicates.length > 0) {
        setInvalidKeys(keys);
        notify('error', duplicatesMessage(duplicates));
        return;
      }
    }
    setSaving(true);
    try {
      let now: string;
      try {
        now = await getServerTime();
      } catch {
        notify('error', m.serverTimeUnavailable);
        return;
      }
      setServerNow(now);
      const started = toSave.filter((r) => hasStarted(r.StartTime, now));
      if (started.length > 0) {
        notify('error', startedMessage(started.map((r) => r.FixtureDisplayName)));
        return;
      }
      const ids = { UserID: userId, LeagueID: league.LeagueID };
      try {
        const result = isPs
          ? await savePlayerSelectionPicks(
              copy,
              toSave.map((r) => playerSelectionItem(r, ids)),
            )
          : await saveMatchPredictionPicks(
              copy,
              toSave.map((r) => matchPredictionItem(r, ids)),
            );
        notifySuccess(isPs ? m.savedPs : m.savedMp);
        setCopiedTo(result.CopiedTo);
      } catch (error) {
        notify('error', saveErrorText(error));
        // The server may refuse because a fixture started since the grid was loaded (an operator can
        // move a start time): reload the rows so started ones lock, keeping the other choices.
        await loadFixtureData({ league, fixture }, { rows: data.rows, now });
        return;
      }
      await loadFixtureData({ league, fixture });
    } finally {
      setSaving(false);
    }
  };

  const columns = useMemo(() => {
    const col = createDataTableColumnHelper<GridRow>();
    const list: DataTableColumn<GridRow>[] = [
      col.accessor('label', {
        id: 'label',
        header: isPs ? 'Player Position' : 'Feature',
        meta: { rowHeader: true },
        cell: ({ row }) => (
          <span className={styles.cellStack}>
            <span>{row.original.label}</span>
            {row.original.IsAutoPick ? <AutoPickBadge /> : null}
          </span>
        ),
      }),
      col.display({
        id: 'selection',
        header: 'Selection',
        cell: ({ row }) => {
          const r = row.original;
          if (isPastRow(r, serverNow)) {
            return (
              <span className={styles.cellStack}>
                <span>N/A</span>
                <Text as="span" size="sm" tone="muted">
                  Match started
                </Text>
              </span>
            );
          }
          return (
            <Select
              label={r.label}
              labelHidden
              className={styles.rowSelect}
              options={optionsForRow(r, data?.players ?? [], data?.teams ?? [], isPs)}
              value={r.selectedID === null ? '' : String(r.selectedID)}
              placeholder="Select…"
              onValueChange={(value) => pick(r.key, value || NONE_VALUE)}
              disabled={saving}
              error={invalidKeys.has(r.key) ? 'This player is picked more than once.' : undefined}
            />
          );
        },
      }),
    ];
    return list;
  }, [isPs, serverNow, data?.players, data?.teams, pick, saving, invalidKeys]);

  const showFixtureSelect = fixtures !== null && fixtures.length > 0;
  const hasRows = Boolean(data && data.rows.length > 0);

  return (
    <Page title="My Selections" intro="Make your picks for the next fixtures of your leagues." width="wide">
      <Card>
        <div className={styles.section}>
          {leagues === null ? (
            <Text tone="muted">Loading your leagues…</Text>
          ) : leagues.length === 0 ? (
            <Text>{messages.myLeagues.empty}</Text>
          ) : (
            <div className={styles.controls}>
              <Select
                label={m.selectLeague}
                placeholder={m.selectLeague}
                required
                options={leagueOptions(leagues)}
                value={leagueId}
                onValueChange={(id) => void chooseLeague(id)}
              />
              {showFixtureSelect ? (
                <Select
                  label="Select Fixture"
                  options={fixtureOptions(fixtures)}
                  value={fixtureId}
                  onValueChange={(id) => {
                    setCopiedTo([]);
                    setFixtureId(id);
                  }}
                />
              ) : null}
            </div>
          )}
          {fixturesLoading ? <Text tone="muted">Loading fixtures…</Text> : null}
          {fixturesFailed && !fixturesLoading ? (
            <div>
              <Button variant="secondary" onClick={() => void chooseLeague(leagueId)}>
                Try again
              </Button>
            </div>
          ) : null}
          {fixtures !== null && fixtures.length === 0 ? <Text role="status">{m.noUpcomingFixture}</Text> : null}
          {fixture ? (
            <Text tone="muted" size="sm">
              {league?.LeagueTypeName} · {fixtureLabel(fixture)}
            </Text>
          ) : null}
        </div>
      </Card>
      {fixture ? (
        <Card>
          <div className={styles.section}>
            {dataLoading && !data ? (
              <Text tone="muted">Loading your selections…</Text>
            ) : data ? (
              <>
                <Checkbox
                  label={isPs ? m.copyPs : m.copyMp}
                  checked={copy}
                  onChange={(event) => setCopy(event.currentTarget.checked)}
                />
                <DataTable
                  caption={`Your selections for ${fixture.FixtureName}`}
                  captionHidden
                  className={styles.table}
                  columns={columns}
                  data={data.rows}
                  getRowId={(r) => r.key}
                  getRowProps={(r) => (invalidKeys.has(r.key) ? { tone: 'error' } : undefined)}
                  emptyMessage={
                    isPs ? 'No player positions to pick for this fixture.' : 'No features to pick for this fixture.'
                  }
                />
                {hasRows ? (
                  <div className={styles.actions}>
                    <Button onClick={() => void save()} loading={saving}>
                      Save Selections
                    </Button>
                  </div>
                ) : null}
                {copiedTo.length > 0 ? (
                  <Text size="sm" tone="muted" role="status">
                    Also copied to:{' '}
                    {copiedTo
                      .map((c) => `${c.LeagueName} (${c.Saved} saved${c.Skipped ? `, ${c.Skipped} skipped` : ''})`)
                      .join(', ')}
                  </Text>
                ) : null}
              </>
            ) : null}
          </div>
        </Card>
      ) : null}
    </Page>
  );
}
