import { NOTIFICATION_AUTO_DISMISS_MS } from '@fantasy-cricket/rules';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import { GlobalNotification } from './GlobalFeedback';
import { notify, notifySuccess } from '../shared/notify';
import { getAppStore } from '../shared/store';

function renderBanner() {
  return render(
    <Provider store={getAppStore()}>
      <GlobalNotification />
    </Provider>,
  );
}

describe('notification banner', () => {
  it('clears itself after 10 seconds, restarting for a new notification', async () => {
    vi.useFakeTimers();
    renderBanner();
    act(() => notifySuccess());
    expect(screen.getByRole('status')).toHaveTextContent('Success.');
    act(() => vi.advanceTimersByTime(NOTIFICATION_AUTO_DISMISS_MS - 1000));
    act(() => notify('error', 'Second.'));
    act(() => vi.advanceTimersByTime(NOTIFICATION_AUTO_DISMISS_MS - 1));
    expect(screen.getByRole('alert')).toHaveTextContent('Second.');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('can be closed by hand', async () => {
    const user = userEvent.setup();
    renderBanner();
    act(() => notify('error', 'Something broke.'));
    await user.click(screen.getByRole('button', { name: /dismiss/i }));
    expect(screen.queryByText('Something broke.')).not.toBeInTheDocument();
  });
});
