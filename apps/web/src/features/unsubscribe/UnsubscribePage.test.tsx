import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, custom, jsonResponse, mockApi, reply } from '../../test/api';
import { renderApp } from '../../test/render';

describe('Unsubscribe', () => {
  it('posts the token of the link, shows progress, then the confirmation', async () => {
    let answer: (r: Response) => void = () => undefined;
    const { requests } = mockApi(
      custom('/user/unsubscribe', 'post', () => new Promise<Response>((resolve) => (answer = resolve))),
    );
    renderApp('/unsubscribe?token=abc.def');
    expect(await screen.findByText('Unsubscribing you from reminder emails…')).toBeInTheDocument();
    expect(screen.queryByText('You have been unsubscribed from all emails.')).not.toBeInTheDocument();
    await waitFor(() => expect(requests).toHaveLength(1));
    answer(jsonResponse(200, { message: 'Unsubscribed.' }));
    expect(await screen.findByText('You have been unsubscribed from all emails.')).toBeInTheDocument();
    expect(requests).toHaveLength(1);
    expect(requests[0]?.body).toEqual({ token: 'abc.def' });
  });

  it("shows the server's message when the link is refused", async () => {
    mockApi(reply('/user/unsubscribe', 'post', 400, apiError('This unsubscribe link is invalid.')));
    renderApp('/unsubscribe?token=bad');
    expect(await screen.findByRole('alert')).toHaveTextContent('This unsubscribe link is invalid.');
    expect(screen.queryByText('You have been unsubscribed from all emails.')).not.toBeInTheDocument();
  });

  it("without a token, shows the spec's static message and calls nothing", async () => {
    const { requests } = mockApi();
    renderApp('/unsubscribe');
    expect(await screen.findByText('You have been unsubscribed from all emails.')).toBeInTheDocument();
    expect(screen.getByText(/My Profile/)).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });
});
