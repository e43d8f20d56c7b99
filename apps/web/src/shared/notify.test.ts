import { messages } from '@fantasy-cricket/rules';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { notificationAtom } from './atoms';
import { errorNotificationText, notifyError, notifySuccess } from './notify';
import { getAppStore } from './store';

const withMessage = (status: number) => new ApiError(status, '', { error: { message: `server says ${status}` } });

describe('generic error handler (spec section 8)', () => {
  it.each([400, 401, 403, 404])('shows the server message of a %i', (status) => {
    expect(errorNotificationText(withMessage(status), 'Fallback.')).toBe(`server says ${status}`);
  });

  it.each([409, 422, 429, 500, 503])('shows the fallback for a %i even with a server message', (status) => {
    expect(errorNotificationText(withMessage(status), 'Fallback.')).toBe('Fallback.');
  });

  it.each([409, 500])('shows the unexpected-error text for a %i without a fallback', (status) => {
    expect(errorNotificationText(withMessage(status))).toBe('An unexpected error occurred. Please try again later.');
  });

  it('shows the fallback for a 400 without a server message', () => {
    expect(errorNotificationText(new ApiError(400, 'Bad Request', {}), 'Fallback.')).toBe('Fallback.');
    expect(errorNotificationText(new ApiError(404, '', ''))).toBe(messages.common.unexpected);
  });

  it('shows the fallback for network failures and non-API errors', () => {
    expect(errorNotificationText(new ApiError(0, '', { cause: new TypeError('Failed to fetch') }), 'Fallback.')).toBe(
      'Fallback.',
    );
    expect(errorNotificationText(new Error('boom'))).toBe(messages.common.unexpected);
  });

  it('puts error and success notifications in the store, each with a new id', () => {
    notifyError(withMessage(403), 'Fallback.');
    const first = getAppStore().get(notificationAtom);
    expect(first).toMatchObject({ kind: 'error', message: 'server says 403' });
    notifySuccess();
    const second = getAppStore().get(notificationAtom);
    expect(second).toMatchObject({ kind: 'success', message: 'Success.' });
    expect(second?.id).not.toBe(first?.id);
  });

  it('fills a missing status text for the spec messages that print it', () => {
    expect(new ApiError(409, '', {}).statusText).toBe('Conflict');
    expect(new ApiError(500, 'Oops', {}).statusText).toBe('Oops');
  });
});
