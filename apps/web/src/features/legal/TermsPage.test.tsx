import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';

describe('/terms', () => {
  it('opens the Terms PDF in a modal with a download fallback; closing goes to /landing on a direct visit', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/terms');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Terms and Conditions');
    const downloads = screen.getAllByRole('link', { name: /download/i });
    expect(downloads[0]).toHaveAttribute('href', '/legal/terms.pdf');
    await user.keyboard('{Escape}');
    await screen.findByRole('heading', { name: 'Welcome to Fantasy Cricket' });
    expect(router.location.pathname).toBe('/landing');
  });

  it('goes back to the previous screen when there is one', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/contact');
    await screen.findByRole('heading', { level: 1, name: 'Contact Us' });
    await router.navigate('/terms');
    await screen.findByRole('dialog');
    const closeButtons = screen.getAllByRole('button', { name: 'Close' });
    await user.click(closeButtons[closeButtons.length - 1] as HTMLElement);
    await screen.findByRole('heading', { level: 1, name: 'Contact Us' });
    expect(router.location.pathname).toBe('/contact');
  });
});
