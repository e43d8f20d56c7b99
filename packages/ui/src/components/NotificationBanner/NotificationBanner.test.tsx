import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Modal } from '../Modal/Modal';
import { type Notification, NotificationBanner } from './NotificationBanner';

describe('NotificationBanner', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('renders nothing without a notification', () => {
    const { container } = render(<NotificationBanner notification={null} onClose={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('shows success as a status and auto-dismisses after 10 seconds', () => {
    const onClose = vi.fn();
    render(
      <NotificationBanner
        notification={{ kind: 'success', message: 'League created successfully!' }}
        onClose={onClose}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('League created successfully!');
    act(() => vi.advanceTimersByTime(9_999));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows errors as an alert and closes from the dismiss button', () => {
    const onClose = vi.fn();
    render(<NotificationBanner notification={{ kind: 'error', message: 'Something went wrong' }} onClose={onClose} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('restarts the timer when a new notification object arrives', () => {
    const onClose = vi.fn();
    const first: Notification = { kind: 'info', message: 'Saved' };
    const { rerender } = render(<NotificationBanner notification={first} onClose={onClose} />);
    act(() => vi.advanceTimersByTime(8_000));
    rerender(<NotificationBanner notification={{ kind: 'info', message: 'Saved' }} onClose={onClose} />);
    act(() => vi.advanceTimersByTime(8_000));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(2_000));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('does not restart the timer when only the onClose callback changes', () => {
    const onClose = vi.fn();
    const note: Notification = { kind: 'info', message: 'Saved' };
    const { rerender } = render(<NotificationBanner notification={note} onClose={() => onClose()} />);
    act(() => vi.advanceTimersByTime(6_000));
    rerender(<NotificationBanner notification={note} onClose={() => onClose()} />);
    act(() => vi.advanceTimersByTime(4_000));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('NotificationBanner with an open Modal', () => {
  it('renders inside the dialog (under its title bar), where it stays reachable', () => {
    render(
      <>
        <Modal open onOpenChange={() => {}} title="Edit league">
          body
        </Modal>
        <NotificationBanner notification={{ kind: 'error', message: 'Name taken' }} onClose={() => {}} />
      </>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Edit league' });
    const alert = screen.getByRole('alert');
    expect(dialog).toContainElement(alert);
    expect(alert).toHaveAttribute('data-placement', 'dialog');
    expect(alert.parentElement).toHaveAttribute('data-notification-slot');
  });

  it('goes back to the page when the dialog closes', () => {
    const note = { kind: 'info' as const, message: 'Saved' };
    const { rerender } = render(
      <>
        <Modal open onOpenChange={() => {}} title="Edit league" />
        <NotificationBanner notification={note} onClose={() => {}} autoDismissMs={0} />
      </>,
    );
    expect(screen.getByRole('dialog')).toContainElement(screen.getByRole('status'));
    rerender(
      <>
        <Modal open={false} onOpenChange={() => {}} title="Edit league" />
        <NotificationBanner notification={note} onClose={() => {}} autoDismissMs={0} />
      </>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('status')).toHaveAttribute('data-placement', 'top');
  });
});
