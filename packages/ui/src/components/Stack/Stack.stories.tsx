import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { breakpoints } from '../../theme/breakpoints';
import { sharedTokens } from '../../theme/tokens';
import { Box } from '../../stories/layout';
import { Stack, stackAlignments, stackDirections, stackJustifications } from './Stack';

const meta = {
  title: 'Layout/Stack',
  component: Stack,
  tags: ['autodocs'],
  args: {
    gap: 'md',
    children: [<Box key="1" label="Bat" />, <Box key="2" label="Ball" />, <Box key="3" label="Stumps" />],
  },
  argTypes: {
    children: { description: 'The elements to lay out.', control: false },

    gap: { control: 'select', options: Object.keys(sharedTokens.space) },
    direction: { control: 'inline-radio', options: stackDirections },
    align: { control: 'inline-radio', options: stackAlignments },
    justify: { control: 'inline-radio', options: stackJustifications },
  },
} satisfies Meta<typeof Stack>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Column: Story = {};
export const Row: Story = { args: { direction: 'row', align: 'center' } };
export const RowWrap: Story = {
  args: {
    direction: 'row',
    wrap: true,
    gap: 'sm',
    children: Array.from({ length: 12 }, (_, i) => <Box key={i} label={`Over ${i + 1}`} />),
  },
};
export const SpaceBetween: Story = { args: { direction: 'row', justify: 'between', align: 'center' } };

/** The props take a value per breakpoint: a column on phones, one row from 600px with the ends pushed apart. */
export const ResponsiveDirection: Story = {
  args: {
    direction: { base: 'column', sm: 'row' },
    align: { base: 'stretch', sm: 'center' },
    justify: { base: 'start', sm: 'between' },
  },
  play: async ({ canvas }) => {
    const bat = canvas.getByText('Bat').getBoundingClientRect();
    const ball = canvas.getByText('Ball').getBoundingClientRect();
    const stumps = canvas.getByText('Stumps').getBoundingClientRect();
    if (window.innerWidth >= breakpoints.sm) {
      await expect(Math.round(ball.top)).toBe(Math.round(bat.top));
      await expect(ball.left).toBeGreaterThan(bat.right);
      // 'between': the last box ends where the row ends, well past its content.
      await expect(stumps.left - ball.right).toBeGreaterThan(100);
    } else {
      await expect(ball.top).toBeGreaterThan(bat.bottom);
      await expect(Math.round(ball.width)).toBe(Math.round(bat.width));
    }
  },
};

/** A gap of `sm` (8px) on phones and tablets and `2xl` (32px) from 900px. */
export const ResponsiveGap: Story = {
  args: { gap: { base: 'sm', md: '2xl' } },
  play: async ({ canvas }) => {
    const bat = canvas.getByText('Bat').getBoundingClientRect();
    const ball = canvas.getByText('Ball').getBoundingClientRect();
    await expect(Math.round(ball.top - bat.bottom)).toBe(window.innerWidth >= breakpoints.md ? 32 : 8);
  },
};
