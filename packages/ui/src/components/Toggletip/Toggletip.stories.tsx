import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, screen, waitFor } from 'storybook/test';
import { Button } from '../Button/Button';
import { Modal } from '../Modal/Modal';
import { oneOf } from '../../docs/DoDont';
import { Toggletip, toggletipSides } from './Toggletip';

const meta = {
  title: 'Overlays/Toggletip',
  component: Toggletip,
  tags: ['autodocs'],
  args: {
    label: 'About Duck',
    content: 'Dismissed for 0 (not for bowlers). The points are deducted.',
    side: 'top',
  },
  argTypes: {
    content: {
      description: 'The information: one or two short sentences. Shown on tap, click, Enter or Space, and on hover.',
      table: { type: { summary: 'ReactNode' } },
    },
    label: {
      description: 'Names the popup (a non-modal dialog) and, without `children`, the info button.',
    },
    children: {
      description: 'The trigger, one element rendering a `<button>`; default a round info button named `label`.',
      control: false,
      table: { type: { summary: 'ReactElement (a button)' } },
    },
    side: {
      description: 'Preferred side; it flips when there is no room.',
      control: 'inline-radio',
      options: toggletipSides,
      table: { type: oneOf(toggletipSides), defaultValue: { summary: "'top'" } },
    },
    hoverDelay: { table: { defaultValue: { summary: '300' } } },
  },
  decorators: [(Story) => <div style={{ padding: '5rem 1rem 1rem' }}>{Story()}</div>],
} satisfies Meta<typeof Toggletip>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** A tap (a touch pointer, which never hovers or focuses) opens it; a second tap closes it. */
export const OpensOnTap: Story = {
  play: async ({ canvas, userEvent }) => {
    const trigger = canvas.getByRole('button', { name: 'About Duck' });
    await userEvent.pointer({ keys: '[TouchA]', target: trigger });
    const tip = await screen.findByRole('dialog', { name: 'About Duck' });
    await expect(tip).toHaveAccessibleDescription(/Dismissed for 0/);
    await expect(tip).toBeVisible();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await userEvent.pointer({ keys: '[TouchA]', target: trigger });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

/** Enter opens it and moves focus into it (a screen reader reads it); Escape closes it and focus goes back. */
export const OpensWithTheKeyboard: Story = {
  play: async ({ canvas, userEvent }) => {
    const trigger = canvas.getByRole('button', { name: 'About Duck' });
    await userEvent.tab();
    await expect(trigger).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const tip = await screen.findByRole('dialog', { name: 'About Duck' });
    await waitFor(() => expect(tip).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(trigger).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(await screen.findByRole('dialog', { name: 'About Duck' })).toBeVisible();
  },
};

/** With a mouse it also shows on hover (without taking focus) and hides when the mouse leaves. */
export const ShowsOnHover: Story = {
  args: { hoverDelay: 0 },
  play: async ({ canvas, userEvent }) => {
    const trigger = canvas.getByRole('button', { name: 'About Duck' });
    await userEvent.hover(trigger);
    await expect(await screen.findByRole('dialog', { name: 'About Duck' })).toBeVisible();
    await expect(trigger).not.toHaveFocus();
    await userEvent.unhover(trigger);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Hovered, then clicked: it stays open after the mouse leaves.
    await userEvent.hover(trigger);
    await screen.findByRole('dialog', { name: 'About Duck' });
    await userEvent.click(trigger);
    await userEvent.unhover(trigger);
    await expect(screen.getByRole('dialog', { name: 'About Duck' })).toBeVisible();
  },
};

/** Any button can be the trigger: here a feature name in a table, as in the league configuration. */
export const OnAFeatureName: Story = {
  args: { label: 'About Most Runs', content: 'Pick the batsman, wicketkeeper or allrounder who scores the most runs.' },
  render: (args) => (
    <Toggletip {...args}>
      <button
        type="button"
        style={{ all: 'unset', cursor: 'help', textDecoration: 'underline dotted', borderRadius: 4, minHeight: 32 }}
      >
        Most Runs
      </button>
    </Toggletip>
  ),
  play: async ({ canvas, userEvent }) => {
    await userEvent.pointer({ keys: '[TouchA]', target: canvas.getByRole('button', { name: 'Most Runs' }) });
    await expect(await screen.findByRole('dialog', { name: 'About Most Runs' })).toHaveTextContent(/most runs/);
  },
};

function InADialog() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open</Button>
      <Modal open={open} onOpenChange={setOpen} title="League Configuration - Player Selection">
        <p>
          Duck <Toggletip label="About Duck" content="Dismissed for 0 (not for bowlers). The points are deducted." />
        </p>
      </Modal>
    </>
  );
}

/** Inside a Modal: a tap opens it above the dialog, and a tap outside it closes it, not the dialog. */
export const InsideAModal: Story = {
  render: () => <InADialog />,
  parameters: { docs: { story: { inline: false, height: '360px' } } },
  play: async ({ userEvent }) => {
    const dialog = await screen.findByRole('dialog', { name: /League Configuration/ });
    await userEvent.pointer({ keys: '[TouchA]', target: screen.getByRole('button', { name: 'About Duck' }) });
    const tip = await screen.findByRole('dialog', { name: 'About Duck' });
    await expect(tip).toBeVisible();
    await userEvent.pointer({
      keys: '[TouchA]',
      target: screen.getByRole('heading', { name: /League Configuration/ }),
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'About Duck' })).toBeNull());
    await expect(dialog).toBeVisible();
  },
};
