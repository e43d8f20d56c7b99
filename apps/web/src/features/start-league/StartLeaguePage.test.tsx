import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi, reply, serverFailure } from '../../test/api';
import { renderApp, testUser } from '../../test/render';
import { chooseOption, optionNames } from '../../test/select';

const types = reply('/leaguetype/getAll', 'get', 200, [
  { ID: 1, Name: 'Match Prediction' },
  { ID: 2, Name: 'Player Selection' },
]);
const series = reply('/stage/active_stages_namelist', 'get', 200, [
  { SeasonID: 10, SeasonName: 'IPL 2026', StageID: null, StageName: null },
  { SeasonID: 10, SeasonName: 'IPL 2026', StageID: 3, StageName: 'IPL 2026 Playoffs' },
]);
const myLeagues = reply('/league/userLeagues/{userId}', 'get', 200, { data: [] });

describe('Start League', () => {
  it('shows every validation message on an invalid submit and sends nothing', async () => {
    const { requests } = mockApi(types, series);
    const user = userEvent.setup();
    renderApp('/home/start-league', { user: testUser });
    await user.click(await screen.findByRole('button', { name: 'Create League' }));
    expect(await screen.findByText('Please fix the errors in the form.')).toBeInTheDocument();
    for (const message of [
      '* League Name is required',
      '* League Type is required',
      '* Series is required',
      '* Display Name is required',
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    await user.type(screen.getByLabelText(/Gamer Name/), 'ab');
    await user.tab();
    expect(screen.getByText('* Display Name is required')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('limits the description to 1500 characters', async () => {
    mockApi(types, series);
    renderApp('/home/start-league', { user: testUser });
    expect(await screen.findByLabelText('League Description')).toHaveAttribute('maxlength', '1500');
    expect(screen.getByLabelText('League Description')).toHaveAttribute(
      'placeholder',
      expect.stringMatching(/rules and format/),
    );
  });

  it('offers only Match Prediction to public leagues and clears an invalid choice when the toggle changes', async () => {
    mockApi(types, series);
    const user = userEvent.setup();
    renderApp('/home/start-league', { user: testUser });
    await screen.findByRole('button', { name: 'Create League' });
    await waitFor(async () => expect(await optionNames(user, 'League Type')).toEqual(['Match Prediction']));
    await user.click(screen.getByRole('checkbox', { name: 'Is Private League' }));
    expect(await optionNames(user, 'League Type')).toEqual(['Match Prediction', 'Player Selection']);
    await chooseOption(user, 'League Type', 'Player Selection');
    expect(screen.getByRole('combobox', { name: 'League Type' })).toHaveTextContent('Player Selection');
    await user.click(screen.getByRole('checkbox', { name: 'Is Private League' }));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'League Type' })).not.toHaveTextContent('Player Selection'),
    );
  });

  it('creates the league with the exact payload and goes to My Leagues', async () => {
    const { requests } = mockApi(
      types,
      series,
      reply('/league/', 'post', 201, { message: 'Created.', LeagueID: 5, LeagueCode: 'ABC123' }),
      myLeagues,
    );
    const user = userEvent.setup();
    const { router } = renderApp('/home/start-league', { user: testUser });
    await user.type(await screen.findByLabelText(/League Name/), ' Office League ');
    await user.type(screen.getByLabelText('League Description'), 'Winner buys lunch.');
    await user.click(screen.getByRole('checkbox', { name: 'Is Private League' }));
    await user.click(screen.getByRole('checkbox', { name: "Show Other Member's Picks" }));
    await chooseOption(user, 'League Type', 'Player Selection');
    await chooseOption(user, 'Select Series', 'IPL 2026 Playoffs');
    await user.type(screen.getByLabelText(/Gamer Name/), 'Smriti18');
    await user.click(screen.getByRole('button', { name: 'Create League' }));
    expect(await screen.findByText('League created successfully!')).toBeInTheDocument();
    await waitFor(() => expect(router.location.pathname).toBe('/home/view-my-leagues'));
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.path).toBe('/api/league/');
    expect(post?.body).toEqual({
      Name: 'Office League',
      Description: 'Winner buys lunch.',
      LeagueTypeID: 2,
      IsPrivate: true,
      ShowOthersPicks: true,
      SeasonID: 10,
      StageID: 3,
      AdminUserID: 7,
      AdminDisplayName: 'Smriti18',
    });
  });

  it('sends no StageID for a whole season and labels it with the season name', async () => {
    const { requests } = mockApi(types, series, reply('/league/', 'post', 400, apiError('Name taken.')));
    const user = userEvent.setup();
    renderApp('/home/start-league', { user: testUser });
    await user.type(await screen.findByLabelText(/League Name/), 'Public fun');
    await chooseOption(user, 'League Type', 'Match Prediction');
    await chooseOption(user, 'Select Series', 'IPL 2026');
    await user.type(screen.getByLabelText(/Gamer Name/), 'Smr');
    await user.click(screen.getByRole('button', { name: 'Create League' }));
    expect(await screen.findByText('Name taken.')).toBeInTheDocument();
    const body = requests.find((r) => r.method === 'POST')?.body as Record<string, unknown>;
    expect(body).not.toHaveProperty('StageID');
    expect(body).toMatchObject({ SeasonID: 10, LeagueTypeID: 1, IsPrivate: false });
  });

  it('falls back to its own message when creating fails on the server', async () => {
    mockApi(types, series, serverFailure('/league/', 'post', 500, 'Rule broken.'));
    const user = userEvent.setup();
    renderApp('/home/start-league', { user: testUser });
    await user.type(await screen.findByLabelText(/League Name/), 'X League');
    await chooseOption(user, 'League Type', 'Match Prediction');
    await chooseOption(user, 'Select Series', 'IPL 2026');
    await user.type(screen.getByLabelText(/Gamer Name/), 'Smr');
    await user.click(screen.getByRole('button', { name: 'Create League' }));
    expect(await screen.findByText('An error occured while creating League.')).toBeInTheDocument();
  });

  it('reports a failed series load', async () => {
    mockApi(types, {
      method: 'GET',
      pattern: /stage\/active_stages_namelist$/,
      reply: () => ({ status: 500, body: apiError('x') }),
    });
    renderApp('/home/start-league', { user: testUser });
    expect(await screen.findByText('Failed to fetch Series.')).toBeInTheDocument();
  });

  it('reports a failed league-type load through the generic handler', async () => {
    mockApi(series, {
      method: 'GET',
      pattern: /leaguetype\/getAll$/,
      reply: () => ({ status: 500, body: apiError('Boom.') }),
    });
    renderApp('/home/start-league', { user: testUser });
    expect(await screen.findByText('An unexpected error occurred. Please try again later.')).toBeInTheDocument();
  });
});
