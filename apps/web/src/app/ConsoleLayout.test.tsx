import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, reply, serverFailure } from '../test/api';
import { renderApp, testUser } from '../test/render';
import '../app/ConsoleLayout';
import { makeSeason } from '../features/console/shared/testData';

const faqs = reply('/faq/', 'get', 200, []);

describe('operator console: access and navigation', () => {
  it('sends an anonymous visitor to /landing, as /home does', async () => {
    const { router } = renderApp('/console/seasons');
    await screen.findByRole('heading', { name: 'Welcome to Fantasy Cricket' });
    expect(router.location.pathname).toBe('/landing');
  });

  it('shows a signed-in member who is not an operator that the console is for operators only, with a way back', async () => {
    mockApi(reply('/operator/status', 'get', 200, { Operator: false }), faqs);
    const { router } = renderApp('/console/seasons', { user: testUser });
    expect(await screen.findByText('This is for site operators only.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Console navigation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Seasons' })).not.toBeInTheDocument();
    const back = screen.getAllByRole('link', { name: 'Back to the app' });
    await userEvent.click(back[back.length - 1] as HTMLElement);
    expect(router.location.pathname).toBe('/home');
  });

  it('says when the operator check failed, with a Retry, and shows no console', async () => {
    mockApi(serverFailure('/operator/status', 'get'));
    renderApp('/console', { user: testUser });
    expect(await screen.findByText('Could not check your operator role. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Console navigation' })).not.toBeInTheDocument();
  });

  it('lets an operator in: /console opens Seasons with the console navigation and the way back', async () => {
    mockApi(
      reply('/operator/status', 'get', 200, { Operator: true }),
      reply('/operator/seasons', 'get', 200, [makeSeason()]),
    );
    const { router } = renderApp('/console', { user: testUser });
    expect(await screen.findByRole('heading', { level: 1, name: 'Seasons' })).toBeInTheDocument();
    expect(router.location.pathname).toBe('/console/seasons');
    const nav = screen.getByRole('navigation', { name: 'Console navigation' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Seasons',
      'Schedule & squads',
      'Results',
      'Scorecard',
      'Player prices',
      'Data vendors',
      'Import history',
      'Data health',
      'Operators',
      'Audit log',
      'Back to the app',
    ]);
  });

  it('shows the "Operator console" link in the app’s navigation only to operators', async () => {
    mockApi(reply('/operator/status', 'get', 200, { Operator: true }), faqs);
    renderApp('/home/view-faqs', { user: testUser });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const link = await within(nav).findByRole('link', { name: 'Operator console' });
    expect(link).toHaveAttribute('href', '/console');
  });

  it('hides the link from members who are not operators', async () => {
    const { requests } = mockApi(reply('/operator/status', 'get', 200, { Operator: false }), faqs);
    renderApp('/home/view-faqs', { user: testUser });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    await screen.findByRole('heading', { level: 1 });
    expect(requests.some((r) => r.path === '/api/operator/status')).toBe(true);
    expect(within(nav).queryByRole('link', { name: 'Operator console' })).not.toBeInTheDocument();
  });
});
