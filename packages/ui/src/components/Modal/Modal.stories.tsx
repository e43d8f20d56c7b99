import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, waitFor } from 'storybook/test';
import { Button } from '../Button/Button';
import { Checkbox } from '../Checkbox/Checkbox';
import { Stack } from '../Stack/Stack';
import { Text } from '../Text/Text';
import { TextArea } from '../TextArea/TextArea';
import { Modal, type ModalProps, modalSizes } from './Modal';

/** Renders a trigger button; the dialog opens on click (stories' play functions open it). */
function ModalDemo({ triggerLabel = 'Open dialog', ...props }: Omit<ModalProps, 'open'> & { triggerLabel?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{triggerLabel}</Button>
      <Modal
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
  title: 'Overlays/Modal',
  component: Modal,
  tags: ['autodocs'],
  args: {
    open: false,
    onOpenChange: fn(),
    title: 'Edit Fantasy League',
    description: 'Only the league admin can save changes.',
    size: 'md',
  },
  argTypes: { size: { control: 'inline-radio', options: modalSizes } },
  render: (args) => (
    <ModalDemo
      {...args}
      triggerLabel="Edit league"
      footer={
        <>
          <Button variant="secondary" onClick={() => args.onOpenChange(false)}>
            Cancel
          </Button>
          <Button>Save Changes</Button>
        </>
      }
    >
      <Stack gap="lg">
        <TextArea label="League Description" defaultValue="Weekly picks for the Big Bash. No late changes." />
        <Checkbox label="Show Other Users' Picks" defaultChecked />
      </Stack>
    </ModalDemo>
  ),
} satisfies Meta<typeof Modal>;

export default meta;
type Story = StoryObj<typeof meta>;

const openDialog: Story['play'] = async ({ canvas, userEvent }) => {
  await userEvent.click(canvas.getByRole('button', { name: /Edit league|Open dialog|Read the rules/ }));
  await screen.findByRole('dialog');
};

export const Default: Story = {
  play: async (context) => {
    await openDialog(context);
    const dialog = screen.getByRole('dialog', { name: 'Edit Fantasy League' });
    await expect(dialog).toHaveAccessibleDescription('Only the league admin can save changes.');
    // Focus moves into the dialog.
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  },
};

export const EscapeCloses: Story = {
  play: async (context) => {
    await openDialog(context);
    await context.userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(context.args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

export const FocusTrap: Story = {
  play: async (context) => {
    const { userEvent } = context;
    await openDialog(context);
    const dialog = screen.getByRole('dialog', { name: 'Edit Fantasy League' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    // Tab through every control and beyond: focus never leaves the dialog, in either direction.
    for (let i = 0; i < 8; i++) {
      await userEvent.tab();
      await expect(dialog.contains(document.activeElement)).toBe(true);
    }
    for (let i = 0; i < 8; i++) {
      await userEvent.tab({ shift: true });
      await expect(dialog.contains(document.activeElement)).toBe(true);
    }
    // Escape closes and focus returns to the button that opened it.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(context.canvas.getByRole('button', { name: 'Edit league' })).toHaveFocus());
  },
};

export const CloseButton: Story = {
  play: async (context) => {
    await openDialog(context);
    await context.userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

export const ScrollableBody: Story = {
  args: { title: 'Frequently asked questions', description: undefined, size: 'lg' },
  render: (args) => (
    <ModalDemo
      {...args}
      triggerLabel="Read the rules"
      footer={<Button onClick={() => args.onOpenChange(false)}>Got it</Button>}
    >
      <Stack gap="md">
        {Array.from({ length: 14 }, (_, i) => (
          <Text key={i}>
            Rule {i + 1}. Picks lock when the first ball is bowled. Points are awarded for each correct prediction and
            doubled in the final. Ties are broken by the earliest submission time.
          </Text>
        ))}
      </Stack>
    </ModalDemo>
  ),
  play: openDialog,
};

export const Small: Story = {
  args: { size: 'sm', title: 'Heads up', description: undefined },
  render: (args) => (
    <ModalDemo {...args}>
      <Text>Your selections were saved.</Text>
    </ModalDemo>
  ),
  play: openDialog,
};

export const MobileFullScreen: Story = {
  ...Default,
  globals: { viewport: { value: 'mobile390', isRotated: false } },
};

/**
 * At phone width the dialog is a full-height sheet: it fills the screen, its close button is a 44px
 * target inside it, the footer buttons are full-width 44px targets, and the long body scrolls
 * between the fixed title bar and footer.
 */
export const PhoneSheet360: Story = {
  ...ScrollableBody,
  name: 'Phone sheet (360px)',
  globals: { viewport: { value: 'mobile360', isRotated: false } },
  play: async (context) => {
    await openDialog(context);
    const dialog = await screen.findByRole('dialog');
    const box = dialog.getBoundingClientRect();
    await waitFor(() => expect(Math.round(dialog.getBoundingClientRect().top)).toBe(0));
    await expect(Math.round(box.width)).toBe(window.innerWidth);
    await expect(Math.round(box.height)).toBe(window.innerHeight);
    const close = screen.getByRole('button', { name: 'Close' }).getBoundingClientRect();
    await expect(close.height).toBeGreaterThanOrEqual(44);
    await expect(close.right).toBeLessThanOrEqual(window.innerWidth);
    const gotIt = screen.getByRole('button', { name: 'Got it' }).getBoundingClientRect();
    await expect(gotIt.height).toBeGreaterThanOrEqual(44);
    await expect(gotIt.bottom).toBeLessThanOrEqual(window.innerHeight);
    const body = screen.getByText(/^Rule 1\./).closest('[data-scrollable]') as HTMLElement;
    await expect(body.scrollHeight).toBeGreaterThan(body.clientHeight);
  },
};
