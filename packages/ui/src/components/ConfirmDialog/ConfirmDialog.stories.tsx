import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, waitFor } from 'storybook/test';
import { Button } from '../Button/Button';
import { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';

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
