import { messages } from '@fantasy-cricket/rules';
import {
  createDataTableColumnHelper,
  DataTable,
  type DataTableColumn,
  type DataTableSorting,
} from '@fantasy-cricket/ui';
import {
  createContext,
  type MouseEvent,
  type ReactNode,
  useCallback,
  useContext,
  useId,
  useMemo,
  useState,
} from 'react';
import type { LeaderboardRow } from '../../data/standings/types';
import { ChevronIcon } from '../../shared/icons';
import * as live from '../../shared/live/live.css';
import { usePhoneScreen } from '../../shared/usePhoneScreen';
import * as common from './leaderboard.css';
import * as styles from './LeaderboardTable.css';
import {
  DEFAULT_SORTING,
  describeChange,
  formatChange,
  formatPoints,
  type LiveLeaderboardRow,
  medalFor,
  medalLabel,
  nextSorting,
} from './standings';

const m = messages.leaderboard;

const NO_SORTING: DataTableSorting = [];

export interface LeaderboardTableProps {
  leagueName: string;
  rows: readonly LiveLeaderboardRow[];
  /** Private leagues show members' full names too (spec section 2). */
  showFullNames: boolean;
  /** Whether the points of `row` open its score details (others' only when the league shows picks). */
  canOpenDetails: (row: LeaderboardRow) => boolean;
  onOpenDetails: (row: LeaderboardRow) => void;
}

export function RankBadge({ position, points }: { position: number; points: number }) {
  const medal = medalFor(position, points);
  return (
    <span className={styles.medal[medal ?? 'none']} title={medal ? `${medalLabel[medal]} medal` : undefined}>
      {position}
      {medal ? <span className={common.visuallyHidden}> ({medalLabel[medal]} medal)</span> : null}
    </span>
  );
}

export function PositionChange({ change }: { change: number }) {
  const tone = change > 0 ? 'up' : change < 0 ? 'down' : 'same';
  return (
    <span className={styles.change[tone]}>
      <span aria-hidden="true">{formatChange(change)}</span>
      <span className={common.visuallyHidden}>{describeChange(change)}</span>
    </span>
  );
}

/**
 * The mark beside a figure that includes the match being played (text, not colour alone). On a phone
 * only its dot shows (the word stays for screen readers): the note above the table and each row's
 * details say it in full.
 */
function LiveMark({ testId, compact = false }: { testId?: string; compact?: boolean }) {
  return (
    <span className={styles.liveMark} data-testid={testId}>
      <span className={live.dot} aria-hidden="true" />
      <span className={compact ? common.visuallyHidden : undefined}>live</span>
    </span>
  );
}

const isLive = (r: LiveLeaderboardRow) => r.LivePoints !== undefined;

/** Points, and a live mark when they include the match being played. */
function PointsValue({
  row,
  canOpen,
  onOpen,
  compact,
}: {
  row: LiveLeaderboardRow;
  canOpen: boolean;
  onOpen: (row: LeaderboardRow) => void;
  compact: boolean;
}) {
  const points = formatPoints(row.TotalPoints);
  const label = isLive(row)
    ? `${points} points, including ${formatPoints(row.LivePoints!)} live: score details of ${row.UserDisplayName}`
    : `${points} points: score details of ${row.UserDisplayName}`;
  return (
    <span className={styles.figure}>
      {canOpen ? (
        <button
          type="button"
          className={`${common.linkButton} ${styles.pointsButton}`}
          aria-label={label}
          onClick={() => onOpen(row)}
        >
          {points}
        </button>
      ) : (
        <span className={styles.strong}>{points}</span>
      )}
      {isLive(row) ? <LiveMark testId="live-points" compact={compact} /> : null}
    </span>
  );
}

/** What a phone's compact row keeps out of sight, shown when the row is expanded. */
function RowDetails({
  row,
  id,
  showFullNames,
  canOpen,
  onOpen,
}: {
  row: LiveLeaderboardRow;
  id: string;
  showFullNames: boolean;
  canOpen: boolean;
  onOpen: (row: LeaderboardRow) => void;
}) {
  const liveRow = isLive(row);
  return (
    <div id={id} className={styles.details}>
      {showFullNames && row.UserFullName ? <p className={styles.detailName}>{row.UserFullName}</p> : null}
      <dl className={styles.detailList}>
        <div>
          <dt>Points</dt>
          <dd>
            {formatPoints(row.TotalPoints)}
            {liveRow ? ` (${formatPoints(row.LivePoints!)} of them in the match being played)` : null}
          </dd>
        </div>
        <div>
          <dt>Gain</dt>
          <dd>
            {formatPoints(row.PointsGained)}
            {liveRow ? ' in the match being played, so far' : ' in the latest scored fixture'}
          </dd>
        </div>
        <div>
          <dt>Change</dt>
          <dd>{describeChange(row.PositionChange)}</dd>
        </div>
      </dl>
      {canOpen ? (
        <button type="button" className={common.linkButton} onClick={() => onOpen(row)}>
          Score details of {row.UserDisplayName}
        </button>
      ) : null}
    </div>
  );
}

