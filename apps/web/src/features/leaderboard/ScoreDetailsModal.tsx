import { messages } from '@fantasy-cricket/rules';
import { createDataTableColumnHelper, DataTable, type DataTableColumn, Modal, Text } from '@fantasy-cricket/ui';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { notifyError } from '../../shared/notify';
import { usePastPlayerSelectionsQuery } from '../../data/standings/past-player-selections-query';
import { usePastSelectionsQuery } from '../../data/standings/past-selections-query';
import { usePlayerScoringDetailsQuery } from '../../data/standings/player-scoring-details-query';
import type { PastPlayerSelection, PastSelection, PlayerScoringDetail } from '../../data/standings/types';
import { ExportButtons } from './ExportButtons';
import { useLiveStandings } from '../../data/live/live-standings-query';
import { ProvisionalMarker } from '../../shared/live/LiveState';
import { CameInFor, RoleMark } from '../../shared/scoring/RoleMark';
import { formatFactor } from '../../shared/scoring/teamRules';
import * as common from './leaderboard.css';
import * as styles from './ScoreDetailsModal.css';
import {
  earnedPoints,
  type FixtureGroup,
  formatPoints,
  groupByFixture,
  isMultiplied,
  multipliedText,
  type PredictionLine,
  countOf,
  winnerText,
  playerDetailsSheet,
  playerScoresSheet,
  predictionLine,
  predictionScoresSheet,
  roleText,
  sumPoints,
} from './standings';

const m = messages.leaderboard;

/** Whose score details are open, in which league. */
export interface ScoreTarget {
  leagueId: number;
  leagueName: string;
  playerSelection: boolean;
  userId: number;
  displayName: string;
  /** Scroll to and focus this fixture's section once the details are in (a result email's link). */
  fixtureId?: number;
}

/**
 * A failed load of a details popup shows the spec's message as a notification and closes the popup
 * (the popup holds nothing else to show). The query made the call; this only reacts to its failure.
 */
function useCloseOnError(error: unknown, fallback: string, onClose: () => void) {
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (!error) return;
    notifyError(error, fallback);
    close.current();
  }, [error, fallback]);
}

const highlight = (points: number) => (earnedPoints(points) ? ({ tone: 'success' } as const) : undefined);

function Summary({ total, label = 'Total', children }: { total: number; label?: string; children?: ReactNode }) {
  return (
    <div className={styles.summary}>
      <Text as="span" size="sm" tone="muted">
        {children}
      </Text>
      <span>
        <Text as="span" size="sm" tone="muted">
          {label}{' '}
        </Text>
        <span className={styles.totalValue}>{formatPoints(total)}</span>
        <Text as="span" size="sm" tone="muted">
          {' '}
          points
        </Text>
      </span>
    </div>
  );
}

function AutoPick() {
  return (
    <span className={styles.autoBadge} title="Picked for you by Auto-Picks by AI">
      Auto-pick
    </span>
  );
}

/** One fixture of the details: its label, its subtotal and its rows. */
function FixtureSection<T extends PastSelection | PastPlayerSelection, L extends object>({
  group,
  lines,
  columns,
  lineKey,
  points,
  tableClassName,
}: {
  tableClassName: string;
  group: FixtureGroup<T>;
  lines: L[];
  columns: DataTableColumn<L>[];
  lineKey: (line: L, index: number) => string;
  points: (line: L) => number;
}) {
  const headingId = `fixture-${group.fixtureId}`;
  // A live fixture: its points are provisional, as if it ended now.
  const provisional = group.rows.some((r) => r.Provisional);
  return (
    <section className={styles.fixtureGroup} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.fixtureHeading} tabIndex={-1}>
        <span>
          {group.label} {provisional ? <ProvisionalMarker label="Provisional · live" /> : null}
        </span>
        <span className={styles.subtotal}>
          {provisional ? 'So far' : 'Subtotal'}: {formatPoints(group.subtotal)} points
        </span>
      </h3>
      <DataTable
        caption={`${group.label}: subtotal ${formatPoints(group.subtotal)} points`}
        captionHidden
        className={`${common.table} ${tableClassName}`}
        columns={columns}
        data={lines}
        getRowId={lineKey}
        getRowProps={(line) => highlight(points(line))}
        emptyMessage={m.noScoreDetails}
      />
    </section>
  );
}

