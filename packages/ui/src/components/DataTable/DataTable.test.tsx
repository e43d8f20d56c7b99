import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createDataTableColumnHelper, DataTable } from './DataTable';

type Row = { name: string; points: number; gain: number };
const col = createDataTableColumnHelper<Row>();
const columns = col.columns([
  col.accessor('name', { header: 'Member' }),
  col.accessor('points', { header: 'Points', enableSorting: true, meta: { align: 'end' } }),
  col.accessor('gain', { header: 'Gain', enableSorting: true, meta: { align: 'end' } }),
]);
const data: Row[] = [
  { name: 'Asha', points: 40, gain: 5 },
  { name: 'Ben', points: 95, gain: 0 },
  { name: 'Chen', points: 70, gain: 12 },
];

const names = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('DataTable', () => {
  it('renders a captioned table', () => {
    render(
      <DataTable columns={columns} data={data} emptyMessage="No leaderboard data available." caption="Leaderboard" />,
    );
    expect(screen.getByRole('table', { name: 'Leaderboard' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Member', 'Points', 'Gain']);
    expect(names()).toEqual(['Asha', 'Ben', 'Chen']);
  });

  it('renders a full-width detail row under the rows that have one, which moves with its row when sorting', async () => {
    render(
      <DataTable
        columns={columns}
        data={data}
        emptyMessage="Empty"
        initialSorting={[{ id: 'points', desc: true }]}
        renderRowDetail={(row) => (row.name === 'Chen' ? <p>Chen gained 12</p> : null)}
      />,
    );
    const rows = () => screen.getAllByRole('row').slice(1);
    expect(rows()).toHaveLength(4);
    expect(rows().map((r) => r.textContent)).toEqual(['Ben950', 'Chen7012', 'Chen gained 12', 'Asha405']);
    expect(within(rows()[2]!).getByRole('cell')).toHaveAttribute('colspan', '3');
    await userEvent.click(within(screen.getByRole('columnheader', { name: /Points/ })).getByRole('button'));
    expect(rows().map((r) => r.textContent)).toEqual(['Asha405', 'Chen7012', 'Chen gained 12', 'Ben950']);
  });

  it('shows the empty message', () => {
    render(<DataTable columns={columns} data={[]} emptyMessage="No leaderboard data available." />);
    expect(screen.getByRole('cell', { name: 'No leaderboard data available.' })).toHaveAttribute('colspan', '3');
  });

  it('sorts by a sortable column, toggling direction, with aria-sort', async () => {
    render(
      <DataTable columns={columns} data={data} emptyMessage="Empty" initialSorting={[{ id: 'points', desc: true }]} />,
    );
    const pointsHeader = screen.getByRole('columnheader', { name: /Points/ });
    expect(pointsHeader).toHaveAttribute('aria-sort', 'descending');
    expect(names()).toEqual(['Ben', 'Chen', 'Asha']);

    await userEvent.click(within(pointsHeader).getByRole('button'));
    expect(pointsHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(names()).toEqual(['Asha', 'Chen', 'Ben']);

    // Keyboard: the header button is a real button.
    const gainButton = within(screen.getByRole('columnheader', { name: /Gain/ })).getByRole('button');
    gainButton.focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('columnheader', { name: /Gain/ })).toHaveAttribute('aria-sort', 'descending');
    expect(pointsHeader).not.toHaveAttribute('aria-sort');
    expect(names()).toEqual(['Chen', 'Asha', 'Ben']);
  });

  it('does not offer sorting on columns that did not opt in', () => {
    render(<DataTable columns={columns} data={data} emptyMessage="Empty" />);
    expect(within(screen.getByRole('columnheader', { name: 'Member' })).queryByRole('button')).toBeNull();
  });

  it('applies row props and tones', () => {
    render(
      <DataTable
        columns={columns}
        data={data}
        emptyMessage="Empty"
        getRowProps={(row) => (row.name === 'Ben' ? { tone: 'highlight', 'aria-label': 'You are here' } : undefined)}
      />,
    );
    const row = screen.getByRole('row', { name: 'You are here' });
    expect(row).toHaveAttribute('data-tone', 'highlight');
  });
});

describe('DataTable stacked mode markup', () => {
  type League = { name: string; code: string };
  const lc = createDataTableColumnHelper<League>();
  const leagueColumns = lc.columns([
    lc.accessor('name', { header: 'League Name', meta: { rowHeader: true } }),
    lc.accessor('code', { header: 'League Code' }),
    lc.display({ id: 'edit', header: 'Edit', meta: { narrow: 'actions', narrowLabel: true }, cell: () => 'e' }),
    lc.display({ id: 'helper', header: () => <span>x</span>, meta: { narrow: 'hidden' }, cell: () => '' }),
  ]);

  it('marks each cell with its narrow role and the "Header: value" label, and keeps table roles', () => {
    render(
      <DataTable
        columns={leagueColumns}
        data={[{ name: 'Big Bash', code: 'K7Q2' }]}
        emptyMessage="Empty"
        stackBelow="md"
      />,
    );
    const table = screen.getByRole('table');
    expect(table.parentElement).toHaveAttribute('data-stack', 'md');
    const row = screen.getByRole('row', { name: /Big Bash/ });
    expect(within(row).getByRole('rowheader')).toHaveAttribute('data-narrow', 'title');
    const code = within(row).getByRole('cell', { name: 'K7Q2' });
    expect(code).toHaveAttribute('data-narrow', 'field');
    expect(code).toHaveAttribute('data-label', 'League Code');
    const cells = within(row).getAllByRole('cell');
    expect(cells[1]).toHaveAttribute('data-narrow', 'actions');
    expect(cells[1]).toHaveAttribute('data-label', 'Edit');
    expect(cells[2]).toHaveAttribute('data-narrow', 'hidden');
    expect(row).toHaveAttribute('data-has-actions');
  });
});
