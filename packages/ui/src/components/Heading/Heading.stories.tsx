import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Stack } from '../Stack/Stack';
import { Heading, headingLevels } from './Heading';

const meta = {
  title: 'Layout/Heading',
  component: Heading,
  tags: ['autodocs'],
  args: { level: 1, children: 'Welcome to Fantasy Cricket' },
  argTypes: {
    children: { description: 'The heading text: short, no full stop.' },
    level: { control: 'inline-radio', options: headingLevels },
  },
} satisfies Meta<typeof Heading>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Level1: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome to Fantasy Cricket');
  },
};

export const AllLevels: Story = {
  render: () => (
    <Stack gap="md">
      <Heading level={1}>Heading 1 · Leaderboard</Heading>
      <Heading level={2}>Heading 2 · My Leagues</Heading>
      <Heading level={3}>Heading 3 · Configure Features and Points</Heading>
      <Heading level={4}>Heading 4 · Match Prediction</Heading>
    </Stack>
  ),
};

export const VisualSizeDiffersFromLevel: Story = { args: { level: 2, size: 4, children: 'A small h2' } };
