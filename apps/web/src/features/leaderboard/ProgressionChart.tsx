import { Button, createDataTableColumnHelper, DataTable, type DataTableColumn, Text } from '@fantasy-cricket/ui';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { PointsProgression } from '../../data/standings/types';
import * as common from './leaderboard.css';
import * as styles from './ProgressionChart.css';
import { formatPoints } from './standings';

/**
 * Points progression (beyond the spec): every member's cumulative points after each scored fixture,
 * as a hand-drawn SVG line chart. The user's own line is the thick green one; the leader's is dashed.
 * Screen readers get a named image with a summary, and the same numbers as a table (visually hidden,
 * or shown with "Show as table").
 */

type Series = PointsProgression['Series'][number];

const HEIGHT = 280;
const PAD = { top: 16, right: 56, bottom: 40, left: 44 };
const MIN_LABEL_GAP = 36;

/** A round step for about `count` ticks between 0 and `max`. */
export function niceTicks(max: number, count = 4): number[] {
  if (max <= 0) return [0];
  const raw = max / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((f) => f * magnitude).find((s) => s >= raw) ?? raw;
  const ticks: number[] = [];
  for (let v = 0; v < max + step; v += step) ticks.push(Math.round(v * 100) / 100);
  return ticks;
}

/** 'Match 13' → '13'; any other name → its place in the list. */
export function fixtureTick(name: string, index: number): string {
  return /(\d+)\s*$/.exec(name)?.[1] ?? String(index + 1);
}

const finalPoints = (s: Series) => s.Points[s.Points.length - 1] ?? 0;

/**
 * The member ahead after the last fixture (first listed on a tie); nobody while no one has points
 * (a table where everyone has 0 names no leader).
 */
export function leaderOf(series: readonly Series[]): Series | undefined {
  const best = series.reduce<Series | undefined>(
    (top, s) => (!top || finalPoints(s) > finalPoints(top) ? s : top),
    undefined,
  );
  return best && finalPoints(best) > 0 ? best : undefined;
}

/** The chart's text summary, read as its description. */
export function describeProgression(data: PointsProgression): string {
  const n = data.Fixtures.length;
  const members = data.Series.length;
  const parts = [
    `Cumulative points of ${members} ${members === 1 ? 'member' : 'members'} over ${n} scored ${n === 1 ? 'fixture' : 'fixtures'}.`,
  ];
  const leader = leaderOf(data.Series);
  if (leader) parts.push(`Leader: ${leader.UserDisplayName} with ${formatPoints(finalPoints(leader))} points.`);
  const me = data.Series.find((s) => s.IsMe);
  if (me && me !== leader) parts.push(`You (${me.UserDisplayName}): ${formatPoints(finalPoints(me))} points.`);
  return parts.join(' ');
}

function useWidth<T extends HTMLElement>(fallback: number) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const w = el.getBoundingClientRect().width;
      if (w > 0) setWidth(Math.round(w));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

function ProgressionTable({ data, hidden }: { data: PointsProgression; hidden: boolean }) {
  const columns = useMemo(() => {
    const col = createDataTableColumnHelper<Series>();
    const list: DataTableColumn<Series>[] = [
      col.accessor('UserDisplayName', {
        header: 'Member',
        meta: { rowHeader: true },
        cell: ({ row }) => (row.original.IsMe ? `${row.original.UserDisplayName} (you)` : row.original.UserDisplayName),
      }),
      ...data.Fixtures.map((f, i) =>
        col.accessor((s) => s.Points[i] ?? 0, {
          id: `f${f.FixtureID}`,
          header: f.FixtureName,
          meta: { align: 'end' as const },
          cell: (info) => formatPoints(info.getValue()),
        }),
      ),
    ];
    return list;
  }, [data]);
  return (
    <div className={hidden ? common.visuallyHidden : undefined}>
      <DataTable
        caption="Cumulative points after each scored fixture"
        captionHidden={hidden}
        className={common.table}
        columns={columns}
        data={data.Series}
        getRowId={(s) => String(s.UserID)}
        getRowProps={(s) => (s.IsMe ? { tone: 'highlight' } : undefined)}
        emptyMessage="No members yet."
      />
    </div>
  );
}