/** Which rows of the phone's table are open (read by the name cells, so the columns stay the same). */
const Disclosure = createContext<{
  expanded: ReadonlySet<number>;
  toggle: (userId: number) => void;
  detailId: (userId: number) => string;
}>({ expanded: new Set(), toggle: () => {}, detailId: (id) => String(id) });

/** On a phone, the member's name opens and closes the row's details. */
function MemberToggle({ row, you }: { row: LiveLeaderboardRow; you: ReactNode }) {
  const { expanded, toggle, detailId } = useContext(Disclosure);
  const open = expanded.has(row.UserID);
  return (
    <button
      type="button"
      className={styles.memberToggle}
      aria-expanded={open}
      aria-controls={open ? detailId(row.UserID) : undefined}
      onClick={() => toggle(row.UserID)}
    >
      <span className={common.memberName}>
        <span>{row.UserDisplayName}</span>
        {you}
      </span>
      <ChevronIcon className={open ? styles.chevronOpen : styles.chevron} />
    </button>
  );
}

const SORT_COLUMNS = [
  { id: 'points', label: 'Points' },
  { id: 'gain', label: 'Gain' },
] as const;

/** A phone's sort control: Points and Gain (the Gain column folds into each row's details there). */
function SortBar({ sorting, onChange }: { sorting: DataTableSorting; onChange: (next: DataTableSorting) => void }) {
  return (
    <fieldset className={styles.sortBar}>
      <legend className={common.visuallyHidden}>Sort the leaderboard</legend>
      <span className={styles.sortLabel} aria-hidden="true">
        Sort by
      </span>
      {SORT_COLUMNS.map(({ id, label }) => {
        const active = sorting[0]?.id === id;
        const desc = sorting[0]?.desc ?? true;
        return (
          <button
            key={id}
            type="button"
            className={styles.sortButton}
            aria-pressed={active}
            aria-label={`Sort by ${label}${active ? (desc ? ', highest first' : ', lowest first') : ''}`}
            onClick={() => onChange(nextSorting(sorting, id))}
          >
            {label}
            <span aria-hidden="true" className={styles.sortArrow}>
              {active ? (desc ? '↓' : '↑') : '↕'}
            </span>
          </button>
        );
      })}
    </fieldset>
  );
}

/**
 * The standings (spec section 2): rank with medals, position change, member, Points (opens the score
 * details) and Gain. Points and Gain sort; Points highest first to start with; a second click reverses.
 *
 * On a phone each member is one compact line (rank, change, name, points): the name expands the row
 * to its details (full name, gain, a link to the score details), and a sort bar keeps Points and Gain.
 * While a match of the league is live, Points include it and Gain is what it has brought so far, both
 * marked live.
 */
