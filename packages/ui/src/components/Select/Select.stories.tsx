import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, waitFor } from 'storybook/test';
import { Select } from './Select';

const leagueTypes = [
  { value: 'MP', label: 'Match Prediction' },
  { value: 'PS', label: 'Player Selection' },
  { value: 'DC', label: 'Daily Challenge (coming soon)', disabled: true },
] as const;

const meta = {
  title: 'Forms/Select',
  component: Select,
  tags: ['autodocs'],
  args: {
    label: 'League Type',
    options: [...leagueTypes],
    placeholder: 'Select a league type',
    onValueChange: fn(),
    name: 'leagueType',
  },
  argTypes: {
    options: {
      description: 'The choices, in display order. A disabled option is shown but cannot be picked.',
      table: {
        type: { summary: 'readonly { value: string; label: string; description?: string; disabled?: boolean }[]' },
      },
    },
    label: { description: 'Visible label (required): names the field for everyone, screen readers included.' },
    onValueChange: { table: { type: { summary: '(value: string) => void' } } },
  },
  decorators: [(Story) => <div style={{ maxWidth: 360, minHeight: 260 }}>{Story()}</div>],
} satisfies Meta<typeof Select>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const KeyboardSelection: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const trigger = canvas.getByRole('combobox', { name: 'League Type' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const listbox = await screen.findByRole('listbox');
    await expect(listbox).toBeVisible();
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(args.onValueChange).toHaveBeenCalledWith('PS'));
    await expect(trigger).toHaveTextContent('Player Selection');
  },
};

export const Open: Story = {
  parameters: {
    a11y: {
      // While the menu is open Radix marks the rest of the page aria-hidden (modal listbox)
      // and traps focus in the menu; axe still sees the trigger there as focusable.
      config: { rules: [{ id: 'aria-hidden-focus', enabled: false }] },
    },
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: 'League Type' }));
    await expect(await screen.findByRole('option', { name: 'Match Prediction' })).toBeVisible();
  },
};

/** The menu open at rest (`defaultOpen`, no play function), in its own frame: the docs page shows it. */
export const OpenMenu: Story = {
  tags: ['!dev', '!autodocs'],
  args: { defaultOpen: true, defaultValue: 'MP' },
  parameters: {
    docs: { story: { inline: false, height: '300px' } },
    a11y: Open.parameters?.a11y,
  },
  play: async () => {
    await expect(await screen.findByRole('option', { name: 'Player Selection' })).toBeVisible();
  },
};

export const WithValue: Story = { args: { defaultValue: 'MP' } };

/** Options with a second line (a player's recent form in My Selections): in the menu only, read after the label. */
export const WithDescriptions: Story = {
  args: {
    label: 'Most Runs',
    placeholder: 'Select…',
    options: [
      { value: '0', label: 'No selection' },
      { value: '11', label: 'RD Gaikwad (CSK, Batsman)', description: '182 season pts · Last 3: 40, 71, 12' },
      { value: '12', label: 'V Kohli (RCB, Batsman)', description: '245 season pts · Last 3: 44, 71, 38' },
    ],
  },
  parameters: { a11y: Open.parameters?.a11y },
  play: async ({ canvas, userEvent }) => {
    const trigger = canvas.getByRole('combobox', { name: 'Most Runs' });
    await userEvent.click(trigger);
    const kohli = await screen.findByRole('option', {
      name: 'V Kohli (RCB, Batsman) 245 season pts · Last 3: 44, 71, 38',
    });
    await userEvent.click(kohli);
    await waitFor(() => expect(trigger).toHaveTextContent('V Kohli (RCB, Batsman)'));
    await expect(trigger).not.toHaveTextContent('season pts');
  },
};

export const Required: Story = { args: { required: true, label: 'Select League', placeholder: 'Select a League' } };

export const WithError: Story = {
  args: { required: true, label: 'Select Series', placeholder: 'Select a series', error: 'Please select a series.' },
};

export const Disabled: Story = { args: { disabled: true, defaultValue: 'MP' } };

export const Controlled: Story = {
  render: (args) => {
    const [value, setValue] = useState('');
    return (
      <div>
        <Select {...args} value={value} onValueChange={setValue} />
        <p>Selected: {value || 'nothing'}</p>
      </div>
    );
  },
};

/** The menu with descriptions open at rest, in its own frame: each option's second line under its label. */
export const OpenMenuWithDescriptions: Story = {
  tags: ['!dev', '!autodocs'],
  args: { ...WithDescriptions.args, defaultOpen: true, defaultValue: '12' },
  parameters: { docs: { story: { inline: false, height: '300px' } }, a11y: Open.parameters?.a11y },
  play: async () => {
    await expect(
      await screen.findByRole('option', { name: 'RD Gaikwad (CSK, Batsman) 182 season pts · Last 3: 40, 71, 12' }),
    ).toBeVisible();
  },
};
