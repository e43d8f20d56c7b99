import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { vars } from '../../theme/contract.css';
import { TextLink } from '../TextLink/TextLink';
import { createDataTableColumnHelper, DataTable } from './DataTable';

type LeaderRow = {
  rank: number;
  change: number;
  name: string;
  fullName: string;
  points: number;
  gain: number;
  me?: boolean;
};

const leaders: LeaderRow[] = [
  { rank: 1, change: 2, name: 'SixerSam', fullName: 'Sam Patel', points: 412, gain: 38 },
  { rank: 2, change: -1, name: 'GoldenArm', fullName: 'Priya Nair', points: 398, gain: 12 },
  { rank: 3, change: 0, name: 'CoverDrive', fullName: 'Tom Hughes', points: 377, gain: 25 },
  { rank: 4, change: 1, name: 'AshaBowls', fullName: 'Asha Khan', points: 350, gain: 41, me: true },
  { rank: 5, change: -2, name: 'LongOn', fullName: 'Ben Li', points: 322, gain: 6 },
  { rank: 6, change: 0, name: 'Yorker99', fullName: 'Chen Wu', points: 298, gain: 0 },
];

const medal = { 1: vars.color.gold, 2: vars.color.silver, 3: vars.color.bronze } as Record<number, string>;

function Rank({ rank }: { rank: number }) {
  const bg = medal[rank];
  return (
    <span
      style={{
        display: 'inline-grid',
        placeItems: 'center',
        width: 28,
        height: 28,
        borderRadius: 999,
        fontWeight: 700,
        background: bg ?? 'transparent',
        color: bg ? vars.color.onRank : 'inherit',
      }}
    >
      {rank}
    </span>
  );
}

const col = createDataTableColumnHelper<LeaderRow>();
const leaderColumns = col.columns([
  col.accessor('rank', { header: 'Rank', cell: (info) => <Rank rank={info.getValue()} /> }),
  col.accessor('change', {
    header: 'Change',
    cell: (info) => {
      const v = info.getValue();
      return v === 0 ? '–' : v > 0 ? `+${v}` : `${v}`;
    },
    meta: { align: 'center' },
  }),
  col.accessor('name', {
    header: 'Member',
    meta: { rowHeader: true },
    cell: (info) => (
      <span>
        {info.getValue()} {info.row.original.me ? <strong>(You are here)</strong> : null}
        <br />
        <small style={{ color: vars.color.textMuted, fontWeight: 400 }}>{info.row.original.fullName}</small>
      </span>
    ),
  }),
  col.accessor('points', {
    header: 'Points',
    enableSorting: true,
    meta: { align: 'end' },
    cell: (info) => <TextLink href={`#score-${info.row.original.rank}`}>{info.getValue()}</TextLink>,
  }),
  col.accessor('gain', { header: 'Gain', enableSorting: true, meta: { align: 'end' } }),
]);

const meta = {
  title: 'Data/DataTable',
  component: DataTable<LeaderRow>,
  tags: ['autodocs'],
  argTypes: {
    columns: {
      description:
        'Column definitions (`createDataTableColumnHelper<Row>()`): header, accessor or cell, `enableSorting`, `meta.align`, `meta.rowHeader`.',
      control: false,
      table: { type: { summary: 'ReadonlyArray<DataTableColumn<TData>>' } },
    },
    data: {
      description: 'The rows, in their initial order.',
      control: false,
      table: { type: { summary: 'ReadonlyArray<TData>' } },
    },
    onSortingChange: {
      description: 'Called with the new sorting when a header is pressed (controlled or not).',
      table: { type: { summary: '(sorting: { id: string; desc: boolean }[]) => void' } },
    },
    className: { description: 'Class for the wrapper (the scroll frame).' },
    id: { description: 'id of the wrapper.' },
  },
  args: {
    columns: leaderColumns,
    data: leaders,
    emptyMessage: 'No leaderboard data available.',
    caption: 'Leaderboard · Big Bash Friends',
    initialSorting: [{ id: 'points', desc: true }],
    getRowProps: (row: LeaderRow) => (row.me ? { tone: 'highlight' } : undefined),
  },
} satisfies Meta<typeof DataTable<LeaderRow>>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Leaderboard: Story = {};

export const SortByKeyboard: Story = {
  play: async ({ canvas, userEvent }) => {
    const gainHeader = canvas.getByRole('columnheader', { name: /Gain/ });
    const gainButton = within(gainHeader).getByRole('button');
    gainButton.focus();
    await userEvent.keyboard('{Enter}');
    await expect(gainHeader).toHaveAttribute('aria-sort', 'descending');
    const firstRow = canvas.getAllByRole('row')[1]!;
    await expect(firstRow).toHaveTextContent('AshaBowls');
    await userEvent.keyboard(' ');
    await expect(gainHeader).toHaveAttribute('aria-sort', 'ascending');
  },
};

export const Empty: Story = {
  args: { data: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No leaderboard data available.')).toBeInTheDocument();
  },
};

type SelectionRow = { user: string; feature: string; selection: string; winner: string };
const sel = createDataTableColumnHelper<SelectionRow>();
const selectionColumns = sel.columns([
  sel.accessor('user', { header: 'User' }),
  sel.accessor('feature', { header: 'Feature' }),
  sel.accessor('selection', { header: 'Selection' }),
  sel.accessor('winner', { header: 'Winner' }),
]);
const selections: SelectionRow[] = [
  { user: 'SixerSam', feature: 'Match Winner', selection: 'Sydney Sixers', winner: 'Sydney Sixers' },
  { user: 'GoldenArm', feature: 'Match Winner', selection: 'Perth Scorchers', winner: 'Sydney Sixers' },
  { user: 'CoverDrive', feature: 'Toss Winner', selection: 'Perth Scorchers', winner: 'Perth Scorchers' },
  { user: 'AshaBowls', feature: 'Top Batter', selection: 'J. Philippe', winner: 'J. Philippe, A. Hardie' },
];

export const MatchAndBreakRows: StoryObj<typeof DataTable<SelectionRow>> = {
  args: {
    columns: selectionColumns,
    data: selections,
    caption: 'All Selections',
    initialSorting: [],
    emptyMessage: 'No selection details available.',
    getRowProps: (row) => ({
      tone: row.winner
        .split(',')
        .map((w) => w.trim())
        .includes(row.selection)
        ? 'success'
        : 'error',
    }),
  },
  render: (args) => <DataTable {...args} />,
};

export const MobileScroll: Story = {
  globals: { viewport: { value: 'mobile390', isRotated: false } },
};
