import type { Meta, StoryObj } from '@storybook/react-vite';
import { oneOf } from '../../docs/DoDont';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';
import { Card } from '../Card/Card';
import { Text } from '../Text/Text';
import { QueryState, queryStatuses } from './QueryState';

const meta = {
  title: 'Feedback/QueryState',
  component: QueryState,
  tags: ['autodocs'],
  args: {
    status: 'success',
    loadingText: 'Loading your leagues…',
    errorMessage: 'Failed to load leagues. Please try again.',
    emptyMessage: 'No leagues found.',
    onRetry: fn(),
    children: <Text>Office MP · Office PS</Text>,
  },
  argTypes: {
    status: { control: 'inline-radio', options: queryStatuses, table: { type: oneOf(queryStatuses) } },
  },
  decorators: [
    (Story) => (
      <Card>
        <Story />
      </Card>
    ),
  ],
} satisfies Meta<typeof QueryState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { status: 'pending' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading your leagues…');
  },
};

export const Failed: Story = {
  args: { status: 'error' },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Failed to load leagues. Please try again.');
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

export const Retrying: Story = {
  args: { status: 'error', retrying: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /Retry/ })).toBeDisabled();
  },
};

export const Empty: Story = {
  args: { isEmpty: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('No leagues found.');
    await expect(canvas.queryByText('Office MP · Office PS')).toBeNull();
  },
};

export const Loaded: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Office MP · Office PS')).toBeVisible();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** A failed load, then a successful retry: the content replaces the error. */
export const RetrySucceeds: Story = {
  render: function RetryDemo(args) {
    const [status, setStatus] = useState<'error' | 'success'>('error');
    return <QueryState {...args} status={status} onRetry={() => setStatus('success')} />;
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(await canvas.findByText('Office MP · Office PS')).toBeVisible();
  },
};

export const Mobile: Story = {
  args: { status: 'error' },
  globals: { viewport: { value: 'mobile390', isRotated: false } },
};
