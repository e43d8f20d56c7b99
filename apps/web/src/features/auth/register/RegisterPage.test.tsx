import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi, reply } from '../../../test/api';
import { renderApp } from '../../../test/render';

async function openRegister() {
  const user = userEvent.setup();
  const view = renderApp('/register');
  await screen.findByRole('heading', { level: 1, name: 'Sign Up' });
  return { user, ...view };
}

const field = (label: string) => screen.getByLabelText(label);

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('First name'), 'Smriti');
  await user.type(field('Last name'), 'Mandhana');
  await user.type(field('Email'), 'smriti@example.com');
  await user.type(field('Password'), 'Sup3rSecret!');
  await user.type(field('Confirm password'), 'Sup3rSecret!');
  await user.click(screen.getByRole('checkbox', { name: /terms/i }));
}

describe('Sign Up', () => {
  it('shows every "required" message and the form message on an empty submit', async () => {
    const { user } = await openRegister();
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Please check your form for errors')).toBeInTheDocument();
    for (const message of [
      'First name is required.',
      'Last name is required.',
      'Email is required.',
      'You must accept the Terms and Conditions',
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    // Password and its confirmation are both required.
    expect(screen.getAllByText('Password is required.')).toHaveLength(2);
    expect(field('First name')).toHaveFocus();
  });

  it('shows the length, format and mismatch messages once fields are left', async () => {
    const { user } = await openRegister();
    await user.type(field('First name'), 'S');
    await user.type(field('Last name'), 'M');
    await user.type(field('Email'), 'not-an-email');
    await user.type(field('Password'), 'short');
    await user.type(field('Confirm password'), 'different');
    await user.tab();
    for (const message of [
      'First name must be at least 2 characters long.',
      'Last name must be at least 2 characters long.',
      'Please enter a valid email.',
      'Password must be at least 8 characters long.',
      'Passwords do not match.',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(field('Confirm password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows no message before a field is touched', async () => {
    const { user } = await openRegister();
    await user.type(field('First name'), 'S');
    expect(screen.queryByText('First name must be at least 2 characters long.')).not.toBeInTheDocument();
  });

  it('re-checks the confirmation when the password changes', async () => {
    const { user } = await openRegister();
    await user.type(field('Password'), 'Sup3rSecret');
    await user.type(field('Confirm password'), 'Sup3rSecret!');
    await user.tab();
    expect(await screen.findByText('Passwords do not match.')).toBeInTheDocument();
    await user.type(field('Password'), '!');
    expect(screen.queryByText('Passwords do not match.')).not.toBeInTheDocument();
  });

  it('registers and shows the success view with Proceed to Login', async () => {
    const { requests } = mockApi(reply('/user/add_user', 'post', 201, { user_id: 3, message: 'Registered.' }));
    const { user } = await openRegister();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Registration Successful !!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Proceed to Login' })).toHaveAttribute('href', '/login');
    expect(requests[0]?.body).toEqual({
      first_name: 'Smriti',
      last_name: 'Mandhana',
      email: 'smriti@example.com',
      password: 'Sup3rSecret!',
    });
  });

  it('shows the server message for a 409 (email already registered)', async () => {
    mockApi(reply('/user/add_user', 'post', 409, apiError('An account with this email already exists.')));
    const { user } = await openRegister();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('An account with this email already exists.')).toBeInTheDocument();
    expect(screen.queryByText('Registration Successful !!')).not.toBeInTheDocument();
  });

  it("shows 'Registration failed: {status} {statusText}' for other failures", async () => {
    mockApi(reply('/user/add_user', 'post', 429, apiError('Too many.'), 'Too Many Requests'));
    const { user } = await openRegister();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(
      await screen.findByText('Registration failed: 429 Too Many Requests. Please try again later.'),
    ).toBeInTheDocument();
  });

  it('opens the Terms and Conditions in a modal', async () => {
    const { user } = await openRegister();
    await user.click(screen.getByRole('button', { name: 'Read the Terms and Conditions' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Terms and Conditions');
    expect(screen.getAllByRole('link', { name: /download/i })[0]).toHaveAttribute('href', '/legal/terms.pdf');
  });
});
