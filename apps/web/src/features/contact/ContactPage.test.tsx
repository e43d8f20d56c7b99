import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, mockApi, reply } from '../../test/api';
import { renderApp, testUser } from '../../test/render';

async function openContact(options: Parameters<typeof renderApp>[1] = {}) {
  const user = userEvent.setup();
  renderApp('/contact', options);
  await screen.findByRole('heading', { level: 1, name: 'Contact Us' });
  return user;
}

const send = () => screen.getByRole('button', { name: 'Send' });

describe('Contact Us', () => {
  it('shows the address block and a mailto link', async () => {
    await openContact();
    expect(screen.getByText('22 Boundary Road')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'support@fantasycricket.app' })).toHaveAttribute(
      'href',
      'mailto:support@fantasycricket.app',
    );
  });

  it('keeps Send disabled while the form is invalid and shows the field messages', async () => {
    const user = await openContact();
    expect(send()).toBeDisabled();
    await user.type(screen.getByLabelText('Name'), 'Harmanpreet');
    await user.type(screen.getByLabelText('Email'), 'bad');
    await user.click(screen.getByLabelText('Message'));
    await user.tab();
    expect(await screen.findByText('Invalid email format.')).toBeInTheDocument();
    expect(screen.getByText('Message is required.')).toBeInTheDocument();
    expect(send()).toBeDisabled();

    await user.clear(screen.getByLabelText('Name'));
    expect(await screen.findByText('Name is required.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Email'));
    expect(await screen.findByText('Email is required.')).toBeInTheDocument();
  });

  it('limits name and email to 255 characters', async () => {
    const user = await openContact();
    await user.click(screen.getByLabelText('Name'));
    await user.paste('x'.repeat(256));
    await user.click(screen.getByLabelText('Email'));
    await user.paste(`${'e'.repeat(250)}@example.com`);
    await user.tab();
    expect(await screen.findByText('Name must be less than 255 characters.')).toBeInTheDocument();
    expect(screen.getByText('Email must be less than 255 characters.')).toBeInTheDocument();
  });

  it('refuses invisible formatting characters in the name with the shared message', async () => {
    const user = await openContact();
    await user.click(screen.getByLabelText('Name'));
    await user.paste('Kiran\u202enimda');
    await user.tab();
    expect(
      await screen.findByText(
        'Name must not contain line breaks, tabs, control characters or invisible formatting characters.',
      ),
    ).toBeInTheDocument();
    expect(send()).toBeDisabled();
  });

  it('sends and shows the confirmation', async () => {
    const { requests } = mockApi(reply('/contact_us/add_contact_message', 'post', 201, { message: 'Thanks.' }));
    const user = await openContact();
    await user.type(screen.getByLabelText('Name'), 'Harmanpreet');
    await user.type(screen.getByLabelText('Email'), 'hk@example.com');
    await user.type(screen.getByLabelText('Message'), 'How do Daily Challenge leagues work?');
    expect(send()).toBeEnabled();
    await user.click(send());
    expect(await screen.findByText("Your message has been sent. We'll get back to you shortly.")).toBeInTheDocument();
    expect(requests[0]?.body).toEqual({
      name: 'Harmanpreet',
      email: 'hk@example.com',
      message: 'How do Daily Challenge leagues work?',
    });
  });

  it('shows the confirmation even when sending fails (the failure is only logged)', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi(reply('/contact_us/add_contact_message', 'post', 429, apiError('Too many messages.')));
    const user = await openContact({ user: testUser });
    // A signed-in person's name and email are filled in.
    expect(screen.getByLabelText('Name')).toHaveValue('Smriti Mandhana');
    expect(screen.getByLabelText('Email')).toHaveValue('smriti@example.com');
    await user.type(screen.getByLabelText('Message'), 'Hello');
    await user.click(send());
    expect(await screen.findByText("Your message has been sent. We'll get back to you shortly.")).toBeInTheDocument();
    expect(log).toHaveBeenCalled();
    expect(screen.queryByText('Too many messages.')).not.toBeInTheDocument();
  });
});
