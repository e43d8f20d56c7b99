import FakeTimers from '@sinonjs/fake-timers';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, waitFor } from 'storybook/test';
import { Button } from '../Button/Button';
import { Stack } from '../Stack/Stack';
import { type Notification, NotificationBanner, notificationKinds } from './NotificationBanner';

const meta = {
  title: 'Feedback/NotificationBanner',
  component: NotificationBanner,
  tags: ['autodocs'],
  args: {
    notification: { kind: 'success', message: 'League created successfully!' },
    onClose: fn(),
    autoDismissMs: 0,
  },
  argTypes: {
    notification: {
      description: `What to show, or \`null\` for nothing. \`kind\` is one of ${notificationKinds.map((k) => `'${k}'`).join(', ')}: errors are announced at once (\`role="alert"\`), success and info politely (\`role="status"\`).`,
      table: { type: { summary: "{ kind: 'success' | 'error' | 'info'; message: string } | null" } },
    },
    onClose: { table: { type: { summary: '() => void' } } },
  },
  parameters: {
    layout: 'fullscreen',
    // The banner is fixed to the top of its page: each story gets a short frame of its own on the docs page
    // (inline, it would pin itself to the top of the docs page, and a full-height canvas left 450px empty).
    docs: { story: { inline: false, height: '120px' } },
  },
  decorators: [(Story) => <div style={{ minHeight: 120 }}>{Story()}</div>],
} satisfies Meta<typeof NotificationBanner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('League created successfully!');
    await userEvent.click(canvas.getByRole('button', { name: 'Dismiss notification' }));
    await expect(args.onClose).toHaveBeenCalledTimes(1);
  },
};

export const ErrorKind: Story = {
  name: 'Error',
  args: { notification: { kind: 'error', message: 'We could not save your selections. Please try again.' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('We could not save your selections.');
  },
};

export const Info: Story = {
  args: { notification: { kind: 'info', message: 'Picks lock when the first ball is bowled.' } },
};

export const LongMessage: Story = {
  args: {
    notification: {
      kind: 'error',
      message:
        'Your session has expired because you were inactive for a while. Please sign in again to continue making your selections for this fixture.',
    },
  },
  globals: { viewport: { value: 'mobile390', isRotated: false } },
  parameters: { docs: { story: { inline: false, height: '160px' } } },
};

export const AutoDismiss: Story = {
  args: { autoDismissMs: 300 },
  play: async ({ args }) => {
    await waitFor(() => expect(args.onClose).toHaveBeenCalledTimes(1), { timeout: 2000 });
  },
};

let clock: ReturnType<ReturnType<typeof FakeTimers.withGlobal>['install']> | undefined;

/**
 * The default 10-second auto-dismiss, checked with a fake clock installed before the story renders (so
 * the banner's timer is a fake one). The clock also creeps forward with real time, so Storybook's own
 * timers keep working: the check allows for that creep (nothing at 8 s, dismissed by 10 s).
 */
export const AutoDismissAfterTenSeconds: Story = {
  args: { autoDismissMs: 10_000, notification: { kind: 'info', message: 'Selections saved for Match 12.' } },
  beforeEach: () => {
    clock = FakeTimers.withGlobal(globalThis).install({
      toFake: ['setTimeout', 'clearTimeout'],
      shouldAdvanceTime: true,
      advanceTimeDelta: 5,
    });
    return () => {
      clock?.uninstall();
      clock = undefined;
    };
  },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Selections saved for Match 12.');
    clock?.tick(8_000);
    await expect(args.onClose).not.toHaveBeenCalled();
    await expect(canvas.getByRole('status')).toBeVisible();
    clock?.tick(2_000);
    await expect(args.onClose).toHaveBeenCalledTimes(1);
  },
};

export const Playground: Story = {
  args: { notification: null, autoDismissMs: 10_000 },
  parameters: { docs: { story: { inline: false, height: '240px' } } },
  render: (args) => {
    const [note, setNote] = useState<Notification | null>(null);
    return (
      <div style={{ padding: '6rem 1.5rem 1.5rem' }}>
        <Stack gap="sm" direction="row" wrap>
          <Button onClick={() => setNote({ kind: 'success', message: 'Selections saved!' })}>Success</Button>
          <Button variant="danger" onClick={() => setNote({ kind: 'error', message: 'Something went wrong.' })}>
            Error
          </Button>
          <Button variant="secondary" onClick={() => setNote({ kind: 'info', message: 'New fixtures are available.' })}>
            Info
          </Button>
        </Stack>
        <NotificationBanner {...args} notification={note} onClose={() => setNote(null)} />
      </div>
    );
  },
};
