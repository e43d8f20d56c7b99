import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, mockApi, reply } from '../../../test/api';
import { renderApp } from '../../../test/render';

describe('Verify email', () => {
  it("shows 'Invalid verification link.' without a token and calls nothing", async () => {
    const { requests } = mockApi();
    renderApp('/verify-email');
    expect(await screen.findByText('Invalid verification link.')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('verifies the token, shows success and moves to /login after 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { requests } = mockApi(
      reply('/user/verify_email', 'post', 200, { message: 'Verified.', email: 'smriti@example.com' }),
    );
    const { router } = renderApp('/verify-email?token=abc123');
    expect(await screen.findByText('Your email has been verified successfully!')).toBeInTheDocument();
    expect(requests).toHaveLength(1);
    expect(requests[0]?.body).toEqual({ token: 'abc123' });

    await act(async () => {
      await vi.advanceTimersByTimeAsync(2900);
    });
    expect(router.location.pathname).toBe('/verify-email');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(router.location.pathname).toBe('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log In' })).toBeInTheDocument();
    // The verified address is filled in (not put in the address bar); the password is next.
    expect(screen.getByLabelText('Email')).toHaveValue('smriti@example.com');
    expect(router.location.search).toBe('');
    expect(screen.getByLabelText('Password')).toHaveFocus();
  });

  it('offers to log in at once, with the verified address filled in', async () => {
    mockApi(reply('/user/verify_email', 'post', 200, { message: 'Verified.', email: 'asha@example.com' }));
    const user = userEvent.setup();
    const { router } = renderApp('/verify-email?token=abc124');
    await user.click(await screen.findByRole('link', { name: 'Log in now' }));
    expect(router.location.pathname).toBe('/login');
    expect(await screen.findByLabelText('Email')).toHaveValue('asha@example.com');
  });

  it('on failure offers Try Again (re-runs the verification) and a resend to the email from the error', async () => {
    let attempts = 0;
    const { requests } = mockApi(
      reply('/user/verify_email', 'post', 400, () => {
        attempts += 1;
        return { ...apiError('This link has expired.'), email: 'smriti@example.com' };
      }),
      reply('/user/resend_verification_email', 'post', 200, { message: 'Sent.' }),
    );
    const user = userEvent.setup();
    renderApp('/verify-email?token=old');
    expect(await screen.findByText('Verification failed. Please try again.')).toBeInTheDocument();
    expect(attempts).toBe(1);

    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await screen.findByText('Verification failed. Please try again.');
    expect(attempts).toBe(2);

    await user.click(screen.getByRole('button', { name: 'Resend Verification Email' }));
    expect(await screen.findByText('A new verification email has been sent.')).toBeInTheDocument();
    expect(requests.at(-1)?.body).toEqual({ email: 'smriti@example.com' });
  });

  it('asks for the email when the failure did not carry one', async () => {
    const { requests } = mockApi(
      reply('/user/verify_email', 'post', 400, apiError('Unknown link.')),
      reply('/user/resend_verification_email', 'post', 429, apiError('Slow down.')),
    );
    const user = userEvent.setup();
    renderApp('/verify-email?token=unknown');
    await user.click(await screen.findByRole('button', { name: 'Resend Verification Email' }));
    await user.type(await screen.findByLabelText('Email'), 'who@example.com');
    await user.click(screen.getByRole('button', { name: 'Send verification email' }));
    expect(await screen.findByText('Error while sending verification email. Please try again.')).toBeInTheDocument();
    expect(requests.at(-1)?.body).toEqual({ email: 'who@example.com' });
  });
});
