import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Button } from '../Button/Button';
import { Stack } from '../Stack/Stack';
import { Text } from '../Text/Text';
import { Card } from './Card';

const meta = {
  title: 'Layout/Card',
  component: Card,
  tags: ['autodocs'],
  args: {
    title: 'Daily Challenges',
    children: <Text tone="muted">Join a public league for today’s fixtures and compete with everyone.</Text>,
  },
  decorators: [(Story) => <div style={{ maxWidth: 640 }}>{Story()}</div>],
} satisfies Meta<typeof Card>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: 'Daily Challenges' })).toBeInTheDocument();
  },
};

export const WithActions: Story = {
  args: {
    title: 'My Leagues',
    actions: (
      <Button size="sm" variant="secondary">
        Start a League
      </Button>
    ),
  },
};

export const WithoutTitle: Story = {
  args: {
    title: undefined,
    children: (
      <Stack gap="sm">
        <Text weight="semibold">Registration Successful !!</Text>
        <Text tone="muted">Check your inbox to verify your email.</Text>
      </Stack>
    ),
  },
};
