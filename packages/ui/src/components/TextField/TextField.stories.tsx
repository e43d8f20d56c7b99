import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { TextField } from './TextField';

const meta = {
  title: 'Forms/TextField',
  component: TextField,
  tags: ['autodocs'],
  argTypes: {
    name: { description: 'Form field name (any `<input>` attribute is passed on, e.g. react-hook-form `register`).' },
    placeholder: { description: 'An example of the expected format; never instead of the label.' },
    autoComplete: { description: 'Autofill hint: `email`, `current-password`, `new-password`, `username`…' },
    type: {
      description: 'Input type (default `text`): `email`, `password`, `search`, `tel`, `url`, `number`.',
      control: 'select',
      options: ['text', 'email', 'password', 'search', 'tel', 'url', 'number'],
      table: {
        type: { summary: "'text' | 'email' | 'password' | 'search' | 'tel' | 'url' | 'number'" },
        defaultValue: { summary: "'text'" },
      },
    },
  },
  args: { label: 'Email', name: 'email', type: 'email', placeholder: 'you@example.com', autoComplete: 'email' },
  decorators: [(Story) => <div style={{ maxWidth: 420 }}>{Story()}</div>],
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: 'Email' });
    await userEvent.type(input, 'asha@example.com');
    await expect(input).toHaveValue('asha@example.com');
  },
};

export const KeyboardFocus: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('textbox', { name: 'Email' })).toHaveFocus();
  },
};

export const Required: Story = { args: { required: true } };

export const WithHint: Story = {
  args: {
    label: 'Gamer Name',
    type: 'text',
    hint: 'This is what other members of the league will see.',
    placeholder: '',
  },
};

export const WithError: Story = {
  args: { required: true, defaultValue: 'asha@', error: 'Please enter a valid email address.' },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: /Email/ });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('Please enter a valid email address.');
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'asha@example.com' },
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: 'Email' });
    await expect(input).toBeDisabled();
    await userEvent.tab();
    await expect(input).not.toHaveFocus();
  },
};

export const ReadOnly: Story = { args: { label: 'First name', type: 'text', readOnly: true, defaultValue: 'Asha' } };

export const Password: Story = {
  args: {
    label: 'Password',
    type: 'password',
    name: 'password',
    autoComplete: 'new-password',
    placeholder: '',
    hint: 'At least 8 characters.',
  },
};
