import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, reply } from '../../test/api';
import { renderApp } from '../../test/render';

describe('Landing', () => {
  it('welcomes with the spec texts and links to Sign Up and Log In', async () => {
    renderApp('/landing');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Fantasy Cricket' })).toBeInTheDocument();
    expect(screen.getByText('Cricket, Strategy, and Ultimate Bragging Rights !')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
    for (const title of ['Match Prediction', 'Player Selection', 'Leaderboards']) {
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    }
  });

  it('unsubscribes only through the token of an email link', async () => {
    mockApi(reply('/user/unsubscribe', 'post', 200, { message: 'Unsubscribed.' }));
    renderApp('/unsubscribe?token=t0k3n');
    expect(await screen.findByText('You have been unsubscribed from all emails.')).toBeInTheDocument();
  });
});
