import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Stack } from '../Stack/Stack';
import { TextLink } from '../TextLink/TextLink';
import { Checkbox } from './Checkbox';

const meta = {
  title: 'Forms/Checkbox',
  component: Checkbox,
  tags: ['autodocs'],
  argTypes: {
    name: { description: 'Form field name (any `<input>` attribute is passed on, e.g. react-hook-form `register`).' },
  },
  args: { label: 'Is Private League', name: 'isPrivate' },
} satisfies Meta<typeof Checkbox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    const box = canvas.getByRole('checkbox', { name: 'Is Private League' });
    await userEvent.click(box);
    await expect(box).toBeChecked();
    await userEvent.keyboard(' ');
    await expect(box).not.toBeChecked();
  },
};

export const KeyboardFocus: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab();
    const box = canvas.getByRole('checkbox', { name: 'Is Private League' });
    await expect(box).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(box).toBeChecked();
  },
};

export const Checked: Story = { args: { defaultChecked: true, label: 'Get Reminder Emails' } };

export const WithLinkInLabel: Story = {
  args: {
    name: 'terms',
    label: (
      <>
        I agree to the <TextLink href="#terms">Terms and Conditions</TextLink>
      </>
    ),
  },
};

export const WithError: Story = {
  args: {
    name: 'terms',
    label: 'I agree to the Terms and Conditions',
    error: 'You must accept the terms to register.',
  },
};

export const Disabled: Story = {
  render: (args) => (
    <Stack gap="sm">
      <Checkbox {...args} disabled label="Disabled" />
      <Checkbox {...args} disabled defaultChecked label="Disabled and checked" />
    </Stack>
  ),
};
