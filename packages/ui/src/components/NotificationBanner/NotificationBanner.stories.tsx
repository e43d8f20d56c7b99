import FakeTimers from '@sinonjs/fake-timers';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent as user, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button';
import { Header } from '../Header/Header';
import { Logo } from '../Logo/Logo';
import { Modal } from '../Modal/Modal';
import { Stack } from '../Stack/Stack';
import { Text } from '../Text/Text';
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

function intersects(a: Element, b: Element) {
  const r = a.getBoundingClientRect();
  const s = b.getBoundingClientRect();
  return r.left < s.right && s.left < r.right && r.top < s.bottom && s.top < r.bottom;
}

/** A page with the app's sticky header (hamburger at phone widths) and a Save button that notifies. */
function PageWithHeader({ autoDismissMs, onMenuClick }: { autoDismissMs?: number; onMenuClick: () => void }) {
  const [note, setNote] = useState<Notification | null>(null);
  return (
    <div style={{ minHeight: '100vh' }}>
      <div style={{ position: 'sticky', top: 0 }}>
        <Header
          logo={
            <a href="#home">
              <Logo />
            </a>
          }
          greeting="Hi, Asha !"
          onMenuClick={onMenuClick}
        />
      </div>
      <div style={{ padding: '1rem' }}>
        <Button onClick={() => setNote({ kind: 'success', message: 'Your profile has been updated successfully.' })}>
          Save profile
        </Button>
      </div>
      <NotificationBanner notification={note} onClose={() => setNote(null)} autoDismissMs={autoDismissMs} />
    </div>
  );
}

/**
 * After saving on a phone the banner sits below the header: the hamburger stays visible and tappable,
 * and the Save button just pressed is not covered either.
 */
const onMenuClick = fn();

export const BelowTheHeader390: Story = {
  name: 'Below the header (390px)',
  args: { notification: null },
  globals: { viewport: { value: 'mobile390', isRotated: false } },
  render: () => <PageWithHeader onMenuClick={onMenuClick} />,
  play: async ({ canvas, canvasElement, userEvent }) => {
    onMenuClick.mockClear();
    const save = canvas.getByRole('button', { name: 'Save profile' });
    await userEvent.click(save);
    const banner = await canvas.findByRole('status');
    await expect(banner).toHaveTextContent('Your profile has been updated successfully.');
    const header = canvasElement.querySelector('header')!;
    await expect(intersects(banner, header)).toBe(false);
    await expect(intersects(banner, save)).toBe(false);
    const menu = canvas.getByRole('button', { name: 'Menu' });
    await expect(intersects(banner, menu)).toBe(false);
    if (menu.getBoundingClientRect().width > 0) {
      await userEvent.click(menu);
      await expect(onMenuClick).toHaveBeenCalledTimes(1);
    }
  },
};

/** A dialog whose Save button raises a notification while the dialog stays open. */
function ModalWithNotification() {
  const [open, setOpen] = useState(true);
  const [note, setNote] = useState<Notification | null>(null);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open dialog</Button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title="Edit league"
        footer={
          <Button onClick={() => setNote({ kind: 'error', message: 'League name already taken. Choose another.' })}>
            Save
          </Button>
        }
      >
        <Text>Change the league's name and description.</Text>
      </Modal>
      <NotificationBanner notification={note} onClose={() => setNote(null)} autoDismissMs={0} />
    </>
  );
}

/**
 * A notification raised while a Modal is open shows inside the dialog, under its title bar: it is an
 * alert screen readers can reach (not under Radix's aria-hidden), its dismiss button works (no
 * `pointer-events: none`, and the press does not close the dialog), and it covers neither the title
 * nor the close button.
 */
export const OverAModal390: Story = {
  name: 'Over a Modal (390px)',
  args: { notification: null },
  globals: { viewport: { value: 'mobile390', isRotated: false } },
  render: () => <ModalWithNotification />,
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Edit league' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    // Reachable: found by role (testing-library skips aria-hidden trees) and inside the dialog.
    const alert = await screen.findByRole('alert');
    await expect(alert).toHaveTextContent('League name already taken.');
    await expect(alert.closest('[aria-hidden="true"]')).toBeNull();
    await expect(dialog).toContainElement(alert);
    // Covers neither the title nor the close button.
    const close = within(dialog).getByRole('button', { name: 'Close' });
    await expect(intersects(alert, close)).toBe(false);
    await expect(intersects(alert, within(dialog).getByRole('heading', { name: 'Edit league' }))).toBe(false);
    // Dismissable with the dialog open, and the dialog stays open.
    await user.click(within(alert).getByRole('button', { name: 'Dismiss notification' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    await expect(screen.getByRole('dialog', { name: 'Edit league' })).toBeInTheDocument();
    // Keyboard users reach the dismiss button inside the dialog's focus trap.
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const again = await screen.findByRole('alert');
    within(again).getByRole('button', { name: 'Dismiss notification' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    // Leave it showing, for the screenshot.
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByRole('alert');
  },
};
