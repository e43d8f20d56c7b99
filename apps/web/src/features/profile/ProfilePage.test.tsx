import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORED_USER_KEY } from '../../shared/storedUser';
import { apiError, custom, jsonResponse, mockApi, reply } from '../../test/api';
import { renderApp, testUser } from '../../test/render';

const profile = {
  FirstName: 'Smriti',
  LastName: 'Mandhana',
  EmailID: 'smriti@example.com',
  MissingPickNotification: true,
  UseAIAutoPick: false,
};

describe('My Profile', () => {
  it('while the profile loads, draws its form empty and disabled, so nothing moves when it arrives', async () => {
    let answer: (value: Response) => void = () => {};
    mockApi(custom('/user/{userId}', 'get', () => new Promise<Response>((resolve) => (answer = resolve))));
    renderApp('/home/view-profile', { user: testUser });
    expect((await screen.findByText('Loading your profile…')).closest('[role="status"]')).not.toBeNull();
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: 'Enable Auto-Picks by AI' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save Profile' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete Profile' })).toBeDisabled();
    answer(jsonResponse(200, profile));
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveValue('smriti@example.com'));
    expect(screen.queryByText('Loading your profile…')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Profile' })).toBeEnabled();
  });

  it('shows the read-only identity and the two preferences, and saves them', async () => {
    const { requests } = mockApi(
      reply('/user/{userId}', 'get', 200, profile),
      reply('/user/{userId}', 'put', 200, { ...profile, UseAIAutoPick: true, MissingPickNotification: false }),
    );
    const user = userEvent.setup();
    renderApp('/home/view-profile', { user: testUser });
    const email = await screen.findByLabelText('Email');
    await waitFor(() => expect(email).toHaveValue('smriti@example.com'));
    expect(email).toHaveAttribute('readonly');
    expect(screen.getByLabelText('First name')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Last name')).toHaveValue('Mandhana');

    const autoPick = screen.getByRole('checkbox', { name: 'Enable Auto-Picks by AI' });
    const reminders = screen.getByRole('checkbox', { name: 'Get Reminder Emails' });
    expect(autoPick).not.toBeChecked();
    expect(reminders).toBeChecked();
    expect(autoPick).toHaveAccessibleDescription(/AI makes the picks for you/);

    await user.click(autoPick);
    await user.click(reminders);
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText('Profile updated successfully.')).toBeInTheDocument();
    expect(requests.at(-1)).toMatchObject({
      method: 'PUT',
      path: '/api/user/7',
      body: { missing_pick_notification: false, use_ai_auto_pick: true },
    });
  });

  it('reports a failed save', async () => {
    mockApi(reply('/user/{userId}', 'get', 200, profile), reply('/user/{userId}', 'put', 400, apiError('Nope.')));
    const user = userEvent.setup();
    renderApp('/home/view-profile', { user: testUser });
    await user.click(await screen.findByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText('Failed to update profile. Please try again.')).toBeInTheDocument();
  });

  it.each([
    [404, 'User not found.'],
    [500, 'Failed to load user profile. Please try again.'],
  ] as const)('shows the load error for a %i', async (status, message) => {
    // The contract declares no 404/500 for this call; answer them through a raw route.
    mockApi({
      method: 'GET',
      pattern: /^\/api\/user\/7$/,
      reply: () => ({ status, body: apiError('Server message') }),
    });
    renderApp('/home/view-profile', { user: testUser });
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('deletes the profile after confirmation, then clears storage and goes to /landing', async () => {
    const { requests } = mockApi(
      reply('/user/{userId}', 'get', 200, profile),
      reply('/user/{userId}', 'delete', 200, { message: 'Deleted.' }),
    );
    const user = userEvent.setup();
    renderApp('/home/view-profile', { user: testUser });
    await user.click(await screen.findByRole('button', { name: 'Delete Profile' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(/permanently/);
    expect(dialog).toHaveTextContent(/cannot be undone/);
    await user.type(within(dialog).getByLabelText('Why are you leaving? (optional)'), ' Too many ducks. ');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Profile' }));
    expect(
      await screen.findByText('Your request for profile deletion was registered successfully.'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Welcome to Fantasy Cricket' })).toBeInTheDocument();
    expect(localStorage.getItem(STORED_USER_KEY)).toBeNull();
    expect(requests.at(-1)).toMatchObject({
      method: 'DELETE',
      path: '/api/user/7',
      body: { user_id: 7, message: 'Too many ducks.' },
    });
  });

  it('reports a failed deletion and stays', async () => {
    mockApi(reply('/user/{userId}', 'get', 200, profile), reply('/user/{userId}', 'delete', 403, apiError('No.')));
    const user = userEvent.setup();
    renderApp('/home/view-profile', { user: testUser });
    await user.click(await screen.findByRole('button', { name: 'Delete Profile' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete Profile' }));
    expect(
      await screen.findByText('Failed to register profile deletion request. Please try again.'),
    ).toBeInTheDocument();
    expect(localStorage.getItem(STORED_USER_KEY)).not.toBeNull();
  });

  it('shows the house promotion in the ad slot', async () => {
    mockApi(reply('/user/{userId}', 'get', 200, profile));
    renderApp('/home/view-profile', { user: testUser });
    const ad = await screen.findByRole('region', { name: 'Advertisement' });
    expect(ad).toHaveTextContent('Invite your friends — create a private league');
  });
});
