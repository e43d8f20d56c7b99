import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, waitFor } from 'storybook/test';
import { Button } from '../Button/Button';
import { oneOf } from '../../docs/DoDont';
import { ConfirmDialog, type ConfirmDialogProps, confirmDialogTones } from './ConfirmDialog';

function Demo(props: Omit<ConfirmDialogProps, 'open'>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant={props.tone === 'danger' ? 'danger' : 'primary'} onClick={() => setOpen(true)}>
        Open
      </Button>
      <ConfirmDialog
        {...props}
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          props.onOpenChange(next);
        }}
      />
    </>
  );
}

const meta = {
  title: 'Overlays/ConfirmDialog',
  component: ConfirmDialog,
  tags: ['autodocs'],
  args: {
    open: false,
    onOpenChange: fn(),
    onConfirm: fn(),
    title: 'Activate League',
    message: 'Once activated, no changes are allowed to the league. Do you want to continue?',
    confirmLabel: 'Activate',
  },
  argTypes: {
    className: { description: 'Class for the dialog panel.' },

    open: { description: 'Whether the dialog is shown (controlled).', table: { type: { summary: 'boolean' } } },
    onOpenChange: {
      description: 'Called with `false` by Cancel and Escape (not while `busy`).',
      table: { type: { summary: '(open: boolean) => void' } },
    },
    title: {
      description: 'The question as a short title; the accessible name.',
      table: { type: { summary: 'ReactNode' } },
    },
    message: {
      description: 'What happens if the user confirms, and whether it can be undone; the accessible description.',
      table: { type: { summary: 'ReactNode' } },
    },
    tone: {
      control: 'inline-radio',
      options: confirmDialogTones,
      table: { type: oneOf(confirmDialogTones), defaultValue: { summary: "'default'" } },
    },
  },
  render: (args) => <Demo {...args} />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Open' }));
    await screen.findByRole('alertdialog');
  },
} satisfies Meta<typeof ConfirmDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Activate League' });
    await expect(dialog).toHaveAccessibleDescription(/no changes are allowed/);
    await userEvent.click(screen.getByRole('button', { name: 'Activate' }));
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  },
};

/** Open without a play function, in its own frame (shown on the docs page). */
export const Open: Story = {
  tags: ['!dev', '!autodocs'],
  args: { open: true },
  parameters: { docs: { story: { inline: false, height: '320px' } } },
  render: (args) => <ConfirmDialog {...args} />,
  play: async () => {
    await expect(await screen.findByRole('alertdialog', { name: 'Activate League' })).toBeVisible();
  },
};

export const Danger: Story = {
  args: {
    tone: 'danger',
    title: 'Delete Profile',
    message: 'Deleting your profile erases all of your history permanently. This cannot be undone.',
    confirmLabel: 'Delete',
  },
};

export const Busy: Story = {
  args: {
    busy: true,
    title: 'Confirm Admin Transfer',
    message: 'Make Ben the league admin?',
    confirmLabel: 'Transfer',
  },
};
