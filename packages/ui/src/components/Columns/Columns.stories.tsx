import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Box } from '../../stories/layout';
import { breakpoints } from '../../theme/breakpoints';
import { sharedTokens } from '../../theme/tokens';
import { Stack } from '../Stack/Stack';
import { TextField } from '../TextField/TextField';
import { Column, Columns, columnsAlignments, columnsCollapseBelow, columnsVerticalAlignments } from './Columns';

const meta = {
  title: 'Layout/Columns',
  component: Columns,
  subcomponents: { Column },
  tags: ['autodocs'],
  args: {
    gap: 'md',
    children: [
      <Column key="1">
        <Box label="Bat" />
      </Column>,
      <Column key="2">
        <Box label="Ball" />
      </Column>,
      <Column key="3">
        <Box label="Stumps" />
      </Column>,
    ],
  },
  argTypes: {
    children: { description: '`Column` elements.', control: false },
    gap: { control: 'select', options: Object.keys(sharedTokens.space) },
    collapseBelow: { control: 'inline-radio', options: columnsCollapseBelow },
    align: { control: 'inline-radio', options: columnsAlignments },
    alignY: { control: 'inline-radio', options: columnsVerticalAlignments },
  },
} satisfies Meta<typeof Columns>;

export default meta;
type Story = StoryObj<typeof meta>;

const rect = (element: HTMLElement) => element.getBoundingClientRect();
/** The `Columns` element around a story Box: Box → Column → Columns. */
const rowAround = (box: HTMLElement) => box.parentElement?.parentElement as HTMLElement;

/** Equal columns side by side at every width (no `collapseBelow`). */
export const Default: Story = {
  play: async ({ canvas }) => {
    const bat = rect(canvas.getByText('Bat'));
    const ball = rect(canvas.getByText('Ball'));
    const stumps = rect(canvas.getByText('Stumps'));
    await expect(Math.round(ball.top)).toBe(Math.round(bat.top));
    await expect(Math.round(ball.width)).toBe(Math.round(bat.width));
    await expect(Math.round(stumps.width)).toBe(Math.round(bat.width));
    await expect(Math.round(ball.left - bat.right)).toBe(12);
  },
};

/**
 * Fractions of the row. Each row adds up to one and fills the width; a 1/3 column ends where the first of
 * three 1/3 columns ends, so rows of different splits line up.
 */
export const Widths: Story = {
  render: (args) => (
    <Stack gap="md">
      <Columns gap={args.gap}>
        <Column width="1/3">
          <Box label="1/3" />
        </Column>
        <Column width="1/3">
          <Box label="1/3 (middle)" />
        </Column>
        <Column width="1/3">
          <Box label="1/3 (last)" />
        </Column>
      </Columns>
      <Columns gap={args.gap}>
        <Column width="1/3">
          <Box label="One third" />
        </Column>
        <Column width="2/3">
          <Box label="2/3" />
        </Column>
      </Columns>
      <Columns gap={args.gap}>
        <Column width="1/4">
          <Box label="1/4" />
        </Column>
        <Column width="3/4">
          <Box label="3/4" />
        </Column>
      </Columns>
      <Columns gap={args.gap}>
        <Column width="2/5">
          <Box label="2/5" />
        </Column>
        <Column width="3/5">
          <Box label="3/5" />
        </Column>
      </Columns>
      <Columns gap={args.gap}>
        <Column width="content">
          <Box label="content" />
        </Column>
        <Column>
          <Box label="fill (the rest)" />
        </Column>
      </Columns>
    </Stack>
  ),
  play: async ({ canvas }) => {
    const third = rect(canvas.getByText('1/3'));
    const oneThird = rect(canvas.getByText('One third'));
    const twoThirds = rect(canvas.getByText('2/3'));
    const lastThird = rect(canvas.getByText('1/3 (last)'));
    await expect(Math.round(oneThird.right)).toBe(Math.round(third.right));
    await expect(Math.round(twoThirds.right)).toBe(Math.round(lastThird.right));
    await expect(Math.round(twoThirds.left - oneThird.right)).toBe(12);
    const content = rect(canvas.getByText('content'));
    const rest = rect(canvas.getByText('fill (the rest)'));
    await expect(content.width).toBeLessThan(oneThird.width);
    await expect(Math.round(rest.right)).toBe(Math.round(lastThird.right));
  },
};