const predictionColumns = (() => {
  const col = createDataTableColumnHelper<PredictionLine>();
  const list: DataTableColumn<PredictionLine>[] = [
    col.accessor('feature', { header: 'Feature', meta: { rowHeader: true } }),
    col.accessor('selection', {
      header: 'Selection',
      cell: ({ row }) => (
        <span className={common.member}>
          <span className={common.memberName}>
            <span>{row.original.selection || '—'}</span>
            {row.original.isAutoPick ? <AutoPick /> : null}
          </span>
          <span className={styles.foldedText}>
            {row.original.winner || !row.original.provisional || !row.original.leading
              ? `Winner: ${winnerText(row.original)}`
              : winnerText(row.original)}
          </span>
        </span>
      ),
    }),
    col.accessor('winner', {
      header: 'Winner',
      cell: ({ row }) =>
        row.original.winner || (
          <Text as="span" size="sm" tone="muted">
            {winnerText(row.original)}
          </Text>
        ),
    }),
    col.accessor('points', { header: 'Points', meta: { align: 'end' }, cell: (info) => formatPoints(info.getValue()) }),
  ];
  return list;
})();

function PredictionDetails({ rows }: { rows: PastSelection[] }) {
  const groups = useMemo(() => groupByFixture(rows), [rows]);
  return groups.map((group) => (
    <FixtureSection
      key={group.fixtureId}
      group={group}
      lines={group.rows.map((row, i) => predictionLine(row, i))}
      columns={predictionColumns}
      tableClassName={common.foldColumn.third}
      lineKey={(line) => line.key}
      points={(line) => line.points}
    />
  ));
}

function PlayerSelectionDetails({
  rows,
  onOpenPlayer,
}: {
  rows: PastPlayerSelection[];
  onOpenPlayer: (row: PastPlayerSelection) => void;
}) {
  const groups = useMemo(() => groupByFixture(rows), [rows]);
  const columns = useMemo(() => {
    const col = createDataTableColumnHelper<PastPlayerSelection>();
    const list: DataTableColumn<PastPlayerSelection>[] = [
      col.accessor('PositionName', { header: 'Position' }),
      col.accessor('PlayerName', {
        header: 'Selection',
        meta: { rowHeader: true },
        cell: ({ row }) => (
          <span className={`${common.memberName} ${styles.pickName}`}>
            <span>
              {row.original.PlayerName}
              {row.original.Role ? ' ' : null}
              <RoleMark role={row.original.Role} />
            </span>
            {row.original.IsAutoPick ? <AutoPick /> : null}
            <CameInFor player={row.original.ReplacedPlayerName} />
          </span>
        ),
      }),
      col.accessor('Points', {
        header: 'Points',
        meta: { align: 'end' },
        cell: ({ row }) => {
          const pick = row.original;
          const points = formatPoints(pick.Points);
          // A captain's or vice-captain's points as worked out: "18 × 2 = 36".
          const worked = multipliedText(pick);
          const role = roleText(pick.Role).toLowerCase();
          return (
            <button
              type="button"
              className={`${common.linkButton} ${styles.pointsButton}`}
              aria-label={
                // The name starts with the text shown (a voice user says what they see).
                worked
                  ? `${worked} points${role ? `, ${role}` : ''}: score details of ${pick.PlayerName}`
                  : `${points} points: score details of ${pick.PlayerName}`
              }
              onClick={() => onOpenPlayer(pick)}
            >
              {worked ?? points}
            </button>
          );
        },
      }),
    ];
    return list;
  }, [onOpenPlayer]);
  return groups.map((group) => (
    <FixtureSection
      key={group.fixtureId}
      group={group}
      lines={group.rows}
      columns={columns}
      tableClassName={common.compact}
      lineKey={(row) => `${row.FixtureID}-${row.PlayerID}-${row.PositionName}`}
      points={(row) => row.Points}
    />
  ));
}

