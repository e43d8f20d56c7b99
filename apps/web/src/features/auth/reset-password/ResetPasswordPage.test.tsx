import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, mockApi, reply } from '../../../test/api';
import { renderApp } from '../../../test/render';

async function openReset(path = '/reset-password?token=tok-1') {
  const user = userEvent.setup();
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Reset Password' });
  return { user, ...view };
}

const newPassword = () => screen.getByLabelText('New password');
const confirmPassword = () => screen.getByLabelText('Confirm password');

describe('Reset password', () => {
  it('shows the mismatch only once the confirmation is non-empty', async () => {
    const { user } = await openReset();
    await user.type(newPassword(), 'abcdef');
    await user.click(confirmPassword());
    await user.tab();
    expect(await screen.findByText('Password is required.')).toBeInTheDocument();
    expect(screen.queryByText('Passwords do not match.')).not.toBeInTheDocument();

    await user.type(confirmPassword(), 'abcdeg');
    expect(await screen.findByText('Passwords do not match.')).toBeInTheDocument();

    await user.clear(confirmPassword());
    await user.type(confirmPassword(), 'abcdef');
    expect(screen.queryByText('Passwords do not match.')).not.toBeInTheDocument();
  });

  it('applies the 6-character minimum and the mismatch together', async () => {
    const { user } = await openReset();
    await user.type(newPassword(), '12345');
    await user.type(confirmPassword(), '123456');
    await user.tab();
    expect(await screen.findByText('Password must be at least 6 characters long.')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match.')).toBeInTheDocument();
  });

  it("refuses to submit without a token: 'Please check your form for errors.'", async () => {
    const { requests } = mockApi();
    const { user } = await openReset('/reset-password');
    await user.type(newPassword(), 'abcdef');
    await user.type(confirmPassword(), 'abcdef');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Please check your form for errors.')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('shows the same message for an invalid form', async () => {
    const { user } = await openReset();
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Please check your form for errors.')).toBeInTheDocument();
    expect(newPassword()).toHaveFocus();
  });

  it('resets, shows the success view and moves to /login after 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { requests } = mockApi(reply('/user/change_password', 'post', 200, { message: 'Changed.' }));
    const { user, router } = await openReset();
    await user.type(newPassword(), 'Brand-new-pass');
    await user.type(confirmPassword(), 'Brand-new-pass');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Password Reset Successful !!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Proceed to Login' })).toHaveAttribute('href', '/login');
    expect(requests[0]?.body).toEqual({ token: 'tok-1', new_password: 'Brand-new-pass' });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4900);
    });
    expect(router.location.pathname).toBe('/reset-password');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(router.location.pathname).toBe('/login');
  });

  it("shows 'Password reset failed: {status} {statusText}' and the server's explanation", async () => {
    mockApi(reply('/user/change_password', 'post', 400, apiError('This reset link has expired.'), 'Bad Request'));
    const { user } = await openReset();
    await user.type(newPassword(), 'Brand-new-pass');
    await user.type(confirmPassword(), 'Brand-new-pass');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(
      await screen.findByText('Password reset failed: 400 Bad Request. Please try again later.'),
    ).toBeInTheDocument();
    expect(screen.getByText('This reset link has expired.')).toBeInTheDocument();
  });
});
