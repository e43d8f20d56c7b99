import { TEAM_RULE_DEFAULTS, type TeamRules, teamSummary } from '@fantasy-cricket/rules';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import type { GridRow } from '../grid';
import { rowsFromSlots } from '../grid';
import { figures, makeSlot, players, slots } from '../../../shared/picks/testData';
import { announcedFigures, lockedSlots, lockedTeam } from '../testData';
import {
  extrasOf,
  normalizeExtras,
  pickedIds,
  sidesOf,
  type TeamExtras,
  teamChoice,
  teamPlayers,
  teamProblems,
} from './team';
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

const byId = new Map(players.map((p) => [p.PlayerID, p]));
const sides = sidesOf(players, ['MI', 'RCB']);

/**
 * The sheet in a league with team rules, with its own state as My Selections keeps it (useTeamSheet):
 * the picks and the captain, vice-captain and backups are drafts, the summary and problems come from
 * packages/rules.
 */
function StatefulRules({
  rules = TEAM_RULE_DEFAULTS,
  initial,
  xiAnnounced = false,
  pickedBy = null,
  ...props
}: Omit<TeamSheetProps, 'onPick'> & {
  onPick?: TeamSheetProps['onPick'];
  rules?: TeamRules;
  initial: TeamExtras;
  xiAnnounced?: boolean;
  pickedBy?: ReadonlyMap<number, number> | null;
}) {
  const [rows, setRows] = useState<readonly GridRow[]>(props.rows);
  const [draft, setDraft] = useState<TeamExtras>(initial);
  const extras = normalizeExtras(draft, pickedIds(rows), rules);
  return (
    <TeamSheet
      {...props}
      rows={rows}
      onPick={(key, value) => {
        props.onPick?.(key, value);
        setRows((all) => all.map((r) => (r.key === key ? { ...r, selectedID: Number(value), isTouched: true } : r)));
      }}
      team={{
        rules,
        extras,
        sides,
        summary: teamSummary(rules, teamPlayers(rows, byId, props.figures)),
        pricesKnown: true,
        pricesLoading: false,
        xiAnnounced,
        replacements: new Map(),
        pickedBy,
        problems: teamProblems(rules, teamChoice(rows, byId, props.figures, extras), sides, true),
        problemsAlert: false,
        onChange: setDraft,
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

/**
 * A league with team rules (100 credits, C 2×, VC 1.5×, 7 per side, 4 backups): the credits bar first,
 * each picked player's price and his Captain and Vice-captain toggles, the backups in order, and what
 * the team breaks before Save (Kohli picked without a vice-captain).
 */
export const WithRules: Story = {
  args: { rows: rowsFromSlots(slots, 'Match 3').map((r) => (r.key === 'p-1-2' ? { ...r, selectedID: 101 } : r)) },
  render: (args) => <StatefulRules {...args} initial={{ captainId: 105, viceCaptainId: null, backups: [102, 106] }} />,
  play: async ({ canvas, userEvent }) => {
    const bar = canvas.getByTestId('credits-bar');
    await expect(bar).toHaveTextContent('20.5 / 100 credits');
    await expect(bar).toHaveTextContent('79.5 credits left');
    await expect(canvas.getByTestId('team-problems')).toHaveTextContent('Choose a vice-captain for your team.');
    await userEvent.click(canvas.getByRole('button', { name: 'Make Virat Kohli vice-captain, VC' }));
    await expect(canvas.queryByTestId('team-problems')).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Move Mohammed Siraj up' }));
    await expect(canvas.getAllByTestId('backup').map((b) => b.getAttribute('aria-label'))).toEqual([
      'Backup 1: Mohammed Siraj',
      'Backup 2: Jasprit Bumrah',
    ]);
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Move Mohammed Siraj up' })).toHaveFocus());
  },
};

/** The same at 360 px: every control inside the screen and 44 px tall. */
export const WithRulesMobile360: Story = {
  ...WithRules,
  globals: { viewport: { value: 'mobile360', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByTestId('credits-bar')).toBeVisible();
    for (const button of canvas.getAllByRole('button')) {
      const box = button.getBoundingClientRect();
      await expect(box.right).toBeLessThanOrEqual(window.innerWidth);
      await expect(box.height).toBeGreaterThanOrEqual(44);
    }
  },
};

export const WithRulesMobile390: Story = {
  ...WithRules,
  globals: { viewport: { value: 'mobile390', isRotated: false } },
  play: WithRulesMobile360.play,
};

/** Over the budget (30 credits) and over the limit of one per side: the bar in red, the problems listed. */
export const RulesBroken: Story = {
  args: {
    rows: rowsFromSlots(slots, 'Match 3').map((r) =>
      r.key === 'p-1-2' ? { ...r, selectedID: 101 } : r.key === 'p-2-1' ? { ...r, selectedID: 102 } : r,
    ),
  },
  render: (args) => (
    <StatefulRules
      {...args}
      rules={{ ...TEAM_RULE_DEFAULTS, BudgetCredits: 30, MaxPerSide: 1 }}
      initial={{ captainId: 105, viceCaptainId: 101, backups: [] }}
    />
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByTestId('credits-bar')).toHaveTextContent('0.5 credits over');
    await expect(canvas.getByTestId('team-problems')).toHaveTextContent(
      'Your team costs 0.5 credits more than the budget of 30 credits.',
    );
  },
};

/** The picker with prices, Playing or Not playing (XIs announced) and what a choice would break. */
export const RulesPicker: Story = {
  args: { figures: new Map(announcedFigures.map((f) => [f.PlayerID, f])) },
  render: (args) => (
    <StatefulRules
      {...args}
      rules={{ ...TEAM_RULE_DEFAULTS, BudgetCredits: 15 }}
      xiAnnounced
      initial={{ captainId: 105, viceCaptainId: null, backups: [] }}
    />
  ),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Choose Bowler' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose Bowler' });
    const options = within(dialog).getAllByTestId('picker-option');
    await expect(options[0]).toHaveTextContent('10 credits');
    await expect(options[0]).toHaveTextContent('4.5 credits over budget');
    await expect(options[1]).toHaveTextContent('Not playing');
  },
};

export const RulesPickerMobile360: Story = {
  ...RulesPicker,
  globals: { viewport: { value: 'mobile360', isRotated: false } },
};

/**
 * After the lock in a league with team rules: the roles, Playing, who came in for whom, the backup
 * left, and how many of the league's teams picked each player.
 */
export const RulesLocked: Story = {
  args: {
    rows: rowsFromSlots(lockedSlots, 'Match 9'),
    figures: new Map(announcedFigures.map((f) => [f.PlayerID, f])),
  },
  render: (args) => (
    <StatefulRules
      {...args}
      initial={extrasOf(lockedTeam)}
      xiAnnounced
      pickedBy={
        new Map([
          [101, 100],
          [105, 50],
          [104, 25],
          [102, 25],
        ])
      }
    />
  ),
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button')).not.toBeInTheDocument();
    await expect(canvas.getByRole('listitem', { name: 'Bowler' })).toHaveTextContent(
      'Jasprit Bumrah came in for Mohammed Siraj (backup)',
    );
    await expect(canvas.getByRole('listitem', { name: 'Batsman 2' })).toHaveTextContent('Captain · 2×');
    await expect(canvas.getByRole('listitem', { name: 'Batsman 2' })).toHaveTextContent(
      'Picked by 100% of this league',
    );
  },
};

export const RulesLockedMobile360: Story = {
  ...RulesLocked,
  globals: { viewport: { value: 'mobile360', isRotated: false } },
};