export function ProgressionChart({ data }: { data: PointsProgression }) {
  const [asTable, setAsTable] = useState(false);
  const [boxRef, width] = useWidth<HTMLDivElement>(640);
  const titleId = useId();
  const descId = useId();

  const n = data.Fixtures.length;
  const me = data.Series.find((s) => s.IsMe);
  const leader = leaderOf(data.Series);
  const max = Math.max(0, ...data.Series.flatMap((s) => s.Points));
  const ticks = niceTicks(max);
  const top = ticks[ticks.length - 1] || 1;
  const plotW = Math.max(40, width - PAD.left - PAD.right);
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (n <= 1 ? plotW / 2 : (i / (n - 1)) * plotW);
  const y = (v: number) => PAD.top + plotH - (v / top) * plotH;
  const every = Math.max(1, Math.ceil(n / Math.max(1, Math.floor(plotW / MIN_LABEL_GAP))));
  const path = (s: Series) => s.Points.map((p, i) => `${x(i).toFixed(1)},${y(p).toFixed(1)}`).join(' ');
  const others = data.Series.filter((s) => s !== me && s !== leader);

  if (n === 0) {
    return <Text tone="muted">No fixtures scored yet: the chart fills in after the first result.</Text>;
  }

  return (
    <figure className={styles.chartFigure}>
      <div className={styles.chartHeader}>
        <ul className={styles.legend} aria-label="Legend">
          {me ? (
            <li className={styles.legendItem}>
              <span className={styles.swatch.me} aria-hidden="true" />
              You ({me.UserDisplayName})
            </li>
          ) : null}
          {leader && leader !== me ? (
            <li className={styles.legendItem}>
              <span className={styles.swatch.leader} aria-hidden="true" />
              Leader ({leader.UserDisplayName})
            </li>
          ) : null}
          {others.length > 0 ? (
            <li className={styles.legendItem}>
              <span className={styles.swatch.other} aria-hidden="true" />
              Other members
            </li>
          ) : null}
        </ul>
        <Button variant="ghost" size="sm" aria-pressed={asTable} onClick={() => setAsTable((v) => !v)}>
          Show as table
        </Button>
      </div>
      <div ref={boxRef} hidden={asTable}>
        <svg
          className={styles.chartSvg}
          role="img"
          aria-labelledby={`${titleId} ${descId}`}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          width={width}
          height={HEIGHT}
        >
          <title id={titleId}>Points progression</title>
          <desc id={descId}>{describeProgression(data)}</desc>
          {ticks.map((t) => (
            <g key={t}>
              <line className={styles.gridLine} x1={PAD.left} x2={PAD.left + plotW} y1={y(t)} y2={y(t)} />
              <text className={styles.axisText} x={PAD.left - 8} y={y(t)} dy="0.32em" textAnchor="end">
                {formatPoints(t)}
              </text>
            </g>
          ))}
          {data.Fixtures.map((f, i) =>
            i % every === 0 || i === n - 1 ? (
              <text key={f.FixtureID} className={styles.axisText} x={x(i)} y={PAD.top + plotH + 16} textAnchor="middle">
                {fixtureTick(f.FixtureName, i)}
              </text>
            ) : null,
          )}
          <text className={styles.axisText} x={PAD.left + plotW / 2} y={HEIGHT - 4} textAnchor="middle">
            Match
          </text>
          {others.map((s) => (
            <polyline key={s.UserID} className={styles.otherLine} points={path(s)}>
              <title>{`${s.UserDisplayName}: ${formatPoints(finalPoints(s))} points`}</title>
            </polyline>
          ))}
          {leader && leader !== me ? (
            <polyline className={styles.leaderLine} points={path(leader)}>
              <title>{`${leader.UserDisplayName}: ${formatPoints(finalPoints(leader))} points`}</title>
            </polyline>
          ) : null}
          {me ? (
            <g data-me="">
              <polyline className={styles.myLine} points={path(me)}>
                <title>{`You: ${formatPoints(finalPoints(me))} points`}</title>
              </polyline>
              {me.Points.map((p, i) =>
                n <= 24 || i === n - 1 ? (
                  <circle
                    key={data.Fixtures[i]?.FixtureID ?? i}
                    className={styles.myPoint}
                    cx={x(i)}
                    cy={y(p)}
                    r={3.5}
                  />
                ) : null,
              )}
              <text className={styles.endLabel} x={x(n - 1) + 8} y={y(finalPoints(me))} dy="0.32em">
                You
              </text>
            </g>
          ) : null}
          {n === 1
            ? data.Series.filter((s) => s !== me).map((s) => (
                <circle key={s.UserID} className={styles.otherLine} cx={x(0)} cy={y(finalPoints(s))} r={3} />
              ))
            : null}
        </svg>
      </div>
      <ProgressionTable data={data} hidden={!asTable} />
    </figure>
  );
}

export default ProgressionChart;
