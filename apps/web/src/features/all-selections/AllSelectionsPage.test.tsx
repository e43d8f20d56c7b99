import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiError, type CapturedRequest, custom, jsonResponse, mockApi, reply } from '../../test/api';
import { phoneWindow } from '../../test/media';
import { renderApp, testUser } from '../../test/render';
import { chooseOption, optionNames } from '../../test/select';
import { makeLeague } from '../../shared/leagues/testData';
import { makeFixture, makeFixturePlayerSelection, makeFixtureSelection } from '../../shared/picks/testData';

const mp = makeLeague({ LeagueID: 1, LeagueName: 'Office MP', LeagueTypeName: 'Match Prediction', Status: 'Active' });
const ps = makeLeague({ LeagueID: 2, LeagueName: 'Office PS', LeagueTypeName: 'Player Selection', Status: 'Finished' });
const draft = makeLeague({ LeagueID: 3, LeagueName: 'Draft League', Status: 'Draft' });

const m1 = makeFixture({
  FixtureID: 10,
  FixtureName: 'Match 1',
  StartTime: '2026-04-08T14:00:00.000Z',
  HasStarted: true,
  Status: 'completed',
});
const m2 = makeFixture({
  FixtureID: 20,
  FixtureName: 'Match 2',
  StartTime: '2026-04-09T14:00:00.000Z',
  HasStarted: true,
  Status: 'completed',
});
const m3 = makeFixture({ FixtureID: 30, FixtureName: 'Match 3' });

const picks = [
  makeFixtureSelection(),
  makeFixtureSelection({
    UserID: 8,
    UserDisplayName: 'Harman',
    UserFullName: 'Harmanpreet Kaur',
    Selection: 'Royal Challengers',
    IsOwn: false,
  }),
  makeFixtureSelection({
    FeatureID: 2,
    Feature: 'Most Runs',
    FeatureTypeName: 'player',
    Selection: 'Jasprit Bumrah',
    Winner: 'Virat Kohli, Jasprit Bumrah',
    IsAutoPick: true,
  }),
  makeFixtureSelection({ FeatureID: 9, Feature: 'Toss', FeatureTypeName: 'bonus', Selection: 'Heads', Winner: '' }),
];

const posts = (requests: CapturedRequest[], path: string) => requests.filter((r) => r.path === `/api${path}`);

function stubs(fixtures = [m3, m1, m2]) {
  return [
    reply('/league/userLeagues/{userId}', 'get', 200, { data: [draft, mp, ps] }),
    reply('/league_fixture/getAllFixturesForLeague/{leagueId}', 'get', 200, fixtures),
    reply('/view/serverTime', 'get', 200, { currentServerTime: '2026-04-10T12:00:00.000Z' }),
    reply('/view/selectionsForFixture', 'post', 200, picks),
    reply('/view/playerSelectionsForFixture', 'post', 200, [
      makeFixturePlayerSelection(),
      makeFixturePlayerSelection({
        UserID: 8,
        UserDisplayName: 'Harman',
        PlayerName: 'Rohit Sharma',
        TeamCode: 'MI',
        IsOwn: false,
      }),
    ]),
  ];
}

async function pickLeague(user: ReturnType<typeof userEvent.setup>, name: string) {
  await screen.findByRole('combobox', { name: 'Select League' });
  await chooseOption(user, 'Select League', name);
}

const rowOf = (text: string) =>
  screen
    .getAllByRole('table')
    .flatMap((table) => within(table).queryAllByText(text))[0]
    ?.closest('tr') as HTMLElement;

/** The column headers of the first member's table (every member's table has the same). */
const headers = () =>
  within(screen.getAllByRole('table')[0]!)
    .getAllByRole('columnheader')
    .map((h) => h.textContent);