/** Two fields side by side from 600px, stacked full width below it (the form grid of sign-up and profile). */
export const CollapseBelowSm: Story = {
  args: {
    collapseBelow: 'sm',
    children: [
      <Column key="first">
        <TextField label="First name" autoComplete="given-name" />
      </Column>,
      <Column key="last">
        <TextField label="Last name" autoComplete="family-name" />
      </Column>,
    ],
  },
  play: async ({ canvas, userEvent }) => {
    const first = canvas.getByRole('textbox', { name: 'First name' });
    const last = canvas.getByRole('textbox', { name: 'Last name' });
    await userEvent.type(first, 'Smriti');
    await userEvent.tab();
    await expect(last).toHaveFocus();
    const a = rect(first);
    const b = rect(last);
    if (window.innerWidth >= breakpoints.sm) {
      await expect(Math.round(b.top)).toBe(Math.round(a.top));
      await expect(Math.round(b.width)).toBe(Math.round(a.width));
    } else {
      await expect(b.top).toBeGreaterThan(a.bottom);
      await expect(Math.round(b.width)).toBe(Math.round(a.width));
    }
  },
};

/** At 360px the columns stack in DOM order, each the full width, whatever their width side by side. */
export const CollapsedOnPhone: Story = {
  name: 'Collapsed on a phone (360px)',
  globals: { viewport: { value: 'mobile360', isRotated: false } },
  args: {
    collapseBelow: 'md',
    gap: 'lg',
    alignY: 'center',
    children: [
      <Column key="main" width="2/3">
        <Box label="Form" minHeight="6rem" />
      </Column>,
      <Column key="aside" width="content">
        <Box label="Aside" />
      </Column>,
    ],
  },
  play: async ({ canvas }) => {
    const form = rect(canvas.getByText('Form'));
    const aside = rect(canvas.getByText('Aside'));
    await expect(Math.round(aside.top - form.bottom)).toBe(16);
    await expect(Math.round(aside.width)).toBe(Math.round(form.width));
    await expect(Math.round(form.width)).toBe(Math.round(rect(rowAround(canvas.getByText('Form'))).width));
  },
};

/** Columns of different heights, centred against each other. */
export const AlignY: Story = {
  args: {
    alignY: 'center',
    children: [
      <Column key="tall">
        <Box label="Scorecard" minHeight="8rem" />
      </Column>,
      <Column key="short">
        <Box label="Result" />
      </Column>,
    ],
  },
  play: async ({ canvas }) => {
    const tall = rect(canvas.getByText('Scorecard'));
    const short = rect(canvas.getByText('Result'));
    await expect(Math.round((short.top + short.bottom) / 2)).toBe(Math.round((tall.top + tall.bottom) / 2));
  },
};

/** Content-width columns pushed to the end of the row (`align="end"`). */
export const AlignEnd: Story = {
  args: {
    align: 'end',
    gap: 'sm',
    children: [
      <Column key="a" width="content">
        <Box label="Cancel" />
      </Column>,
      <Column key="b" width="content">
        <Box label="Save" />
      </Column>,
    ],
  },
  play: async ({ canvas }) => {
    const cancel = rect(canvas.getByText('Cancel'));
    const save = rect(canvas.getByText('Save'));
    const row = rect(rowAround(canvas.getByText('Save')));
    await expect(Math.round(save.right)).toBe(Math.round(row.right));
    await expect(Math.round(save.left - cancel.right)).toBe(8);
  },
};

/** The gap per breakpoint: `sm` (8px) on phones and tablets, `xl` (24px) from 900px. */
export const ResponsiveGap: Story = {
  args: { gap: { base: 'sm', md: 'xl' } },
  play: async ({ canvas }) => {
    const bat = rect(canvas.getByText('Bat'));
    const ball = rect(canvas.getByText('Ball'));
    await expect(Math.round(ball.left - bat.right)).toBe(window.innerWidth >= breakpoints.md ? 24 : 8);
  },
};

/** A list laid out in columns: `as="ul"` with `Column as="li"` keeps the list semantics. */
export const AsList: Story = {
  args: {
    as: 'ul',
    style: { margin: 0, padding: 0, listStyle: 'none' },
    children: ['Openers', 'Middle order', 'Tail'].map((label) => (
      <Column key={label} as="li">
        <Box label={label} />
      </Column>
    )),
  },
  play: async ({ canvas }) => {
    const list = canvas.getByRole('list');
    await expect(canvas.getAllByRole('listitem')).toHaveLength(3);
    await expect(list.tagName).toBe('UL');
  },
};
