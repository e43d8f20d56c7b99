import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi, reply, serverFailure } from '../../../test/api';
import { renderApp, testUser } from '../../../test/render';
import { optionNames } from '../../../test/select';
import { makeFixture, makeSeason } from '../shared/testData';
import { makePrice, makePrices } from './testData';

const operator = reply('/operator/status', 'get', 200, { Operator: true });
const seasons = reply('/operator/seasons', 'get', 200, [makeSeason()]);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const upcoming = (FixtureID: number, Name: string, days: number) =>
  makeFixture({
    FixtureID,
    Name,
    StartTime: inDays(days),
    Status: 'scheduled',
    Result: null,
    ResultSource: null,
    PlayerOfMatch: [],
    Current: null,
  });
const fixtures = reply('/operator/fixtures', 'get', 200, [
  makeFixture(),
  upcoming(105, 'Match 5', 3),
  upcoming(104, 'Match 4', 1),
]);

/** The prices' table and one player's row in it. */
async function priceTable(name = 'Match 4') {
  const table = await screen.findByRole('table', { name: `Player prices of ${name}` });
  const row = (player: string) => within(table).getByRole('rowheader', { name: player }).closest('tr') as HTMLElement;
  return { table, row };
}

describe('Player prices', () => {
  it('opens the next fixture to start, offers the fixtures to come first and lists both squads by team and position, sortable', async () => {
    const user = userEvent.setup();
    const { requests } = mockApi(
      operator,
      seasons,
      fixtures,
      reply('/operator/fixtures/{fixtureId}/prices', 'get', 200, makePrices()),
    );
    renderApp('/console/prices', { user: testUser });
    expect(await screen.findByRole('heading', { level: 1, name: 'Player prices' })).toBeInTheDocument();
    const { table, row } = await priceTable();
    expect(requests.filter((r) => r.path.endsWith('/prices')).map((r) => r.path)).toEqual([
      '/api/operator/fixtures/104/prices',
    ]);
    expect(await optionNames(user, 'Fixture')).toEqual([
      'Match 4: CSK v RCB',
      'Match 5: CSK v RCB',
      'Match 1: CSK v RCB',
    ]);

    const names = () =>
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent);
    expect(names()).toEqual([
      'MS Dhoni',
      'Ruturaj Gaikwad',
      'Matheesha Pathirana',
      'Dinesh Karthik',
      'Virat Kohli',
      'Mohammed Siraj',
    ]);
    expect(row('Virat Kohli')).toHaveTextContent(/RCB.*Batsman.*9.*Form/);
    expect(row('Matheesha Pathirana')).toHaveTextContent(/CSK.*Bowler.*11.*Operator/);
    expect(within(row('Virat Kohli')).getByRole('spinbutton', { name: 'Price of Virat Kohli' })).toHaveValue(9);

    await user.click(within(table).getByRole('button', { name: 'Position' }));
    expect(names()).toEqual([
      'MS Dhoni',
      'Dinesh Karthik',
      'Ruturaj Gaikwad',
      'Virat Kohli',
      'Matheesha Pathirana',
      'Mohammed Siraj',
    ]);
    await user.click(within(table).getByRole('button', { name: 'Price' }));
    expect(names()[0]).toBe('Matheesha Pathirana');
    expect(within(table).getByRole('columnheader', { name: 'Price' })).toHaveAttribute('aria-sort', 'descending');
    await user.click(within(table).getByRole('button', { name: 'Price' }));
    expect(names()[0]).toBe('Dinesh Karthik');
  });

  it('saves a price by keyboard, sending the player and the price, and shows the list reloaded', async () => {
    const user = userEvent.setup();
    let prices = makePrices();
    let loads = 0;
    const { requests } = mockApi(
      operator,
      seasons,
      fixtures,
      reply('/operator/fixtures/{fixtureId}/prices', 'get', 200, () => {
        loads += 1;
        return prices;
      }),
      reply('/operator/fixtures/{fixtureId}/prices', 'put', 200, () => {
        const stored = makePrice({ Price: 9.5, Source: 'operator' });
        prices = { ...prices, Players: prices.Players.map((p) => (p.PlayerID === 4 ? stored : p)) };
        return stored;
      }),
    );
    renderApp('/console/prices?fixture=104', { user: testUser });
    const { row } = await priceTable();
    const field = within(row('Virat Kohli')).getByRole('spinbutton', { name: 'Price of Virat Kohli' });
    await user.clear(field);
    await user.type(field, '8.3{Enter}');
    expect(within(row('Virat Kohli')).getByText('Enter a price from 1 to 20 credits, in steps of 0.5.')).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);

    await user.clear(field);
    await user.type(field, '9.5{Enter}');
    expect(await screen.findByText('Virat Kohli: 9.5 credits, set by an operator.')).toBeInTheDocument();
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.path).toBe('/api/operator/fixtures/104/prices');
    expect(put?.body).toEqual({ PlayerID: 4, Price: 9.5 });
    expect(loads).toBe(2);
    await waitFor(() => expect(row('Virat Kohli')).toHaveTextContent(/RCB.*Batsman.*9\.5.*Operator/));
    expect(within(row('Virat Kohli')).getByRole('spinbutton', { name: 'Price of Virat Kohli' })).toHaveValue(9.5);
    expect(within(row('Virat Kohli')).queryByText(/Enter a price/)).not.toBeInTheDocument();
  });

  it('shows the server’s message under the field when it refuses a price, the field focused', async () => {
    const user = userEvent.setup();
    mockApi(
      operator,
      seasons,
      fixtures,
      reply('/operator/fixtures/{fixtureId}/prices', 'get', 200, makePrices()),
      reply(
        '/operator/fixtures/{fixtureId}/prices',
        'put',
        400,
        apiError('This player is not in either squad of Match 4.'),
      ),
    );
    renderApp('/console/prices?fixture=104', { user: testUser });
    const { row } = await priceTable();
    const field = within(row('Mohammed Siraj')).getByRole('spinbutton', { name: 'Price of Mohammed Siraj' });
    await user.clear(field);
    await user.type(field, '10');
    await user.click(within(row('Mohammed Siraj')).getByRole('button', { name: 'Save the price of Mohammed Siraj' }));
    const message = await within(row('Mohammed Siraj')).findByText('This player is not in either squad of Match 4.');
    expect(message).toBeVisible();
    expect(field).toHaveFocus();
    expect(field).toHaveAccessibleDescription('This player is not in either squad of Match 4.');
    expect(screen.getByRole('alert')).toHaveTextContent('This player is not in either squad of Match 4.');
  });

  it('shows a started fixture read-only with a note, and turns read-only when a save finds it started', async () => {
    const user = userEvent.setup();
    let frozen = false;
    mockApi(
      operator,
      seasons,
      fixtures,
      reply('/operator/fixtures/{fixtureId}/prices', 'get', 200, (request) =>
        request.url.pathname.endsWith('/101/prices')
          ? makePrices({ FixtureID: 101, FixtureName: 'Match 1', Frozen: true })
          : makePrices({ Frozen: frozen }),
      ),
      reply('/operator/fixtures/{fixtureId}/prices', 'put', 400, () => {
        frozen = true;
        return apiError('The prices of Match 4 are frozen: the fixture has started.');
      }),
    );
    const { router } = renderApp('/console/prices?fixture=101', { user: testUser });
    const { table } = await priceTable('Match 1');
    expect(screen.getByText('Match 1 has started: its prices are frozen and can no longer change.')).toBeVisible();
    expect(within(table).queryByRole('spinbutton')).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /^Save/ })).not.toBeInTheDocument();
    expect(table).toHaveTextContent('Virat Kohli');

    await router.navigate('/console/prices?fixture=104');
    const { row } = await priceTable();
    await user.click(within(row('Virat Kohli')).getByRole('button', { name: 'Save the price of Virat Kohli' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The prices of Match 4 are frozen: the fixture has started.',
    );
    expect(
      await screen.findByText('Match 4 has started: its prices are frozen and can no longer change.'),
    ).toBeVisible();
    expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument();
  });

  it('says when the prices could not be loaded, with a Retry, and when the squads are missing', async () => {
    const user = userEvent.setup();
    mockApi(operator, seasons, fixtures, serverFailure('/operator/fixtures/{fixtureId}/prices', 'get'));
    renderApp('/console/prices?fixture=104', { user: testUser });
    expect(await screen.findByText('The prices could not be loaded. Please try again.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    mockApi(
      operator,
      seasons,
      fixtures,
      reply('/operator/fixtures/{fixtureId}/prices', 'get', 200, makePrices({ Players: [] })),
    );
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByText('Neither team of this fixture has a squad yet: there are no prices to show.'),
    ).toBeInTheDocument();
  });
});