describe('All Selections', () => {
  // The screen is a lazy chunk: transform it once up front, so the first test's wait is not spent on that.
  beforeAll(() => import('./AllSelectionsPage'), 60_000);

  it('offers Active and Finished leagues and opens the latest started fixture', async () => {
    const { requests } = mockApi(...stubs());
    const user = userEvent.setup();
    renderApp('/home/all-predictions', { user: testUser });
    await screen.findByRole('combobox', { name: 'Select League' });
    expect(await optionNames(user, 'Select League')).toEqual(['Office MP', 'Office PS']);
    await chooseOption(user, 'Select League', 'Office MP');
    const fixture = await screen.findByRole('combobox', { name: 'Select Fixture' });
    expect(fixture).toHaveTextContent('Match 2 - RCB @ MI - 04/09 10 AM ET');
    expect(await optionNames(user, 'Select Fixture')).toEqual([
      'Match 1 - RCB @ MI - 04/08 10 AM ET',
      'Match 2 - RCB @ MI - 04/09 10 AM ET',
      'Match 3 - RCB @ MI - 04/11 10 AM ET',
    ]);
    await waitFor(() =>
      expect(posts(requests, '/view/selectionsForFixture')[0]?.body).toEqual({ LeagueID: 1, FixtureID: 20 }),
    );
  });

  it('opens the first fixture when none has started', async () => {
    const m4 = makeFixture({ FixtureID: 40, FixtureName: 'Match 4', StartTime: '2026-04-12T14:00:00.000Z' });
    const { requests } = mockApi(...stubs([m4, m3]));
    const user = userEvent.setup();
    renderApp('/home/all-predictions', { user: testUser });
    await pickLeague(user, 'Office MP');
    expect(await screen.findByRole('combobox', { name: 'Select Fixture' })).toHaveTextContent(/^Match 3/);
    await waitFor(() =>
      expect(posts(requests, '/view/selectionsForFixture')[0]?.body).toEqual({ LeagueID: 1, FixtureID: 30 }),
    );
  });

  it('shows the chosen fixture as a card: teams with codes, start time in the spec format, state', async () => {
    mockApi(...stubs());
    const user = userEvent.setup();
    renderApp('/home/all-predictions', { user: testUser });
    await pickLeague(user, 'Office MP');
    const card = await screen.findByRole('region', { name: 'Fixture: Match 2' });
    expect(card).toHaveTextContent('Match 2');
    expect(card).toHaveTextContent('Completed');
    expect(card).toHaveTextContent('RCBRoyal Challengers@MIMumbai Indians');
    expect(card).toHaveTextContent('04/09 10 AM ET');
    expect(card.querySelector('[data-team="MI"] span')).toHaveStyle({ background: '#004BA0' });
  });

  it("says plainly when other members' picks are hidden: before the lock, and in a league that keeps them private", async () => {
    mockApi(...stubs([m3]));
    const user = userEvent.setup();
    renderApp('/home/all-predictions', { user: testUser });
    await pickLeague(user, 'Office MP');
    expect(await screen.findByTestId('hidden-picks-note')).toHaveTextContent(
      "Other members' picks are hidden until this fixture starts (picks lock at kick-off). Until then you see only your own.",
    );
    expect(screen.getByRole('region', { name: 'Fixture: Match 3' })).toHaveTextContent(/Upcoming.*Picks lock in/);
  });

  it('groups the picks by member: one block each, with a row per pick and how many matched', async () => {
    mockApi(...stubs());
    const user = userEvent.setup();
    renderApp('/home/all-predictions', { user: testUser });
    await pickLeague(user, 'Office MP');
    const members = await screen.findByRole('list', { name: 'Selections for Match 2, by member' });
    const blocks = within(members).getAllByRole('listitem');
    expect(blocks).toHaveLength(2);
    const own = within(blocks[0]!).getByRole('table', { name: 'Selections of Smriti18' });
    expect(
      within(own)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['Match Winner', 'Most Runs', 'Toss']);
    expect(within(blocks[0]!).getByRole('heading', { level: 3 })).toHaveTextContent('Smriti18You2 of 2 picks match');
    const harman = within(blocks[1]!).getByRole('table', { name: 'Selections of Harman' });
    expect(
      within(harman)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['Match Winner']);
    expect(within(blocks[1]!).getByRole('heading', { level: 3 })).toHaveTextContent('0 of 1 pick matches');
  });

  it('marks each Match Prediction pick as a match or a miss against the winners, with text', async () => {
    mockApi(...stubs());
    const user = userEvent.setup();
    renderApp('/home/all-predictions', { user: testUser });
    await pickLeague(user, 'Office MP');
    await screen.findByText('Royal Challengers');
    expect(headers()).toEqual(['Feature', 'Selection', 'Winner']);
    const own = rowOf('Mumbai Indians');
    expect(own).toHaveAttribute('data-tone', 'success');
    expect(within(own).getByText('Match')).toBeInTheDocument();
    const harman = rowOf('Royal Challengers');
    expect(harman).toHaveAttribute('data-tone', 'error');
    expect(within(harman).getByText('Miss')).toBeInTheDocument();
    expect(within(harman).queryByText('Break')).not.toBeInTheDocument();
    // Tied winners: any of them is a match.
    const runs = rowOf('Jasprit Bumrah');
    expect(runs).toHaveAttribute('data-tone', 'success');
    expect(within(runs).getByText('Auto-pick')).toBeInTheDocument();
    // No result yet: neither.
    const toss = rowOf('Heads');
    expect(toss).not.toHaveAttribute('data-tone');
    expect(within(toss).queryByText(/Match|Miss/)).not.toBeInTheDocument();
    expect(within(own.closest('li')!).getByText('You')).toBeInTheDocument();
  });

  it('on a phone, keeps a pick to one line: the winners once above the members, not a column in each table', async () => {
    phoneWindow();
    mockApi(...stubs());
    const user = userEvent.setup();
    renderApp('/home/all-predictions', { user: testUser });
    await pickLeague(user, 'Office MP');
    await screen.findByText('Royal Challengers');
    expect(headers()).toEqual(['Feature', 'Selection']);
    expect(rowOf('Royal Challengers')).toHaveTextContent(/^Match WinnerRoyal Challengers✗Miss$/);
    const winners = screen.getByRole('region', { name: 'Winners' });
    expect(
      within(winners)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual(['Match Winner', 'Most Runs']);
    expect(
      within(winners)
        .getAllByRole('definition')
        .map((t) => t.textContent),
    ).toEqual(['Mumbai Indians', 'Virat Kohli, Jasprit Bumrah']);
  });

  it('filters on user, feature, selection and winner', async () => {
    mockApi(...stubs());
    const user = userEvent.setup();
    renderApp('/home/all-predictions', { user: testUser });
    await pickLeague(user, 'Office MP');
    await screen.findByText('Royal Challengers');
    const filter = screen.getByRole('searchbox', { name: 'Filter selections' });
    const bodyRows = () =>
      screen.queryAllByRole('table').flatMap((table) => within(table).getAllByRole('row').slice(1)).length;
    expect(bodyRows()).toBe(4);
    await user.type(filter, 'harman');
    expect(bodyRows()).toBe(1);
    expect(within(screen.getByRole('table')).getByText('Royal Challengers')).toBeInTheDocument();
    await user.clear(filter);
    await user.type(filter, 'toss');
    expect(bodyRows()).toBe(1);
    expect(screen.getByText('Heads')).toBeInTheDocument();
    await user.clear(filter);
    await user.type(filter, 'virat');
    expect(bodyRows()).toBe(1);
    expect(screen.getByText('Jasprit Bumrah')).toBeInTheDocument();
    await user.clear(filter);
    await user.type(filter, 'royal');
    expect(bodyRows()).toBe(1);
    await user.clear(filter);
    await user.type(filter, 'nobody at all');
    expect(screen.getByText('No selection details available.')).toBeInTheDocument();
  });

  it('shows the full name of a private league member on a tap (not only on hover)', async () => {
    mockApi(...stubs());
    const user = userEvent.setup();
    renderApp('/home/all-predictions', { user: testUser });
    await pickLeague(user, 'Office MP');
    const name = await screen.findByRole('button', { name: 'Harman (Harmanpreet Kaur)' });
    expect(screen.queryByRole('button', { name: /Smriti18/ })).not.toBeInTheDocument();
    await user.click(name);
    expect(await screen.findByRole('dialog', { name: 'Full name of Harman' })).toHaveTextContent('Harmanpreet Kaur');
  });

  it('shows Player Selection picks by position, without winners', async () => {
    const { requests } = mockApi(...stubs());
    const user = userEvent.setup();
    renderApp('/home/all-predictions', { user: testUser });
    await pickLeague(user, 'Office PS');
    await screen.findByText('Rohit Sharma (MI)');
    expect(headers()).toEqual(['Position', 'Selection']);
    expect(rowOf('Rohit Sharma (MI)')).not.toHaveAttribute('data-tone');
    expect(posts(requests, '/view/playerSelectionsForFixture')[0]?.body).toEqual({ LeagueID: 2, FixtureID: 20 });
  });

  it("marks a Player Selection team's captain (C) and vice-captain (VC), and the player a backup came in for", async () => {
    mockApi(
      ...stubs().filter((r) => !String(r.pattern).includes('playerSelectionsForFixture')),
      reply('/view/playerSelectionsForFixture', 'post', 200, [
        makeFixturePlayerSelection({ Role: 'C' }),
        makeFixturePlayerSelection({
          PositionOrder: 2,
          PlayerID: 102,
          PlayerName: 'Rohit Sharma',
          TeamCode: 'MI',
          Role: 'VC',
        }),
        makeFixturePlayerSelection({
          PositionID: 2,
          PositionName: 'Bowler',
          PlayerID: 103,
          PlayerName: 'Jasprit Bumrah',
          TeamCode: 'MI',
          ReplacedPlayerName: 'Mohammed Siraj',
        }),
        // A captain who came in for the captain (the role passes on to the backup).
        makeFixturePlayerSelection({
          UserID: 8,
          UserDisplayName: 'Harman',
          IsOwn: false,
          PlayerID: 104,
          PlayerName: 'Shubman Gill',
          TeamCode: 'GT',
          Role: 'C',
          ReplacedPlayerName: 'Virat Kohli',
        }),
      ]),
    );
    const user = userEvent.setup();
    renderApp('/home/all-predictions', { user: testUser });
    await pickLeague(user, 'Office PS');
    await screen.findByText('Jasprit Bumrah (MI)');
    expect(rowOf('Virat Kohli (RCB)')).toHaveTextContent(/^BatsmanVirat Kohli \(RCB\) \(C\) \(captain\)$/);
    expect(rowOf('Rohit Sharma (MI)')).toHaveTextContent('Rohit Sharma (MI) (VC) (vice-captain)');
    const backup = rowOf('Jasprit Bumrah (MI)');
    expect(backup).toHaveTextContent('came in for Mohammed Siraj');
    expect(backup).not.toHaveTextContent('(C)');
    const harman = rowOf('Shubman Gill (GT)');
    expect(harman).toHaveTextContent('(C)');
    expect(within(harman).getByText('came in for Virat Kohli')).toBeInTheDocument();
    // The (C) is for the eye; a screen reader hears "captain".
    expect(within(harman).getByText('(C)')).toHaveAttribute('aria-hidden', 'true');
  });

  it('says No selection details available. when nobody picked', async () => {
    mockApi(
      ...stubs().filter((r) => !String(r.pattern).includes('selectionsForFixture')),
      reply('/view/selectionsForFixture', 'post', 200, []),
    );
    const user = userEvent.setup();
    renderApp('/home/all-predictions', { user: testUser });
    await pickLeague(user, 'Office MP');
    expect(await screen.findByText('No selection details available.')).toBeInTheDocument();
  });

  it('reports failed loads of leagues, fixtures and selections', async () => {
    mockApi(custom('/league/userLeagues/{userId}', 'get', () => jsonResponse(500, apiError('x'))));
    renderApp('/home/all-predictions', { user: testUser });
    expect(await screen.findByText('Failed to load leagues. Please try again.')).toBeInTheDocument();
  });

  it('reports failed fixtures and selections', async () => {
    mockApi(
      reply('/league/userLeagues/{userId}', 'get', 200, { data: [mp, ps] }),
      {
        method: 'GET',
        pattern: /getAllFixturesForLeague\/2$/,
        reply: () => ({ status: 500, body: apiError('x') }),
      },
      reply('/league_fixture/getAllFixturesForLeague/{leagueId}', 'get', 200, [m1]),
      custom('/view/selectionsForFixture', 'post', () => jsonResponse(500, apiError('x'))),
    );
    const user = userEvent.setup();
    renderApp('/home/all-predictions', { user: testUser });
    await pickLeague(user, 'Office MP');
    expect(await screen.findByText('Failed to load selections. Please try again.')).toBeInTheDocument();
    await chooseOption(user, 'Select League', 'Office PS');
    expect(await screen.findByText('Failed to load fixtures. Please try again.')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Select Fixture' })).not.toBeInTheDocument();
  });
});
