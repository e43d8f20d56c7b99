import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { FormErrorSummary } from './FormErrorSummary';

const meta = {
  title: 'Forms/FormErrorSummary',
  component: FormErrorSummary,
  tags: ['autodocs'],
  args: { message: 'Invalid email or password. Please try again.' },
} satisfies Meta<typeof FormErrorSummary>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Invalid email or password.');
  },
};

export const Empty: Story = {
  args: { message: '' },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};
