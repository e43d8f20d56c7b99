import { messages } from '@fantasy-cricket/rules';
import { createDataTableColumnHelper, DataTable, type DataTableColumn } from '@fantasy-cricket/ui';
import { useMemo } from 'react';
import type { LeaderboardRow } from '../../data/standings/types';
import * as common from './leaderboard.css';
import * as live from '../../shared/live/live.css';
import * as styles from './LeaderboardTable.css';
import {
  DEFAULT_SORTING,
  describeChange,
  formatChange,
  formatPoints,
  type LiveLeaderboardRow,
  medalFor,
  medalLabel,
} from './standings';

const m = messages.leaderboard;

export interface LeaderboardTableProps {
  leagueName: string;
  rows: readonly LiveLeaderboardRow[];
  /** Private leagues show members' full names too (spec section 2). */
  showFullNames: boolean;
  /** Whether the points of `row` open its score details (others' only when the league shows picks). */
  canOpenDetails: (row: LeaderboardRow) => boolean;
  onOpenDetails: (row: LeaderboardRow) => void;
}

export function RankBadge({ position }: { position: number }) {
  const medal = medalFor(position);
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
 * The standings (spec section 2): rank with medals, position change, member, Points (opens the score
 * details) and Gain. Points and Gain sort; Points highest first to start with; a second click reverses.
 */
export function LeaderboardTable({
  leagueName,
  rows,
  showFullNames,
  canOpenDetails,
  onOpenDetails,
}: LeaderboardTableProps) {
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
            <RankBadge position={row.original.Position} />
            <span className={common.phoneOnly}>
              <PositionChange change={row.original.PositionChange} />
            </span>
          </span>
        ),
      }),
      col.accessor('PositionChange', {
        id: 'change',
        header: 'Change',
        meta: { align: 'center' },
        cell: (info) => <PositionChange change={info.getValue()} />,
      }),
      col.accessor('UserDisplayName', {
        id: 'member',
        header: 'Member',
        meta: { rowHeader: true },
        cell: ({ row }) => {
          const r = row.original;
          return (
            <span className={common.member}>
              <span className={common.memberName}>
                <span>{r.UserDisplayName}</span>
                {r.IsMe ? <span className={common.youBadge}>{messages.members.youAreHere}</span> : null}
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
        cell: ({ row }) => {
          const r = row.original;
          const points = formatPoints(r.TotalPoints);
          const liveNote =
            r.LivePoints !== undefined ? (
              <span className={styles.fullName} data-testid="live-points">
                {r.LivePoints >= 0 ? '+' : ''}
                {r.LivePoints} live
              </span>
            ) : null;
          const value = canOpenDetails(r) ? (
            <button
              type="button"
              className={common.linkButton}
              aria-label={`${points} points: score details of ${r.UserDisplayName}`}
              onClick={() => onOpenDetails(r)}
            >
              {points}
            </button>
          ) : (
            <span className={styles.strong}>{points}</span>
          );
          return liveNote ? (
            <span className={common.member}>
              {value}
              {liveNote}
            </span>
          ) : (
            value
          );
        },
      }),
      col.accessor('PointsGained', {
        id: 'gain',
        header: 'Gain',
        enableSorting: true,
        meta: { align: 'end' },
        cell: (info) => formatPoints(info.getValue()),
      }),
    ];
    return list;
  }, [showFullNames, canOpenDetails, onOpenDetails]);

  return (
    <DataTable
      caption={`Leaderboard of ${leagueName}`}
      captionHidden
      className={`${common.table} ${common.foldColumn.second}`}
      columns={columns}
      data={rows}
      getRowId={(r) => String(r.UserID)}
      getRowProps={(r) => (r.IsMe ? { tone: 'highlight', 'aria-current': 'true' } : undefined)}
      initialSorting={DEFAULT_SORTING}
      emptyMessage={m.empty}
    />
  );
}