/** The score details of one member (spec section 2, "Score details modal"). */
export function ScoreDetailsModal({ target, onClose }: { target: ScoreTarget | null; onClose: () => void }) {
  const [player, setPlayer] = useState<PastPlayerSelection | null>(null);
  const close = useCallback(() => {
    setPlayer(null);
    onClose();
  }, [onClose]);
  const isPs = target?.playerSelection ?? false;
  const leagueId = target?.leagueId ?? 0;
  const userId = target?.userId ?? 0;
  const mp = usePastSelectionsQuery(leagueId, userId, { enabled: target !== null && !isPs });
  const ps = usePastPlayerSelectionsQuery(leagueId, userId, { enabled: target !== null && isPs });
  useCloseOnError(target ? (isPs ? ps.error : mp.error) : null, m.scoreDetailsFailed, close);
  const rows: readonly { FixtureID: number; Points: number }[] | null = (isPs ? ps.data : mp.data) ?? null;
  const sheet = useMemo(() => {
    if (isPs) return ps.data && ps.data.length > 0 ? playerScoresSheet(ps.data) : null;
    return mp.data && mp.data.length > 0 ? predictionScoresSheet(mp.data) : null;
  }, [isPs, mp.data, ps.data]);
  const closePlayer = useCallback(() => setPlayer(null), []);
  // Opened from a result email: that fixture's section is brought into view and focused, once.
  const focusFixture = target?.fixtureId;
  const focused = useRef<ScoreTarget | null>(null);
  const loaded = rows !== null;
  useEffect(() => {
    if (!target || focusFixture === undefined || !loaded || focused.current === target) return;
    focused.current = target;
    const heading = document.getElementById(`fixture-${focusFixture}`);
    if (!heading) return;
    heading.scrollIntoView?.({ block: 'start' });
    heading.focus();
  }, [target, focusFixture, loaded]);
  // A live fixture of the league: the member's provisional points, from the live standings. Each change
  // of them invalidates these details (the live event handler), so the picks' points move with them.
  const live = useLiveStandings(leagueId, { enabled: target !== null, refetchOnMount: false });
  const livePoints = live?.Provisional ? live.Rows.find((r) => r.UserID === userId)?.LivePoints : undefined;

  return (
    <Modal
      open={target !== null}
      onOpenChange={(open) => !open && close()}
      title={target ? `Score details: ${target.displayName}` : 'Score details'}
      description={target?.leagueName}
      size="lg"
      footer={<ExportButtons sheet={sheet} baseName="Scores" />}
    >
      <div className={common.section}>
        {livePoints !== undefined ? (
          <Text size="sm" role="status">
            <ProvisionalMarker label="Provisional · live" /> {livePoints >= 0 ? '+' : ''}
            {livePoints} points in the match being played, as if it ended now. Its picks below show their provisional
            points; the final figures replace them when it ends.
          </Text>
        ) : null}
        {rows === null ? (
          <Text tone="muted">Loading score details…</Text>
        ) : rows.length === 0 ? (
          <Text>{m.noScoreDetails}</Text>
        ) : (
          <>
            <Summary total={sumPoints(rows)}>
              {countOf(rows.length, isPs ? 'player picked' : 'pick', isPs ? 'players picked' : 'picks')} in{' '}
              {countOf(new Set(rows.map((r) => r.FixtureID)).size, 'started fixture', 'started fixtures')}
            </Summary>
            {isPs ? (
              <PlayerSelectionDetails rows={ps.data ?? []} onOpenPlayer={setPlayer} />
            ) : (
              <PredictionDetails rows={mp.data ?? []} />
            )}
          </>
        )}
      </div>
      {target && isPs ? <PlayerDetailsModal target={target} pick={player} onClose={closePlayer} /> : null}
    </Modal>
  );
}

