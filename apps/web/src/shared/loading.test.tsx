import { LOADING_INDICATOR_DELAY_MS } from '@fantasy-cricket/rules';
import { act, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import { custom, jsonResponse, mockApi } from '../test/api';
import { api, unwrap } from './api';
import { loadingAtom, pendingRequestsAtom } from './atoms';
import { GlobalLoadingOverlay } from '../app/GlobalFeedback';
import { createLoadingTracker } from './loading';
import { getAppStore } from './store';

const OVERLAY_TEXT = 'Processing your request, please wait...';

function renderOverlay() {
  return render(
    <Provider store={getAppStore()}>
      <GlobalLoadingOverlay />
    </Provider>,
  );
}

/** A stubbed GET /faq/ that answers only when the test says so. */
function deferredFaq() {
  let settle: (response: Response) => void = () => {};
  mockApi(custom('/faq/', 'get', () => new Promise<Response>((resolve) => (settle = resolve))));
  return { answer: () => settle(jsonResponse(200, [])) };
}

describe('loading overlay', () => {
  it('starts hidden (the loading flag is initially false)', () => {
    renderOverlay();
    expect(getAppStore().get(loadingAtom)).toBe(false);
    expect(screen.queryByText(OVERLAY_TEXT)).not.toBeInTheDocument();
  });

  it('appears only when a call is still running after 500 ms, and hides when it settles', async () => {
    vi.useFakeTimers();
    const call = deferredFaq();
    renderOverlay();

    const pending = unwrap(api.GET('/faq/'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(LOADING_INDICATOR_DELAY_MS - 1);
    });
    expect(getAppStore().get(pendingRequestsAtom)).toBe(1);
    expect(screen.queryByText(OVERLAY_TEXT)).not.toBeInTheDocument();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(screen.getByText(OVERLAY_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveAttribute('aria-busy', 'true');

    await act(async () => {
      call.answer();
      await pending;
    });
    expect(getAppStore().get(pendingRequestsAtom)).toBe(0);
    expect(screen.queryByText(OVERLAY_TEXT)).not.toBeInTheDocument();
  });

  it('never shows for a call that settles within the delay', async () => {
    vi.useFakeTimers();
    const call = deferredFaq();
    renderOverlay();
    const pending = unwrap(api.GET('/faq/'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
      call.answer();
      await pending;
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(screen.queryByText(OVERLAY_TEXT)).not.toBeInTheDocument();
  });

  it('counts failed calls as settled too', async () => {
    vi.useFakeTimers();
    mockApi(custom('/faq/', 'get', () => Promise.reject(new TypeError('Failed to fetch'))));
    renderOverlay();
    await act(async () => {
      await expect(unwrap(api.GET('/faq/'))).rejects.toMatchObject({ status: 0 });
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(getAppStore().get(pendingRequestsAtom)).toBe(0);
    expect(screen.queryByText(OVERLAY_TEXT)).not.toBeInTheDocument();
  });
});

describe('createLoadingTracker', () => {
  it('keeps the flag on while overlapping calls run and drops it with the last one', () => {
    vi.useFakeTimers();
    const changes: boolean[] = [];
    const tracker = createLoadingTracker(
      () => {},
      (loading) => changes.push(loading),
      500,
    );
    tracker.track(1);
    vi.advanceTimersByTime(300);
    tracker.track(1);
    vi.advanceTimersByTime(200);
    expect(changes).toEqual([true]);
    tracker.track(-1);
    vi.advanceTimersByTime(1000);
    expect(changes).toEqual([true]);
    tracker.track(-1);
    expect(changes).toEqual([true, false]);
  });
});