export function LeaderboardTable({
  leagueName,
  rows,
  showFullNames,
  canOpenDetails,
  onOpenDetails,
}: LeaderboardTableProps) {
  const phone = usePhoneScreen();
  const [sorting, setSorting] = useState<DataTableSorting>(DEFAULT_SORTING);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const toggle = useCallback(
    (userId: number) =>
      setExpanded((open) => {
        const next = new Set(open);
        if (!next.delete(userId)) next.add(userId);
        return next;
      }),
    [],
  );
  const detailsId = useId();
  const detailId = useCallback((userId: number) => `${detailsId}-${userId}`, [detailsId]);

  const columns = useMemo(() => {
    const col = createDataTableColumnHelper<LiveLeaderboardRow>();
    const list: DataTableColumn<LiveLeaderboardRow>[] = [
      col.accessor('Position', {
        id: 'rank',
        header: 'Rank',
        meta: { align: 'center', narrow: 'title' },
        cell: ({ row }) => (
          <span
            className={`${styles.rankCell} ${row.original.RankMoved ? live.changed : ''}`}
            // A new key restarts the highlight each time the rank moves.
            key={`${row.original.Position}:${row.original.RankMoved ?? 0}`}
            data-moved={row.original.RankMoved ? (row.original.RankMoved > 0 ? 'up' : 'down') : undefined}
          >
            <RankBadge position={row.original.Position} points={row.original.TotalPoints} />
            {/* On a phone the change of rank sits beside the rank: one column less to fit. */}
            {phone ? <PositionChange change={row.original.PositionChange} /> : null}
          </span>
        ),
      }),
    ];
    if (!phone) {
      list.push(
        col.accessor('PositionChange', {
          id: 'change',
          header: 'Change',
          meta: { align: 'center' },
          cell: (info) => <PositionChange change={info.getValue()} />,
        }),
      );
    }
    list.push(
      col.accessor('UserDisplayName', {
        id: 'member',
        header: 'Member',
        meta: { rowHeader: true },
        cell: ({ row }) => {
          const r = row.original;
          const you = r.IsMe ? <span className={common.youBadge}>{messages.members.youAreHere}</span> : null;
          if (phone) return <MemberToggle row={r} you={you} />;
          return (
            <span className={common.member}>
              <span className={common.memberName}>
                <span>{r.UserDisplayName}</span>
                {you}
              </span>
              {showFullNames && r.UserFullName ? <span className={styles.fullName}>{r.UserFullName}</span> : null}
            </span>
          );
        },
      }),
      col.accessor('TotalPoints', {
        id: 'points',
        header: 'Points',
        enableSorting: true,
        meta: { align: 'end' },
        cell: ({ row }) => (
          <PointsValue
            row={row.original}
            canOpen={canOpenDetails(row.original)}
            onOpen={onOpenDetails}
            compact={phone}
          />
        ),
      }),
    );
    if (!phone) {
      list.push(
        col.accessor('PointsGained', {
          id: 'gain',
          header: 'Gain',
          enableSorting: true,
          meta: { align: 'end' },
          cell: ({ row }) => (
            <span className={styles.figure}>
              {formatPoints(row.original.PointsGained)}
              {isLive(row.original) ? <LiveMark /> : null}
            </span>
          ),
        }),
      );
    }
    return list;
  }, [phone, showFullNames, canOpenDetails, onOpenDetails]);

  // On a phone, a tap anywhere on a row (but its buttons) opens or closes its details.
  const rowTap = useCallback(
    (userId: number) => (event: MouseEvent<HTMLTableRowElement>) => {
      if ((event.target as Element).closest('button, a')) return;
      toggle(userId);
    },
    [toggle],
  );

  // The Gain column is not on a phone: sorted by Gain from the sort bar, the rows come in that order
  // (ties keep their rank order, as the table's own sort does).
  const byGain = phone && sorting[0]?.id === 'gain';
  const data = useMemo(() => {
    if (!byGain) return rows;
    const sign = sorting[0]?.desc === false ? 1 : -1;
    return [...rows].sort((a, b) => sign * (a.PointsGained - b.PointsGained));
  }, [rows, byGain, sorting]);

  const disclosure = useMemo(() => ({ expanded, toggle, detailId }), [expanded, toggle, detailId]);

  return (
    <Disclosure.Provider value={disclosure}>
      <div className={styles.wrap}>
        {phone ? <SortBar sorting={sorting} onChange={setSorting} /> : null}
        <DataTable
          caption={`Leaderboard of ${leagueName}`}
          captionHidden
          className={`${common.table} ${phone ? styles.compact : ''}`}
          stackBelow="never"
          columns={columns}
          data={data}
          getRowId={(r) => String(r.UserID)}
          getRowProps={(r) => ({
            ...(r.IsMe ? { tone: 'highlight' as const, 'aria-current': 'true' as const } : {}),
            ...(phone ? { onClick: rowTap(r.UserID), className: styles.tappable } : {}),
          })}
          renderRowDetail={
            phone
              ? (r) =>
                  expanded.has(r.UserID) ? (
                    <RowDetails
                      row={r}
                      id={detailId(r.UserID)}
                      showFullNames={showFullNames}
                      canOpen={canOpenDetails(r)}
                      onOpen={onOpenDetails}
                    />
                  ) : null
              : undefined
          }
          sorting={byGain ? NO_SORTING : sorting}
          onSortingChange={setSorting}
          emptyMessage={m.empty}
        />
      </div>
    </Disclosure.Provider>
  );
}
