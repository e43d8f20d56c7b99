import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { vars } from '../../theme/contract.css';
import { Button } from '../Button/Button';
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

// Responsive mode: below `stackBelow` (600px of the table's own width by default) rows stack.
// The decorators hold the table at the phone's width so the story tests (run in a 1024px page)
// see what a 360/390px phone sees; the viewport global sets the same width in the Storybook UI.

type LeagueRow = { name: string; code: string; members: number; active: boolean };
const leagues: LeagueRow[] = [
  { name: 'Big Bash Friends', code: 'K7Q2XZ', members: 12, active: true },
  { name: 'Office Cricket Club of Very Long Names', code: 'Public', members: 248, active: false },
  { name: 'Family', code: 'P0W3R9', members: 5, active: true },
];
const lg = createDataTableColumnHelper<LeagueRow>();
const leagueColumns = lg.columns([
  lg.accessor('name', { header: 'League Name', meta: { rowHeader: true } }),
  lg.accessor('code', { header: 'League Code' }),
  lg.accessor('members', { header: 'Members', enableSorting: true, meta: { align: 'end' } }),
  lg.display({
    id: 'edit',
    header: 'Edit',
    meta: { align: 'center', narrow: 'actions' },
    cell: ({ row }) => (
      <Button size="sm" variant="secondary" aria-label={`Edit ${row.original.name}`}>
        Edit
      </Button>
    ),
  }),
  lg.display({
    id: 'activate',
    header: 'Activate',
    meta: { align: 'center', narrow: 'actions' },
    cell: ({ row }) =>
      row.original.active ? null : (
        <Button size="sm" aria-label={`Activate ${row.original.name}`}>
          Activate
        </Button>
      ),
  }),
  lg.display({
    id: 'delete',
    header: 'Delete',
    meta: { align: 'center', narrow: 'actions' },
    cell: ({ row }) => (
      <Button size="sm" variant="danger" aria-label={`Delete ${row.original.name}`}>
        Delete
      </Button>
    ),
  }),
]);

const phone = (width: number) => (Story: () => React.JSX.Element) => (
  <div style={{ width, maxWidth: '100%' }}>
    <Story />
  </div>
);

/** Every action of every row lies inside the table's box, at least 44px tall, and nothing scrolls sideways. */
async function expectStackedWithin(canvasElement: HTMLElement) {
  const table = canvasElement.querySelector('table')!;
  const wrapper = table.parentElement!;
  await expect(wrapper.scrollWidth).toBeLessThanOrEqual(wrapper.clientWidth);
  const box = wrapper.getBoundingClientRect();
  for (const button of within(table).queryAllByRole('button')) {
    const r = button.getBoundingClientRect();
    await expect(r.height).toBeGreaterThanOrEqual(44);
    await expect(r.left).toBeGreaterThanOrEqual(box.left);
    await expect(r.right).toBeLessThanOrEqual(box.right);
  }
}

export const StackedMyLeagues360: StoryObj<typeof DataTable<LeagueRow>> = {
  name: 'Stacked · actions (360px)',
  globals: { viewport: { value: 'mobile360', isRotated: false } },
  decorators: [phone(328)],
  args: {
    columns: leagueColumns,
    data: leagues,
    caption: 'My Leagues',
    initialSorting: [],
    emptyMessage: 'No leagues yet.',
  },
  render: (args) => <DataTable {...args} />,
  play: async ({ canvas, canvasElement, userEvent }) => {
    await expectStackedWithin(canvasElement);
    // Table semantics survive the stacking: each value still sits in a cell of a row under its header.
    const row = canvas.getByRole('row', { name: /Big Bash Friends/ });
    await expect(within(row).getByRole('rowheader')).toHaveTextContent('Big Bash Friends');
    await expect(canvas.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'League Name',
      'League Code',
      'Members',
      'Edit',
      'Activate',
      'Delete',
    ]);
    // "Header: value" label for fields, none for actions.
    await expect(within(row).getByRole('cell', { name: 'K7Q2XZ' })).toHaveAttribute('data-label', 'League Code');
    // The actions are laid out on one line below the fields.
    const edit = within(row).getByRole('button', { name: 'Edit Big Bash Friends' });
    const del = within(row).getByRole('button', { name: 'Delete Big Bash Friends' });
    const code = within(row).getByRole('cell', { name: 'K7Q2XZ' });
    await expect(edit.getBoundingClientRect().top).toBeGreaterThan(code.getBoundingClientRect().bottom - 1);
    await expect(Math.abs(edit.getBoundingClientRect().top - del.getBoundingClientRect().top)).toBeLessThan(1);
    // Sorting stays reachable: the sortable header is a visible button in the "Sort by" bar.
    const sort = within(canvas.getByRole('columnheader', { name: /Members/ })).getByRole('button');
    await expect(sort.getBoundingClientRect().height).toBeGreaterThanOrEqual(44);
    await userEvent.click(sort);
    await expect(canvas.getByRole('columnheader', { name: /Members/ })).toHaveAttribute('aria-sort', 'descending');
    await expect(canvas.getAllByRole('row')[1]).toHaveTextContent('Office Cricket Club');
  },
};

export const StackedLeaderboard390: Story = {
  name: 'Stacked · leaderboard (390px)',
  globals: { viewport: { value: 'mobile390', isRotated: false } },
  decorators: [phone(358)],
  play: async ({ canvas, canvasElement }) => {
    await expectStackedWithin(canvasElement);
    const gain = canvas.getAllByRole('cell').find((c) => c.getAttribute('data-label') === 'Gain')!;
    const r = gain.getBoundingClientRect();
    const box = canvasElement.querySelector('table')!.getBoundingClientRect();
    await expect(r.right).toBeLessThanOrEqual(box.right);
    await expect(r.width).toBeGreaterThan(0);
  },
};

export const StackedSelections390: StoryObj<typeof DataTable<SelectionRow>> = {
  ...MatchAndBreakRows,
  name: 'Stacked · match and break rows (390px)',
  globals: { viewport: { value: 'mobile390', isRotated: false } },
  decorators: [phone(358)],
  args: { ...MatchAndBreakRows.args, columns: selectionColumns, stackBelow: 'sm' },
  play: async ({ canvasElement }) => {
    await expectStackedWithin(canvasElement);
  },
};

export const DesktopMyLeagues: StoryObj<typeof DataTable<LeagueRow>> = {
  name: 'Table · actions (1280px)',
  globals: { viewport: { value: 'laptop', isRotated: false } },
  args: StackedMyLeagues360.args,
  render: (args) => <DataTable {...args} />,
  play: async ({ canvas }) => {
    // Wide: a real table row, all cells on one line.
    const row = canvas.getByRole('row', { name: /Big Bash Friends/ });
    const tops = within(row)
      .getAllByRole('cell')
      .map((c) => Math.round(c.getBoundingClientRect().top));
    await expect(new Set(tops).size).toBe(1);
  },
};

export const NeverStack: StoryObj<typeof DataTable<LeagueRow>> = {
  name: "stackBelow='never' (scrolls sideways)",
  decorators: [phone(358)],
  args: { ...StackedMyLeagues360.args, stackBelow: 'never' },
  render: (args) => <DataTable {...args} />,
};
