import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORED_USER_KEY } from '../../../shared/storedUser';
import { apiError, mockApi, reply } from '../../../test/api';
import { renderApp } from '../../../test/render';

const PENDING = 'Email verification is pending. Check your inbox for the link.';

async function openLogin() {
  const user = userEvent.setup();
  const view = renderApp('/login');
  await screen.findByRole('heading', { level: 1, name: 'Log In' });
  return { user, ...view };
}

async function fillAndSubmit(
  user: ReturnType<typeof userEvent.setup>,
  email = 'asha@example.com',
  password = 'secret-pass',
) {
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log In' }));
}

describe('Log In', () => {
  it('shows the field messages and the form message on an invalid submit, focusing the first error', async () => {
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText('Please check your form for errors')).toBeInTheDocument();
    expect(screen.getByText('Email is required.')).toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveFocus();
  });

  it('validates the email format once the field is left', async () => {
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('Email'), 'nope');
    await user.tab();
    expect(await screen.findByText('Please enter a valid email.')).toBeInTheDocument();
  });

  it('signs in: stores the user info and goes to /home', async () => {
    const { requests } = mockApi(
      reply('/user/authenticate_user', 'post', 200, {
        status: 'success',
        user_id: 12,
        first_name: 'Asha',
        last_name: 'Shobana',
        email: 'asha@example.com',
      }),
    );
    const { user, router } = await openLogin();
    await fillAndSubmit(user);
    expect(await screen.findByText('Hi, Asha !')).toBeInTheDocument();
    expect(router.location.pathname).toBe('/home');
    expect(JSON.parse(localStorage.getItem(STORED_USER_KEY) ?? 'null')).toEqual({
      userId: 12,
      firstName: 'Asha',
      lastName: 'Shobana',
      email: 'asha@example.com',
    });
    expect(requests[0]?.body).toEqual({ email: 'asha@example.com', password: 'secret-pass' });
  });

  it('an invite link opened while signed out survives the landing page and opens after the login', async () => {
    mockApi(
      reply('/user/authenticate_user', 'post', 200, {
        status: 'success',
        user_id: 12,
        first_name: 'Asha',
        last_name: 'Shobana',
        email: 'asha@example.com',
      }),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/home/join-league?isPublicLeague=false&code=OFF123');
    // Signed out: the guard sends the person to /landing (spec section 2), which mentions the invite.
    expect(await screen.findByText(/You have an invite to a private league/)).toBeInTheDocument();
    expect(router.location.pathname).toBe('/landing');
    await router.navigate('/login');
    await screen.findByRole('heading', { level: 1, name: 'Log In' });
    await fillAndSubmit(user);
    expect(await screen.findByLabelText(/League Code/)).toHaveValue('OFF123');
    expect(router.location.pathname).toBe('/home/join-league');
    expect(router.location.search).toBe('?isPublicLeague=false&code=OFF123');
    // Used once: the next login goes to /home.
    expect(localStorage.getItem('pendingInvite')).toBeNull();
  });

  it('a result email’s score details link opened while signed out opens after the login', async () => {
    mockApi(
      reply('/user/authenticate_user', 'post', 200, {
        status: 'success',
        user_id: 12,
        first_name: 'Asha',
        last_name: 'Shobana',
        email: 'asha@example.com',
      }),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/home/view-leaderboard?league=3&fixture=41');
    await screen.findByRole('link', { name: 'Log In' });
    expect(router.location.pathname).toBe('/landing');
    // Not an invite: the landing page does not say so.
    expect(screen.queryByText(/You have an invite/)).not.toBeInTheDocument();
    await router.navigate('/login');
    await screen.findByRole('heading', { level: 1, name: 'Log In' });
    await fillAndSubmit(user);
    await waitFor(() => expect(router.location.pathname).toBe('/home/view-leaderboard'));
    expect(router.location.search).toBe('?league=3&fixture=41');
  });

  it("shows 'Invalid credentials' when the status is not success", async () => {
    mockApi(reply('/user/authenticate_user', 'post', 200, { status: 'failure', message: 'Wrong email or password.' }));
    const { user, router } = await openLogin();
    await fillAndSubmit(user);
    expect(await screen.findByText('Invalid credentials, please try again.')).toBeInTheDocument();
    expect(router.location.pathname).toBe('/login');
    expect(localStorage.getItem(STORED_USER_KEY)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Resend Verification Email' })).not.toBeInTheDocument();
  });

  it("shows 'Login failed: {server message}' for an HTTP error", async () => {
    mockApi(reply('/user/authenticate_user', 'post', 429, apiError('Too many attempts. Try again in 15 minutes.')));
    const { user } = await openLogin();
    await fillAndSubmit(user);
    expect(await screen.findByText('Login failed: Too many attempts. Try again in 15 minutes.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend Verification Email' })).not.toBeInTheDocument();
  });

  it('reveals the resend link for a pending verification; a successful resend hides it', async () => {
    const { requests } = mockApi(
      reply('/user/authenticate_user', 'post', 400, apiError(PENDING)),
      reply('/user/resend_verification_email', 'post', 200, { message: 'Sent.' }),
    );
    const { user } = await openLogin();
    await fillAndSubmit(user);
    expect(await screen.findByText(`Login failed: ${PENDING}`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resend Verification Email' }));
    expect(
      await screen.findByText('Verification email resent successfully. Please check your inbox.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend Verification Email' })).not.toBeInTheDocument();
    expect(requests.at(-1)?.body).toEqual({ email: 'asha@example.com' });
  });

  it('keeps the resend link when resending fails', async () => {
    mockApi(
      reply('/user/authenticate_user', 'post', 400, apiError(PENDING)),
      reply('/user/resend_verification_email', 'post', 429, apiError('Slow down.')),
    );
    const { user } = await openLogin();
    await fillAndSubmit(user);
    await user.click(await screen.findByRole('button', { name: 'Resend Verification Email' }));
    expect(await screen.findByText('Failed to resend verification email. Please try again later.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend Verification Email' })).toBeInTheDocument();
  });

  it('a 400 without the pending marker shows no resend link', async () => {
    mockApi(reply('/user/authenticate_user', 'post', 400, apiError('Malformed request.')));
    const { user } = await openLogin();
    await fillAndSubmit(user);
    expect(await screen.findByText('Login failed: Malformed request.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend Verification Email' })).not.toBeInTheDocument();
  });

  it('forgot password with an empty email asks for it and calls nothing', async () => {
    const { requests } = mockApi();
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(await screen.findByText('Please enter your email before requesting a password reset.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(requests).toHaveLength(0);
  });

  it('forgot password sends the entered email and reports success or failure', async () => {
    const { requests } = mockApi(reply('/user/initiate_change_password', 'post', 200, { message: 'ok' }));
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(
      await screen.findByText('A password reset email has been sent. Please check your inbox.'),
    ).toBeInTheDocument();
    expect(requests[0]?.body).toEqual({ email: 'asha@example.com' });

    mockApi(reply('/user/initiate_change_password', 'post', 429, apiError('Too many.')));
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await waitFor(() =>
      expect(screen.getByText('Failed to send password reset email. Please try again later.')).toBeInTheDocument(),
    );
  });

  it('sends the XSRF cookie value as the X-XSRF-TOKEN header', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the XSRF middleware reads document.cookie
    document.cookie = 'XSRF-TOKEN=token-123';
    const { requests } = mockApi(reply('/user/authenticate_user', 'post', 200, { status: 'failure' }));
    const { user } = await openLogin();
    await fillAndSubmit(user);
    await screen.findByText('Invalid credentials, please try again.');
    expect(requests[0]?.headers.get('X-XSRF-TOKEN')).toBe('token-123');
    // biome-ignore lint/suspicious/noDocumentCookie: clean up the cookie set above
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });
});