const detailColumns = (() => {
  const col = createDataTableColumnHelper<PlayerScoringDetail>();
  const list: DataTableColumn<PlayerScoringDetail>[] = [
    col.accessor('PlayerName', { header: 'Player' }),
    col.accessor('FeatureName', { header: 'Feature', meta: { rowHeader: true } }),
    col.accessor('Count', { header: 'Count', meta: { align: 'end' } }),
    col.accessor('Points', { header: 'Points', meta: { align: 'end' }, cell: (info) => formatPoints(info.getValue()) }),
  ];
  return list;
})();

/** The per-stat breakdown of one picked player in one fixture (spec section 2, "Player score details modal"). */
export function PlayerDetailsModal({
  target,
  pick,
  onClose,
}: {
  target: ScoreTarget;
  pick: PastPlayerSelection | null;
  onClose: () => void;
}) {
  const details = usePlayerScoringDetailsQuery(
    {
      LeagueID: target.leagueId,
      FixtureID: pick?.FixtureID ?? 0,
      UserID: target.userId,
      PlayerID: pick?.PlayerID ?? 0,
    },
    { enabled: pick !== null },
  );
  useCloseOnError(pick ? details.error : null, m.playerDetailsFailed, onClose);
  const rows = details.data ?? null;

  const sheet = useMemo(
    () => (rows && rows.length > 0 ? playerDetailsSheet(rows, pick ?? undefined) : null),
    [rows, pick],
  );
  const multiplied = pick !== null && isMultiplied(pick);

  return (
    <Modal
      open={pick !== null}
      onOpenChange={(open) => !open && onClose()}
      title={pick ? `Player score details: ${pick.PlayerName}` : 'Player score details'}
      description={pick ? `${pick.FixtureName} · ${pick.PositionName} · picked by ${target.displayName}` : undefined}
      size="md"
      footer={<ExportButtons sheet={sheet} baseName="ScoreDetails" />}
    >
      <div className={common.section}>
        {rows === null ? (
          <Text tone="muted">Loading score details…</Text>
        ) : rows.length === 0 ? (
          <Text>{m.noScoreDetails}</Text>
        ) : (
          <>
            <Summary total={sumPoints(rows)} label={multiplied ? 'Base points' : 'Total'}>
              {rows.length} scoring {rows.length === 1 ? 'stat' : 'stats'}
            </Summary>
            {pick && multiplied ? <MultipliedNote pick={pick} base={sumPoints(rows)} /> : null}
            <DataTable
              caption={pick ? `Points of ${pick.PlayerName} by feature` : 'Points by feature'}
              captionHidden
              className={`${common.table} ${common.foldColumn.first}`}
              columns={detailColumns}
              data={rows}
              getRowId={(row, i) => `${row.FeatureName}-${i}`}
              getRowProps={(row) => highlight(row.Points)}
              emptyMessage={m.noScoreDetails}
            />
          </>
        )}
      </div>
    </Modal>
  );
}

/**
 * Under a captain's or vice-captain's stats: they add up to the base points, which the role's
 * multiplier turns into the pick's points ("18 × 2 = 36", rounded to a whole point).
 */
function MultipliedNote({ pick, base }: { pick: PastPlayerSelection; base: number }) {
  const role = roleText(pick.Role).toLowerCase();
  const counts = `${role ? `As ${role}, the` : 'The'} points count ${formatFactor(pick.Multiplier)}×, rounded to a whole point:`;
  return (
    <Text size="sm" data-testid="multiplied-note">
      The stats below add up to {pick.PlayerName}'s base points, {formatPoints(base)}. {counts}{' '}
      <span className={styles.worked}>{multipliedText(pick)}</span> points.
    </Text>
  );
}
