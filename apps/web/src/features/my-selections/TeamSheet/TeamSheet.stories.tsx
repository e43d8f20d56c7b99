import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import type { GridRow } from '../grid';
import { rowsFromSlots } from '../grid';
import { figures, makeSlot, players, slots } from '../../../shared/picks/testData';
import { TeamSheet, type TeamSheetProps } from './TeamSheet';

const figureMap = new Map(figures.map((f) => [f.PlayerID, f]));
const colours = new Map<string, string | null>([
  ['MI', '#004BA0'],
  ['RCB', '#2B2A29'],
]);
const SERVER_NOW = '2026-04-10T12:00:00.000Z';

/** The sheet with its own state, as My Selections keeps it (picks are drafts until Save Selections). */
function Stateful(props: Omit<TeamSheetProps, 'onPick'> & { onPick?: TeamSheetProps['onPick'] }) {
  const [rows, setRows] = useState<readonly GridRow[]>(props.rows);
  return (
    <TeamSheet
      {...props}
      rows={rows}
      onPick={(key, value) => {
        props.onPick?.(key, value);
        setRows((all) => all.map((r) => (r.key === key ? { ...r, selectedID: Number(value), isTouched: true } : r)));
      }}
    />
  );
}

/** Player Selection's team sheet: slots by position with a card each, and the picker. */
const meta = {
  title: 'Picks/TeamSheet',
  component: TeamSheet,
  args: {
    rows: rowsFromSlots(slots, 'Match 3'),
    serverNow: SERVER_NOW,
    players,
    figures: figureMap,
    figuresNote: null,
    colours,
    invalidKeys: new Set<string>(),
    saving: false,
    onPick: fn(),
  },
  render: (args) => <Stateful {...args} />,
} satisfies Meta<typeof TeamSheet>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Wicketkeeper0 of 1 picked',
      'Batsman1 of 2 picked',
      'Bowler0 of 1 picked',
    ]);
    await expect(canvas.getByText('Auto-pick')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Choose Batsman 2' })).toBeVisible();
  },
};

/** The picker of Batsman 2, sorted by season points; Rohit is Batsman 1's pick, so marked and not choosable. */
export const PickerOpen: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Choose Batsman 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose Batsman 2' });
    const options = within(dialog).getAllByTestId('picker-option');
    await expect(options).toHaveLength(2);
    await expect(options[0]).toHaveTextContent('Already picked: Batsman 1');
    await expect(options[0]).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Sort by' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Season points' }));
    await waitFor(() => expect(within(dialog).getAllByTestId('picker-option')[0]).toHaveTextContent('Virat Kohli'));
    await expect(args.onPick).not.toHaveBeenCalled();
  },
};

/** Choosing by keyboard fills the slot and returns focus to it. */
export const ChooseByKeyboard: Story = {
  play: async ({ canvas, userEvent, args }) => {
    canvas.getByRole('button', { name: 'Choose Bowler' }).focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Choose Bowler' });
    await userEvent.type(within(dialog).getByRole('searchbox', { name: 'Search players' }), 'siraj');
    await waitFor(() => expect(within(dialog).getAllByTestId('picker-option')).toHaveLength(1));
    within(dialog).getByTestId('picker-option').focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onPick).toHaveBeenCalledWith('p-2-1', '106');
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Change Bowler: Mohammed Siraj' })).toHaveFocus());
  },
};

/** After kick-off: the saved picks read-only, the auto-pick badged, no buttons. */
export const Locked: Story = {
  args: {
    rows: rowsFromSlots(
      [
        makeSlot({ PositionID: 3, PositionName: 'Wicketkeeper', StartTime: '2026-04-10T11:00:00.000Z' }),
        makeSlot({ PlayerSelectionID: 900, PlayerID: 105, IsAutoPick: true, StartTime: '2026-04-10T11:00:00.000Z' }),
        makeSlot({ PositionOrder: 2, PlayerID: 101, PlayerSelectionID: 901, StartTime: '2026-04-10T11:00:00.000Z' }),
      ],
      'Match 3',
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button')).not.toBeInTheDocument();
    await expect(canvas.getByText('No pick')).toBeVisible();
    await expect(canvas.getByText('Auto-pick')).toBeVisible();
  },
};

export const Mobile360: Story = { globals: { viewport: { value: 'mobile360', isRotated: false } } };
export const Mobile390: Story = { globals: { viewport: { value: 'mobile390', isRotated: false } } };

/** The picker on a small phone. */
export const PickerMobile360: Story = {
  globals: { viewport: { value: 'mobile360', isRotated: false } },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Choose Bowler' }));
    await expect(await screen.findByRole('dialog', { name: 'Choose Bowler' })).toBeVisible();
  },
};
