import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi, reply } from '../../../test/api';
import { renderApp, testUser } from '../../../test/render';
import { makeOperator } from '../shared/testData';

const operator = reply('/operator/status', 'get', 200, { Operator: true });
const asha = makeOperator({
  UserID: 8,
  Name: 'Asha Rao',
  Email: 'asha@example.com',
  GrantedBy: 'Smriti Mandhana <smriti@example.com>',
});

describe('Operators', () => {
  it('grants the role by email and shows the new operator', async () => {
    const user = userEvent.setup();
    let list = [makeOperator()];
    const { requests } = mockApi(
      operator,
      reply('/operator/operators', 'get', 200, () => list),
      reply('/operator/operators', 'post', 200, () => {
        list = [...list, asha];
        return asha;
      }),
    );
    renderApp('/console/operators', { user: testUser });
    const table = await screen.findByRole('table', { name: 'Operators' });
    await within(table).findByText('Smriti Mandhana');
    await user.click(screen.getByRole('button', { name: 'Grant' }));
    expect(await screen.findByText('Enter the email of the account.')).toBeInTheDocument();
    // The form-level message every form of the app shows (messages.common.checkForm).
    expect(screen.getByText('Please check your form for errors')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Email of the account' }), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Grant' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await user.clear(screen.getByRole('textbox', { name: 'Email of the account' }));
    await user.type(screen.getByRole('textbox', { name: 'Email of the account' }), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Grant' }));
    expect(await within(table).findByText('Asha Rao')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ Email: 'asha@example.com' });
    expect(screen.getByText('Asha Rao (asha@example.com) is an operator.')).toBeInTheDocument();
  });

  it('shows the API’s message when no account has that email', async () => {
    const user = userEvent.setup();
    mockApi(
      operator,
      reply('/operator/operators', 'get', 200, [makeOperator()]),
      reply('/operator/operators', 'post', 404, apiError('No account has the email who@example.com.')),
    );
    renderApp('/console/operators', { user: testUser });
    await user.type(await screen.findByRole('textbox', { name: 'Email of the account' }), 'who@example.com');
    await user.click(screen.getByRole('button', { name: 'Grant' }));
    expect(await screen.findByText('No account has the email who@example.com.')).toBeInTheDocument();
  });

  it('revokes after a confirmation and reloads the list', async () => {
    const user = userEvent.setup();
    let list = [makeOperator(), asha];
    const { requests } = mockApi(
      operator,
      reply('/operator/operators', 'get', 200, () => list),
      reply('/operator/operators/revoke', 'post', 200, (request) => {
        list = list.filter((o) => o.Email !== (request.body as { Email: string }).Email);
        return { message: 'Revoked.' };
      }),
    );
    renderApp('/console/operators', { user: testUser });
    const table = await screen.findByRole('table', { name: 'Operators' });
    await user.click(await within(table).findByRole('button', { name: 'Revoke Asha Rao' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Revoke the operator role?' });
    expect(dialog).toHaveTextContent('Asha Rao (asha@example.com) will no longer reach the console.');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(within(table).queryByText('Asha Rao')).not.toBeInTheDocument());
    expect(requests.find((r) => r.path === '/api/operator/operators/revoke')?.body).toEqual({
      Email: 'asha@example.com',
    });
  });

  it('shows the API’s refusal to revoke the last operator, and keeps them in the list', async () => {
    const user = userEvent.setup();
    mockApi(
      operator,
      reply('/operator/operators', 'get', 200, [makeOperator()]),
      reply('/operator/operators/revoke', 'post', 400, apiError('The last operator cannot be revoked.')),
    );
    renderApp('/console/operators', { user: testUser });
    await user.click(await screen.findByRole('button', { name: 'Revoke Smriti Mandhana' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Revoke the operator role?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('The last operator cannot be revoked.')).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Smriti Mandhana' })).toBeInTheDocument();
  });
});
