import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiError, type CapturedRequest, custom, jsonResponse, mockApi, reply } from '../../test/api';
import { renderApp, testUser } from '../../test/render';
import { chooseOption, optionNames, polyfillRadixSelect } from '../../test/select';
import { makeLeague } from '../../shared/leagues/testData';
import {
  featureRows,
  figures,
  fixtures,
  makeFeatureRow,
  makeFixture,
  makeSlot,
  mpConfigs,
  players,
  psConfigs,
  psCounts,
  SERVER_NOW,
  slots,
  teams,
} from '../../shared/picks/testData';
import { teamMessages } from '@fantasy-cricket/rules';
import {
  announcedFigures,
  everyonesPicks,
  liveFixture,
  lockedSlots,
  lockedTeam,
  makeTeam,
  noRulesTeam,
  rulesLeague,
  teamWithBackups,
} from './testData';

const mp = makeLeague({ LeagueID: 1, LeagueName: 'Office MP', LeagueTypeName: 'Match Prediction', Status: 'Active' });
const ps = makeLeague({ LeagueID: 2, LeagueName: 'Office PS', LeagueTypeName: 'Player Selection', Status: 'Active' });
const draft = makeLeague({ LeagueID: 3, LeagueName: 'Draft League', Status: 'Draft' });
const done = makeLeague({ LeagueID: 4, LeagueName: 'Done League', Status: 'Active', FixturesRemaining: 0 });
const finished = makeLeague({ LeagueID: 5, LeagueName: 'Old League', Status: 'Finished', FixturesRemaining: 0 });

const MATCH3 = 'Match 3 - RCB @ MI - 04/11 10 AM ET';
const MATCH4 = 'Match 4 - KKR @ CSK - 04/12 7 PM ET';
const savedResult = { message: 'Saved.', Saved: 1, CopiedTo: [] };

/** The stubs of a whole visit; `clock.now` is the server's time from then on. */
function stubs(clock = { now: SERVER_NOW }) {
  return [
    reply('/league/userLeagues/{userId}', 'get', 200, { data: [draft, mp, done, ps, finished] }),
    reply('/view/serverTime', 'get', 200, () => ({ currentServerTime: clock.now })),
    reply('/league_fixture/getAllFixturesForLeague/{leagueId}', 'get', 200, fixtures),
    reply('/league_selection/user/', 'post', 200, featureRows),
    reply('/player_selection/fixture/', 'get', 200, slots),
    reply('/player/getPlayersByFixtureID/{fixtureId}', 'get', 200, players),
    reply('/team/getTeamsByFixtureID/{fixtureId}', 'get', 200, teams),
    reply('/player_selection/player_figures/', 'get', 200, figures),
    reply('/league_configuration/getConfigurationsForLeague/{leagueId}', 'get', 200, ({ path }) =>
      path.endsWith('/1') ? mpConfigs : psConfigs,
    ),
    reply('/selection_config/getSelectionConfigsForLeague/{leagueId}', 'get', 200, psCounts),
    // Every rule off: the Player Selection game as before the team rules.
    reply('/player_selection/team/', 'get', 200, ({ url }) =>
      noRulesTeam(Number(url.searchParams.get('LeagueID')), Number(url.searchParams.get('FixtureID'))),
    ),
  ];
}

const puts = (requests: CapturedRequest[]) => requests.filter((r) => r.method === 'PUT');
const calls = (requests: CapturedRequest[], path: string) => requests.filter((r) => r.path === `/api${path}`);

async function pickLeague(user: ReturnType<typeof userEvent.setup>, name: string) {
  await screen.findByRole('combobox', { name: 'Select a League' });
  await chooseOption(user, 'Select a League', name);
}

async function openLeague(user: ReturnType<typeof userEvent.setup>, name: string) {
  await pickLeague(user, name);
  await screen.findByRole('table');
}

/** A Player Selection league chosen: its team sheet. */
async function openSheet(user: ReturnType<typeof userEvent.setup>, name = 'Office PS') {
  await pickLeague(user, name);
  return screen.findByTestId('team-sheet');
}

/** Opens the picker of an empty slot (Choose …) or a picked one (Change …), as a person would. */
async function openPicker(user: ReturnType<typeof userEvent.setup>, slot: string) {
  const button =
    screen.queryByRole('button', { name: `Choose ${slot}` }) ??
    screen.getByRole('button', { name: new RegExp(`^Change ${slot}:`) });
  await user.click(button);
  return screen.findByRole('dialog', { name: `Choose ${slot}` });
}

/** The picker's players, in order, by name. */
const pickerNames = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByTestId('picker-option')
    .map((b) => players.find((p) => b.textContent?.includes(p.PlayerFullName))?.PlayerFullName);

async function choosePlayer(user: ReturnType<typeof userEvent.setup>, slot: string, player: string) {
  const dialog = await openPicker(user, slot);
  const option = within(dialog)
    .getAllByTestId('picker-option')
    .find((b) => b.textContent?.includes(player));
  if (!option) throw new Error(`${player} is not offered for ${slot}`);
  await user.click(option);
}

describe('My Selections', () => {
  // The screen is a lazy chunk: transform it once up front, so the first test's wait is not spent on that.
  beforeAll(() => import('./MySelectionsPage'), 60_000);

  it('offers only Active leagues with fixtures remaining, behind the required Select a League', async () => {
    mockApi(...stubs());
    const user = userEvent.setup();
    renderApp('/home/my-predictions', { user: testUser });
    const league = await screen.findByRole('combobox', { name: 'Select a League' });
    expect(league).toHaveTextContent('Select a League');
    expect(league).toHaveAttribute('aria-required', 'true');
    expect(await optionNames(user, 'Select a League')).toEqual(['Office MP', 'Office PS']);
    expect(screen.queryByRole('combobox', { name: 'Select Fixture' })).not.toBeInTheDocument();
  });

  it('opens on the league the address names (Home\'s "Make your picks"), with its next fixture', async () => {
    const { requests } = mockApi(...stubs());
    renderApp('/home/my-predictions?league=2', { user: testUser });
    const league = await screen.findByRole('combobox', { name: 'Select a League' });
    await waitFor(() => expect(league).toHaveTextContent('Office PS'));
    expect(await screen.findByTestId('team-sheet')).toBeInTheDocument();
    expect(calls(requests, '/player_selection/fixture/')[0]?.url.searchParams.get('LeagueID')).toBe('2');
  });

  it('ignores a league in the address the player cannot pick in: the placeholder stays', async () => {
    mockApi(...stubs());
    renderApp('/home/my-predictions?league=3', { user: testUser });
    const league = await screen.findByRole('combobox', { name: 'Select a League' });
    expect(league).toHaveTextContent('Select a League');
    expect(screen.queryByRole('combobox', { name: 'Select Fixture' })).not.toBeInTheDocument();
  });

  it('chooses the only league a player can pick in', async () => {
    const { requests } = mockApi(
      reply('/league/userLeagues/{userId}', 'get', 200, { data: [draft, mp, done] }),
      ...stubs().slice(1),
    );
    renderApp('/home/my-predictions', { user: testUser });
    const league = await screen.findByRole('combobox', { name: 'Select a League' });
    await waitFor(() => expect(league).toHaveTextContent('Office MP'));
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(calls(requests, '/league_selection/user/')[0]?.body).toEqual({ UserID: 7, LeagueID: 1, FixtureID: 30 });
  });

  it('says No leagues found. when no league qualifies', async () => {
    mockApi(reply('/league/userLeagues/{userId}', 'get', 200, { data: [draft, done, finished] }));
    renderApp('/home/my-predictions', { user: testUser });
    expect(await screen.findByText('No leagues found.')).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('reports a failed league load', async () => {
    mockApi(custom('/league/userLeagues/{userId}', 'get', () => jsonResponse(500, apiError('boom'))));
    renderApp('/home/my-predictions', { user: testUser });
    expect(await screen.findByText('Failed to load leagues. Please try again.')).toBeInTheDocument();
  });

  it('shows a failed league load as an error with a Retry, not as No leagues found.; the retry lists the leagues', async () => {
    let fail = true;
    mockApi(
      custom('/league/userLeagues/{userId}', 'get', () =>
        fail ? jsonResponse(500, apiError('boom')) : jsonResponse(200, { data: [mp, ps] }),
      ),
    );
    const user = userEvent.setup();
    renderApp('/home/my-predictions', { user: testUser });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load leagues. Please try again.');
    expect(screen.queryByText('No leagues found.')).not.toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await optionNames(user, 'Select a League')).toEqual(['Office MP', 'Office PS']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('lists upcoming fixtures only (per server time), labelled, sorted, first preselected', async () => {
    const { requests } = mockApi(...stubs());
    const user = userEvent.setup();
    renderApp('/home/my-predictions', { user: testUser });
    await screen.findByRole('combobox', { name: 'Select a League' });
    await openLeague(user, 'Office MP');
    const fixture = screen.getByRole('combobox', { name: 'Select Fixture' });
    expect(fixture).toHaveTextContent(MATCH3);
    expect(await optionNames(user, 'Select Fixture')).toEqual([MATCH3, MATCH4]);
    const serverTimeAt = requests.findIndex((r) => r.path === '/api/view/serverTime');
    const fixturesAt = requests.findIndex((r) => r.path.startsWith('/api/league_fixture/'));
    expect(serverTimeAt).toBeGreaterThan(-1);
    expect(serverTimeAt).toBeLessThan(fixturesAt);
    expect(calls(requests, '/league_selection/user/')[0]?.body).toEqual({ UserID: 7, LeagueID: 1, FixtureID: 30 });
    // Choosing another fixture loads its grid.
    await chooseOption(user, 'Select Fixture', MATCH4);
    await waitFor(() =>
      expect(calls(requests, '/league_selection/user/').at(-1)?.body).toEqual({
        UserID: 7,
        LeagueID: 1,
        FixtureID: 40,
      }),
    );
  });

  it('says No upcoming fixture available. when every fixture has started', async () => {
    mockApi(...stubs({ now: '2026-05-01T00:00:00.000Z' }));
    const user = userEvent.setup();
    renderApp('/home/my-predictions', { user: testUser });
    await pickLeague(user, 'Office MP');
    expect(await screen.findByText('No upcoming fixture available.')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Select Fixture' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Selections' })).not.toBeInTheDocument();
  });

  it('reports a failed server time and a failed fixture load', async () => {
    let serverTimeFails = true;
    mockApi(
      reply('/league/userLeagues/{userId}', 'get', 200, { data: [mp, ps] }),
      custom('/view/serverTime', 'get', () =>
        serverTimeFails ? jsonResponse(500, apiError('x')) : jsonResponse(200, { currentServerTime: SERVER_NOW }),
      ),
      reply('/league_fixture/getAllFixturesForLeague/{leagueId}', 'get', 403, apiError('Not a member')),
    );
    const user = userEvent.setup();
    renderApp('/home/my-predictions', { user: testUser });
    await pickLeague(user, 'Office MP');
    expect(await screen.findByText('Failed to fetch server time. Please try again.')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Select Fixture' })).not.toBeInTheDocument();
    serverTimeFails = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Failed to load fixtures. Please try again.')).toBeInTheDocument();
  });

  it('fills Match Prediction dropdowns by feature: allowed positions, sorted players and teams, bonus answers', async () => {
    mockApi(...stubs());
    const user = userEvent.setup();
    renderApp('/home/my-predictions', { user: testUser });
    await openLeague(user, 'Office MP');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Feature', 'Selection']);
    expect(await optionNames(user, 'Most Runs')).toEqual([
      'No selection',
      'Hardik Pandya (MI, Allrounder)',
      'Rohit Sharma (MI, Batsman)',
      'Virat Kohli (RCB, Batsman)',
      'Dinesh Karthik (RCB, Wicketkeeper)',
    ]);
    expect(await optionNames(user, 'Most Wickets')).toEqual([
      'No selection',
      'Hardik Pandya (MI, Allrounder)',
      'Jasprit Bumrah (MI, Bowler)',
      'Mohammed Siraj (RCB, Bowler)',
    ]);
    expect(await optionNames(user, 'Match Winner')).toEqual(['No selection', 'Mumbai Indians', 'Royal Challengers']);
    expect(await optionNames(user, 'Toss')).toEqual(['No selection', 'Heads', 'Tails']);
    // Saved picks show in their dropdowns.
    expect(screen.getByRole('combobox', { name: 'Match Winner' })).toHaveTextContent('Mumbai Indians');
    expect(screen.getByRole('combobox', { name: 'Most Wickets' })).toHaveTextContent('Jasprit Bumrah (MI, Bowler)');
    expect(screen.getByRole('checkbox', { name: 'Copy below picks to my other MP leagues' })).not.toBeChecked();
  });

  it("shows each Match Prediction player's recent form in the dropdowns, as the Player Selection picker does", async () => {
    const { requests } = mockApi(...stubs());
    const user = userEvent.setup();
    renderApp('/home/my-predictions', { user: testUser });
    await openLeague(user, 'Office MP');
    polyfillRadixSelect();
    await user.click(screen.getByRole('combobox', { name: 'Most Runs' }));
    const kohli = await screen.findByRole('option', {
      name: 'Virat Kohli (RCB, Batsman) 212 season pts · 4 matches · Last 3: 44, 71, 38',
    });
    expect(
      screen.getByRole('option', {
        name: 'Dinesh Karthik (RCB, Wicketkeeper) 64 season pts · 2 matches · Last 3: 20, 44',
      }),
    ).toBeInTheDocument();
    await user.click(kohli);
    // The closed field shows the name only.
    expect(screen.getByRole('combobox', { name: 'Most Runs' })).toHaveTextContent(/^Virat Kohli \(RCB, Batsman\)$/);
    // The same figures call as the team sheet, for this league and fixture.
    const figuresCall = calls(requests, '/player_selection/player_figures/')[0];
    expect(Object.fromEntries(figuresCall?.url.searchParams ?? [])).toEqual({ LeagueID: '1', FixtureID: '30' });
  });

  it("shows each Match Prediction feature's points on its row, and the league's points table from How scoring works", async () => {
    mockApi(...stubs());
    const user = userEvent.setup();
    renderApp('/home/my-predictions', { user: testUser });
    await openLeague(user, 'Office MP');
    const row = (name: string) => screen.getByRole('rowheader', { name: new RegExp(name) });
    await waitFor(() => expect(row('Match Winner')).toHaveTextContent('+10 points'));
    expect(row('Most Wickets')).toHaveTextContent('+25 points');
    expect(row('Toss')).toHaveTextContent('Not scored');
    await user.click(screen.getByRole('button', { name: 'How scoring works' }));
    const dialog = await screen.findByRole('dialog', { name: 'How scoring works: Office MP' });
    const lines = await within(dialog).findAllByTestId('scoring-line');
    expect(lines.map((l) => l.textContent)).toEqual([
      'Match Winner+10Pick the team that wins the match.',
      'Most Runs+20Pick the top run scorer.',
      'Most Wickets+25Pick the top wicket taker.',
    ]);
    expect(within(dialog).getByText('Not scored in this league: Toss.')).toBeInTheDocument();
  });

  it('opens the Player Selection points table: penalties signed as deducted, the team the league picks', async () => {
    mockApi(...stubs());
    const user = userEvent.setup();
    renderApp('/home/my-predictions', { user: testUser });
    await openSheet(user);
    await user.click(screen.getByRole('button', { name: 'How scoring works' }));
    const dialog = await screen.findByRole('dialog', { name: 'How scoring works: Office PS' });
    const earned = await within(dialog).findByRole('region', { name: 'Points earned' });
    expect(
      within(earned)
        .getAllByTestId('scoring-line')
        .map((l) => l.textContent),
    ).toEqual(['Run+1Per run scored.', 'Wicket+25Per wicket credited to the bowler.']);
    const deducted = within(dialog).getByRole('region', { name: 'Points deducted' });
    expect(within(deducted).getByTestId('scoring-line')).toHaveTextContent(
      'Duck\u22122Dismissed for 0 (not for bowlers).',
    );
    expect(within(dialog).getByText('Not scored in this league: Maiden Over.')).toBeInTheDocument();
    expect(
      within(dialog).getByText('1 Wicketkeeper, 4 Batsmen, 2 Allrounders, 4 Bowlers: 11 players at most.'),
    ).toBeInTheDocument();
  });

  it('labels auto-picked rows', async () => {
    mockApi(...stubs());
    const user = userEvent.setup();
    renderApp('/home/my-predictions', { user: testUser });
    await openLeague(user, 'Office MP');
    const row = (name: string) =>
      screen.getByRole('rowheader', { name: new RegExp(name) }).closest('tr') as HTMLElement;
    expect(within(row('Most Wickets')).getByText('Auto-pick')).toBeInTheDocument();
    expect(within(row('Most Runs')).queryByText('Auto-pick')).not.toBeInTheDocument();
  });

  it('shows the Player Selection team sheet: slots grouped by position in the league counts, each a player card', async () => {
    mockApi(...stubs());
    const user = userEvent.setup();
    renderApp('/home/my-predictions', { user: testUser });
    const sheet = await openSheet(user);
    expect(
      within(sheet)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['Wicketkeeper0 of 1 picked', 'Batsman1 of 2 picked', 'Bowler0 of 1 picked']);
    const slotsShown = within(sheet).getAllByTestId('slot');
    expect(slotsShown.map((x) => x.getAttribute('aria-label'))).toEqual([
      'Wicketkeeper',
      'Batsman 1',
      'Batsman 2',
      'Bowler',
    ]);
    // Batsman 1: the saved auto-pick, as a card with its figures; the others offer Choose.
    const batsman1 = slotsShown[1] as HTMLElement;
    expect(within(batsman1).getByText('Auto-pick')).toBeInTheDocument();
    const card = within(batsman1).getByTestId('player-card');
    expect(card).toHaveTextContent('Rohit Sharma');
    expect(card).toHaveTextContent('MI');
    expect(card).toHaveTextContent('Batsman');
    await waitFor(() => expect(card).toHaveTextContent('151season pts'));
    expect(card).toHaveTextContent('Last three: 9 in Match 0, 88 in Match 1, 30 in Match 2.');
    expect(within(batsman1).getByRole('button', { name: 'Change Batsman 1: Rohit Sharma' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Choose Batsman 2' })).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: 'Copy below picks to my other PS leagues' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("opens a picker of the slot's position: searchable, sortable by the figures, an already picked player marked", async () => {
    mockApi(...stubs());
    const user = userEvent.setup();
    renderApp('/home/my-predictions', { user: testUser });
    await openSheet(user);
    let dialog = await openPicker(user, 'Batsman 2');
    await waitFor(() => expect(within(dialog).queryByText('Loading season figures…')).not.toBeInTheDocument());
    // The spec's order (team name, position, name): Mumbai before Royal Challengers; batsmen only.
    expect(pickerNames(dialog)).toEqual(['Rohit Sharma', 'Virat Kohli']);
    const rohit = within(dialog).getAllByTestId('picker-option')[0] as HTMLElement;
    expect(rohit).toHaveTextContent('Already picked: Batsman 1');
    expect(rohit).toHaveAttribute('aria-disabled', 'true');
    await chooseOption(user, 'Sort by', 'Season points');
    expect(pickerNames(dialog)).toEqual(['Virat Kohli', 'Rohit Sharma']);
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search players' }), 'roh');
    expect(pickerNames(dialog)).toEqual(['Rohit Sharma']);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Choose Batsman 2' })).toHaveFocus();
    // Bowlers by their last three (Bumrah 144, Siraj none), by keyboard.
    dialog = await openPicker(user, 'Bowler');
    await chooseOption(user, 'Sort by', 'Last three matches');
    expect(pickerNames(dialog)).toEqual(['Jasprit Bumrah', 'Mohammed Siraj']);
    await user.click(within(dialog).getAllByTestId('picker-option')[1] as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const change = await screen.findByRole('button', { name: 'Change Bowler: Mohammed Siraj' });
    await waitFor(() => expect(change).toHaveFocus());
  });

  it('lists a fixture being played first, read-only with the saved picks; the first upcoming one stays the default', async () => {
    // Match 9 started an hour ago (SERVER_NOW is 12:00 UTC) and is live; a fixture that started 13 hours ago
    // with no result, and a completed one, are not offered.
    const live = makeFixture({
      FixtureID: 90,
      FixtureName: 'Match 9',
      StartTime: '2026-04-10T11:00:00.000Z',
      Status: 'live',
      HasStarted: true,
    });
    const stale = makeFixture({
      FixtureID: 80,
      FixtureName: 'Match 8',
      StartTime: '2026-04-09T23:00:00.000Z',
      HasStarted: true,
    });
    const { requests } = mockApi(
      ...stubs().filter((r) => !/league_fixture|league_selection/.test(String(r.pattern))),
      reply('/league_fixture/getAllFixturesForLeague/{leagueId}', 'get', 200, [...fixtures, live, stale]),
      reply('/league_selection/user/', 'post', 200, (req) =>
        (req.body as { FixtureID: number }).FixtureID === 90
          ? [makeFeatureRow({ StartTime: live.StartTime, ID: 501, TeamID: 1, IsAutoPick: true })]
          : featureRows,
      ),
    );
    const user = userEvent.setup();
    renderApp('/home/my-predictions', { user: testUser });
    await openLeague(user, 'Office MP');
    expect(screen.getByRole('combobox', { name: 'Select Fixture' })).toHaveTextContent(MATCH3);
    const MATCH9 = 'Match 9 - RCB @ MI - 04/10 7 AM ET';
    expect(await optionNames(user, 'Select Fixture')).toEqual([MATCH9, MATCH3, MATCH4]);
    await chooseOption(user, 'Select Fixture', MATCH9);
    await waitFor(() =>
      expect(calls(requests, '/league_selection/user/').at(-1)?.body).toMatchObject({ FixtureID: 90 }),
    );
    const winner = (await screen.findByRole('rowheader', { name: /^Match Winner/ })).closest('tr') as HTMLElement;
    await waitFor(() => expect(winner).toHaveTextContent('Locked: the match has started'));
    expect(winner).toHaveTextContent('Mumbai Indians');
    expect(winner).toHaveTextContent('Auto-pick');
    expect(within(winner).queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('shows rows of a started fixture read-only with the saved pick, without a dropdown', async () => {
    mockApi(
      ...stubs().filter((r) => !String(r.pattern).includes('league_selection')),
      reply('/league_selection/user/', 'post', 200, [
        makeFeatureRow({ StartTime: '2026-04-10T11:00:00.000Z', ID: 500, TeamID: 1, IsAutoPick: true }),
        makeFeatureRow({ LeagueFeatureID: 12, FeatureName: 'Most Runs', FeatureTypeName: 'player', FeatureID: 2 }),
      ]),
    );
    const user = userEvent.setup();
    renderApp('/home/my-predictions', { user: testUser });
    await openLeague(user, 'Office MP');
    const winner = screen.getByRole('rowheader', { name: /^Match Winner/ }).closest('tr') as HTMLElement;
    expect(winner).toHaveTextContent('Mumbai Indians');
    expect(winner).toHaveTextContent('Auto-pick');
    expect(winner).toHaveTextContent('Locked: the match has started');
    expect(winner).not.toHaveTextContent('N/A');
    expect(within(winner).queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Most Runs' })).toBeEnabled();
  });

  it('says No modified selections to save. and calls nothing when no row was touched', async () => {
    const { requests } = mockApi(...stubs());
    const user = userEvent.setup();
    renderApp('/home/my-predictions', { user: testUser });
    await openLeague(user, 'Office MP');
    const before = requests.length;
    await user.click(screen.getByRole('button', { name: 'Save Selections' }));
    expect(await screen.findByText('No modified selections to save.')).toBeInTheDocument();
    expect(requests.length).toBe(before);
  });

  it('saves only the touched rows, then confirms and reloads the fixture', async () => {
    const { requests } = mockApi(...stubs(), reply('/league_selection/bulk_update', 'put', 200, savedResult));
    const user = userEvent.setup();
    renderApp('/home/my-predictions', { user: testUser });
    await openLeague(user, 'Office MP');
    await chooseOption(user, 'Most Runs', /^Virat Kohli \(RCB, Batsman\)/);
    await chooseOption(user, 'Match Winner', 'No selection');
    expect(calls(requests, '/league_selection/user/')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Save Selections' }));
    expect(await screen.findByText('Match Prediction selections saved successfully.')).toBeInTheDocument();
    expect(puts(requests)).toHaveLength(1);
    expect(puts(requests)[0]?.body).toEqual({
      CopyToOtherLeagues: false,
      Selection: [
        { UserID: 7, LeagueID: 1, FixtureID: 30, LeagueFeatureID: 11, IsActive: false, ID: 500 },
        { UserID: 7, LeagueID: 1, FixtureID: 30, LeagueFeatureID: 12, IsActive: true, PlayerID: 101 },
      ],
    });
    await waitFor(() => expect(calls(requests, '/league_selection/user/')).toHaveLength(2));
    // Reloaded from the server: the dropdown shows the server's answer again.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Most Runs' })).toHaveTextContent('Select…'));
  });

  it('with copying on, sends every row with a selection and CopyToOtherLeagues true', async () => {
    const { requests } = mockApi(
      ...stubs(),
      reply('/league_selection/bulk_update', 'put', 200, {
        ...savedResult,
        CopiedTo: [{ LeagueID: 9, LeagueName: 'Family MP', Saved: 2, Skipped: 1 }],
      }),
    );
    const user = userEvent.setup();
    renderApp('/home/my-predictions', { user: testUser });
    await openLeague(user, 'Office MP');
    await chooseOption(user, 'Toss', 'Tails');
    await user.click(screen.getByRole('checkbox', { name: 'Copy below picks to my other MP leagues' }));
    await user.click(screen.getByRole('button', { name: 'Save Selections' }));
    expect(await screen.findByText('Match Prediction selections saved successfully.')).toBeInTheDocument();
    expect(puts(requests)[0]?.body).toEqual({
      CopyToOtherLeagues: true,
      Selection: [
        { UserID: 7, LeagueID: 1, FixtureID: 30, LeagueFeatureID: 11, IsActive: true, ID: 500, TeamID: 1 },
        { UserID: 7, LeagueID: 1, FixtureID: 30, LeagueFeatureID: 13, IsActive: true, ID: 501, PlayerID: 102 },
        { UserID: 7, LeagueID: 1, FixtureID: 30, LeagueFeatureID: 14, IsActive: true, BonusOptionID: 2 },
      ],
    });
    expect(await screen.findByText(/Also copied to: Family MP \(2 saved, 1 skipped\)/)).toBeInTheDocument();
  });

  it('keeps the copy checkbox per league type: ticked for Match Prediction, it stays off (and does not copy) for Player Selection', async () => {
    const { requests } = mockApi(...stubs(), reply('/player_selection/bulk_update', 'put', 200, savedResult));
    const user = userEvent.setup();
    renderApp('/home/my-predictions', { user: testUser });
    await openLeague(user, 'Office MP');
    await user.click(screen.getByRole('checkbox', { name: 'Copy below picks to my other MP leagues' }));
    expect(screen.getByRole('checkbox', { name: 'Copy below picks to my other MP leagues' })).toBeChecked();
    await pickLeague(user, 'Office PS');
    const psCopy = await screen.findByRole('checkbox', { name: 'Copy below picks to my other PS leagues' });
    expect(psCopy).not.toBeChecked();
    await choosePlayer(user, 'Bowler', 'Mohammed Siraj');
    await user.click(screen.getByRole('button', { name: 'Save Selections' }));
    expect(await screen.findByText('Player Selection selections saved successfully.')).toBeInTheDocument();
    expect(puts(requests)[0]?.body).toMatchObject({ CopyToOtherLeagues: false });
    expect(screen.queryByText(/Also copied to/)).not.toBeInTheDocument();
    // Back to the Match Prediction league: its own choice is still there.
    await pickLeague(user, 'Office MP');
    expect(await screen.findByRole('checkbox', { name: 'Copy below picks to my other MP leagues' })).toBeChecked();
  });

  it('says when copying reached no other league', async () => {
    mockApi(...stubs(), reply('/league_selection/bulk_update', 'put', 200, savedResult));
    const user = userEvent.setup();
    renderApp('/home/my-predictions', { user: testUser });
    await openLeague(user, 'Office MP');
    await user.click(screen.getByRole('checkbox', { name: 'Copy below picks to my other MP leagues' }));
    await user.click(screen.getByRole('button', { name: 'Save Selections' }));
    expect(await screen.findByText('Also copied to: no other league.')).toBeInTheDocument();
  });

  it("refuses a player already picked in the fixture with the spec's duplicate message; the slot stays as it was", async () => {
    const { requests } = mockApi(...stubs());
    const user = userEvent.setup();
    renderApp('/home/my-predictions', { user: testUser });
    await openSheet(user);
    await choosePlayer(user, 'Batsman 2', 'Rohit Sharma');
    expect(
      await screen.findByText(
        'Duplicate selections detected for: Batsman: 105 Please select unique players for each position.',
      ),
    ).toBeInTheDocument();
    // Still open on the same list: nothing was chosen.
    expect(screen.getByRole('dialog', { name: 'Choose Batsman 2' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('button', { name: 'Choose Batsman 2' })).toBeInTheDocument();
    const before = requests.length;
    await user.click(screen.getByRole('button', { name: 'Save Selections' }));
    expect(await screen.findByText('No modified selections to save.')).toBeInTheDocument();
    expect(requests.length).toBe(before);
  });

  it('locks the team sheet once the fixture has started: saved picks read-only, auto-picks badged', async () => {
    const started = '2026-04-10T11:00:00.000Z';
    mockApi(
      ...stubs().filter((r) => !/player_selection\W{0,2}fixture/.test(String(r.pattern))),
      reply('/player_selection/fixture/', 'get', 200, [
        makeSlot({ PositionID: 3, PositionName: 'Wicketkeeper', StartTime: started }),
        makeSlot({ PlayerSelectionID: 900, PlayerID: 105, IsAutoPick: true, StartTime: started }),
        makeSlot({ PlayerSelectionID: 901, PositionOrder: 2, PlayerID: 101, StartTime: started }),
      ]),
    );
    const user = userEvent.setup();
    renderApp('/home/my-predictions', { user: testUser });
    const sheet = await openSheet(user);
    const [keeper, b1, b2] = within(sheet).getAllByTestId('slot') as HTMLElement[];
    expect(keeper).toHaveTextContent('No pick');
    expect(b1).toHaveTextContent('Rohit Sharma');
    expect(within(b1!).getByText('Auto-pick')).toBeInTheDocument();
    expect(b2).toHaveTextContent('Virat Kohli');
    expect(within(b2!).queryByText('Auto-pick')).not.toBeInTheDocument();
    for (const slot of [keeper, b1, b2]) {
      expect(slot).toHaveTextContent('Locked: the match has started');
      expect(within(slot!).queryByRole('button')).not.toBeInTheDocument();
    }
    expect(sheet).not.toHaveTextContent('N/A');
  });

  it('saves Player Selection slots (PlayerID 0 when cleared)', async () => {
    const { requests } = mockApi(...stubs(), reply('/player_selection/bulk_update', 'put', 200, savedResult));
    const user = userEvent.setup();
    renderApp('/home/my-predictions', { user: testUser });
    await openSheet(user);
    await user.click(screen.getByRole('button', { name: 'Remove Rohit Sharma from Batsman 1' }));
    expect(screen.getByRole('button', { name: 'Choose Batsman 1' })).toHaveFocus();
    await choosePlayer(user, 'Bowler', 'Mohammed Siraj');
    await user.click(screen.getByRole('button', { name: 'Save Selections' }));
    expect(await screen.findByText('Player Selection selections saved successfully.')).toBeInTheDocument();
    expect(puts(requests)[0]?.body).toEqual({
      CopyToOtherLeagues: false,
      Selection: [
        {
          UserID: 7,
          LeagueID: 2,
          FixtureID: 30,
          PositionTypeID: 1,
          PositionOrder: 1,
          PlayerID: 0,
          IsActive: false,
          ID: 900,
        },
        { UserID: 7, LeagueID: 2, FixtureID: 30, PositionTypeID: 2, PositionOrder: 1, PlayerID: 106, IsActive: true },
      ],
    });
    await waitFor(() => expect(calls(requests, '/player_selection/fixture/')).toHaveLength(2));
    expect(calls(requests, '/player_selection/fixture/')[0]?.url.searchParams.get('UserID')).toBe('7');
  });

  it('refuses a fixture that started meanwhile (server time), sends nothing and locks its rows', async () => {
    const clock = { now: SERVER_NOW };
    const { requests } = mockApi(...stubs(clock));
    const user = userEvent.setup();
    renderApp('/home/my-predictions', { user: testUser });
    await openLeague(user, 'Office MP');
    await chooseOption(user, 'Most Runs', /^Virat Kohli \(RCB, Batsman\)/);
    clock.now = '2026-04-11T14:00:00.000Z';
    await user.click(screen.getByRole('button', { name: 'Save Selections' }));
    expect(
      await screen.findByText(
        'Cannot save selection for the following fixtures as the matches have already started: Match 3',
      ),
    ).toBeInTheDocument();
    expect(puts(requests)).toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole('combobox', { name: 'Most Runs' })).not.toBeInTheDocument());
    expect(screen.getAllByText('Locked: the match has started')).toHaveLength(4);
  });

  it('needs the server time to save', async () => {
    let fail = false;
    const { requests } = mockApi(
      ...stubs().filter((r) => !String(r.pattern).includes('serverTime')),
      custom('/view/serverTime', 'get', () =>
        fail ? jsonResponse(503, apiError('x')) : jsonResponse(200, { currentServerTime: SERVER_NOW }),
      ),
    );
    const user = userEvent.setup();
    renderApp('/home/my-predictions', { user: testUser });
    await openLeague(user, 'Office MP');
    await chooseOption(user, 'Toss', 'Heads');
    fail = true;
    await user.click(screen.getByRole('button', { name: 'Save Selections' }));
    expect(await screen.findByText('Cannot save selections: Server time is unavailable.')).toBeInTheDocument();
    expect(puts(requests)).toHaveLength(0);
  });

  it("shows the server's refusal, or the save failure text", async () => {
    let status = 400;
    mockApi(
      ...stubs(),
      custom('/league_selection/bulk_update', 'put', () =>
        jsonResponse(status, apiError('Match Winner: that team does not play this fixture.')),
      ),
    );
    const user = userEvent.setup();
    renderApp('/home/my-predictions', { user: testUser });
    await openLeague(user, 'Office MP');
    await chooseOption(user, 'Toss', 'Heads');
    await user.click(screen.getByRole('button', { name: 'Save Selections' }));
    expect(await screen.findByText('Match Winner: that team does not play this fixture.')).toBeInTheDocument();
    // The refusal read the rows again; the unsaved choice of the open fixture stays.
    expect(screen.getByRole('combobox', { name: 'Toss' })).toHaveTextContent('Heads');
    status = 500;
    await user.click(screen.getByRole('button', { name: 'Save Selections' }));
    expect(await screen.findByText('Failed to save selections. Please try again.')).toBeInTheDocument();
  });

  it('a save the server refuses reads the rows again: a fixture moved to have started locks', async () => {
    // An operator moved the start time: the server says the fixture has started, and so do its rows now.
    let moved = false;
    const { requests } = mockApi(
      ...stubs().filter((r) => !String(r.pattern).includes('league_selection')),
      reply('/league_selection/user/', 'post', 200, () =>
        moved ? featureRows.map((r) => ({ ...r, StartTime: '2026-04-10T11:00:00.000Z' })) : featureRows,
      ),
      custom('/league_selection/bulk_update', 'put', () => {
        moved = true;
        return jsonResponse(400, apiError('Cannot save: Match 3 has started.'));
      }),
    );
    const user = userEvent.setup();
    renderApp('/home/my-predictions', { user: testUser });
    await openLeague(user, 'Office MP');
    await chooseOption(user, 'Toss', 'Heads');
    await user.click(screen.getByRole('button', { name: 'Save Selections' }));
    expect(await screen.findByText('Cannot save: Match 3 has started.')).toBeInTheDocument();
    await waitFor(() => expect(calls(requests, '/league_selection/user/')).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('combobox', { name: 'Toss' })).not.toBeInTheDocument());
    expect(screen.getAllByText('Locked: the match has started')).toHaveLength(4);
  });

  it('reports failed feature and player selection loads', async () => {
    mockApi(
      ...stubs().filter((r) => !/league_selection|player_selection/.test(String(r.pattern))),
      custom('/league_selection/user/', 'post', () => jsonResponse(500, apiError('x'))),
      custom('/player_selection/fixture/', 'get', () => jsonResponse(500, apiError('x'))),
    );
    const user = userEvent.setup();
    renderApp('/home/my-predictions', { user: testUser });
    await pickLeague(user, 'Office MP');
    expect(
      await screen.findByText('Failed to load features for the selected league. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Selections' })).not.toBeInTheDocument();
    await pickLeague(user, 'Office PS');
    expect(await screen.findByText('Failed to load player selection for Fixture.')).toBeInTheDocument();
  });
});

describe('My Selections: a league with team rules (issue 27)', () => {
  beforeAll(() => import('./MySelectionsPage'), 60_000);

  /** The visit's stubs with the rules league listed and its team answered by `team` (the others have no rules). */
  function rulesStubs(team = makeTeam(), more: ReturnType<typeof reply>[] = []) {
    return [
      reply('/league/userLeagues/{userId}', 'get', 200, { data: [mp, ps, rulesLeague] }),
      reply('/player_selection/team/', 'get', 200, ({ url }) =>
        url.searchParams.get('LeagueID') === String(rulesLeague.LeagueID)
          ? team
          : noRulesTeam(Number(url.searchParams.get('LeagueID'))),
      ),
      ...more,
      ...stubs(),
    ];
  }

  const bar = () => screen.getByTestId('credits-bar');

  it('keeps a credits bar at the top of the sheet: credits used and left of the budget, players per side against the cap', async () => {
    mockApi(...rulesStubs());
    const user = userEvent.setup();
    renderApp('/home/my-predictions', { user: testUser });
    const sheet = await openSheet(user, 'Rules PS');
    // Rohit Sharma (MI, 9.5 credits) is saved in Batsman 1.
    expect(sheet.firstElementChild).toBe(bar());
    await waitFor(() => expect(within(bar()).getByTestId('credits')).toHaveTextContent('9.5 / 100 credits'));
    expect(bar()).toHaveTextContent('90.5 credits left');
    expect(within(bar()).getByTestId('sides')).toHaveTextContent('MI 1/7 · RCB 0/7 · 1/4 players');
    // His card shows his price.
    expect(screen.getByRole('listitem', { name: 'Batsman 1' })).toHaveTextContent('9.5 credits');
    // The picker: each player's price (and form), sortable by price; the credits left in its description.
    const dialog = await openPicker(user, 'Batsman 2');
    expect(dialog).toHaveAccessibleDescription(/90\.5 credits left · MI 1\/7 · RCB 0\/7/);
    const kohli = within(dialog)
      .getAllByTestId('picker-option')
      .find((o) => o.textContent?.includes('Virat Kohli')) as HTMLElement;
    expect(kohli).toHaveTextContent('11 credits');
    expect(kohli).toHaveTextContent('Last three: 44 in Match 0, 71 in Match 1, 38 in Match 2.');
    expect(await optionNames(user, 'Sort by')).toEqual([
      'Team and name',
      'Season points',
      'Last three matches',
      'Price: highest first',
      'Price: lowest first',
    ]);
    await user.click(kohli);
    await waitFor(() => expect(within(bar()).getByTestId('credits')).toHaveTextContent('20.5 / 100 credits'));
    expect(bar()).toHaveTextContent('79.5 credits left');
    expect(within(bar()).getByTestId('sides')).toHaveTextContent('MI 1/7 · RCB 1/7 · 2/4 players');
    // Bowlers by price, cheapest first.
    const bowlers = await openPicker(user, 'Bowler');
    await chooseOption(user, 'Sort by', 'Price: lowest first');
    expect(pickerNames(bowlers)).toEqual(['Mohammed Siraj', 'Jasprit Bumrah']);
  });

  it('chooses the captain and vice-captain with one tap each (the vice-captain made captain swaps) and sends them as Teams', async () => {
    const { requests } = mockApi(...rulesStubs(), reply('/player_selection/bulk_update', 'put', 200, savedResult));
    const user = userEvent.setup();
    renderApp('/home/my-predictions', { user: testUser });
    await openSheet(user, 'Rules PS');
    await choosePlayer(user, 'Batsman 2', 'Virat Kohli');
    const rohitC = await screen.findByRole('button', { name: 'Make Rohit Sharma captain, C' });
    expect(rohitC).toHaveAttribute('aria-pressed', 'false');
    await user.click(rohitC);
    expect(rohitC).toHaveAttribute('aria-pressed', 'true');
    expect(rohitC).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Make Virat Kohli vice-captain, VC' }));
    expect(screen.getByText('Rohit Sharma is captain, Virat Kohli is vice-captain.')).toBeInTheDocument();
    // Captain on the vice-captain: the two swap.
    await user.click(screen.getByRole('button', { name: 'Make Virat Kohli captain, C' }));
    expect(screen.getByRole('button', { name: 'Make Virat Kohli captain, C' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Make Rohit Sharma vice-captain, VC' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Make Rohit Sharma captain, C' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await user.click(screen.getByRole('button', { name: 'Save Selections' }));
    expect(await screen.findByText('Player Selection selections saved successfully.')).toBeInTheDocument();
    expect(puts(requests)[0]?.body).toEqual({
      CopyToOtherLeagues: false,
      Selection: [
        { UserID: 7, LeagueID: 6, FixtureID: 30, PositionTypeID: 1, PositionOrder: 2, PlayerID: 101, IsActive: true },
      ],
      Teams: [{ LeagueID: 6, FixtureID: 30, CaptainPlayerID: 101, ViceCaptainPlayerID: 105, Backups: [] }],
    });
    // The team is read again with the slots.
    await waitFor(() => expect(calls(requests, '/player_selection/team/').length).toBeGreaterThanOrEqual(2));
  });

  it('saves a change of captain alone: the team’s picks go with it', async () => {
    const { requests } = mockApi(...rulesStubs(), reply('/player_selection/bulk_update', 'put', 200, savedResult));
    const user = userEvent.setup();
    renderApp('/home/my-predictions', { user: testUser });
    await openSheet(user, 'Rules PS');
    // One player picked: a captain is needed (no vice-captain yet).
    expect(await screen.findByTestId('team-problems')).toHaveTextContent(teamMessages.noCaptain);
    await user.click(screen.getByRole('button', { name: 'Make Rohit Sharma captain, C' }));
    expect(screen.queryByTestId('team-problems')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Selections' }));
    expect(await screen.findByText('Player Selection selections saved successfully.')).toBeInTheDocument();
    expect(puts(requests)[0]?.body).toEqual({
      CopyToOtherLeagues: false,
      Selection: [
        {
          UserID: 7,
          LeagueID: 6,
          FixtureID: 30,
          PositionTypeID: 1,
          PositionOrder: 1,
          PlayerID: 105,
          IsActive: true,
          ID: 900,
        },
      ],
      Teams: [{ LeagueID: 6, FixtureID: 30, CaptainPlayerID: 105, ViceCaptainPlayerID: null, Backups: [] }],
    });
  });

  it('orders the backups with Up and Down, by pointer and keyboard (focus stays on the moved backup, its place announced), removes and adds them', async () => {
    const { requests } = mockApi(
      ...rulesStubs(teamWithBackups),
      reply('/player_selection/bulk_update', 'put', 200, savedResult),
    );
    const user = userEvent.setup();
    renderApp('/home/my-predictions', { user: testUser });
    await openSheet(user, 'Rules PS');
    const backups = await screen.findByRole('list', { name: 'Backups in priority order' });
    const order = () =>
      within(backups)
        .getAllByTestId('backup')
        .map((b) => b.getAttribute('aria-label'));
    expect(order()).toEqual(['Backup 1: Jasprit Bumrah', 'Backup 2: Mohammed Siraj', 'Backup 3: Dinesh Karthik']);
    expect(screen.getByRole('heading', { name: /^Backups/ })).toHaveTextContent('Backups3 of 4');
    // The first cannot go up: the button says so and does nothing.
    expect(screen.getByRole('button', { name: 'Move Jasprit Bumrah up' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('button', { name: 'Move Mohammed Siraj up' }));
    expect(order()).toEqual(['Backup 1: Mohammed Siraj', 'Backup 2: Jasprit Bumrah', 'Backup 3: Dinesh Karthik']);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move Mohammed Siraj up' })).toHaveFocus());
    expect(screen.getByText('Mohammed Siraj is now backup 1 of 3.')).toBeInTheDocument();
    // By keyboard: Tab to Bumrah's Down and press Enter, then Space.
    screen.getByRole('button', { name: 'Move Jasprit Bumrah up' }).focus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Move Jasprit Bumrah down' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(order()).toEqual(['Backup 1: Mohammed Siraj', 'Backup 2: Dinesh Karthik', 'Backup 3: Jasprit Bumrah']);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move Jasprit Bumrah down' })).toHaveFocus());
    expect(screen.getByText('Jasprit Bumrah is now backup 3 of 3.')).toBeInTheDocument();
    await user.keyboard(' ');
    expect(order()).toEqual(['Backup 1: Mohammed Siraj', 'Backup 2: Dinesh Karthik', 'Backup 3: Jasprit Bumrah']);
    // Remove Karthik: focus goes to the backup now in his place.
    await user.click(screen.getByRole('button', { name: 'Remove Dinesh Karthik from the backups' }));
    expect(order()).toEqual(['Backup 1: Mohammed Siraj', 'Backup 2: Jasprit Bumrah']);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Remove Jasprit Bumrah from the backups' })).toHaveFocus(),
    );
    // Add Kohli: the picker lists the players not in the team nor already backups.
    await user.click(screen.getByRole('button', { name: 'Add a backup' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a backup' });
    expect(pickerNames(dialog)).toEqual(['Hardik Pandya', 'Virat Kohli', 'Dinesh Karthik']);
    await user.click(within(dialog).getAllByTestId('picker-option')[1] as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(order()).toEqual(['Backup 1: Mohammed Siraj', 'Backup 2: Jasprit Bumrah', 'Backup 3: Virat Kohli']);
    await user.click(screen.getByRole('button', { name: 'Save Selections' }));
    expect(await screen.findByText('Player Selection selections saved successfully.')).toBeInTheDocument();
    expect(puts(requests)[0]?.body).toMatchObject({
      Teams: [
        { LeagueID: 6, FixtureID: 30, CaptainPlayerID: 105, ViceCaptainPlayerID: null, Backups: [106, 102, 101] },
      ],
    });
  });

  it('lists what breaks the rules (over the budget, too many from one side) in the server’s words; Save sends nothing and says them', async () => {
    const { requests } = mockApi(
      ...rulesStubs(makeTeam({ CaptainPlayerID: 105 }, { BudgetCredits: 30, MaxPerSide: 1 })),
    );
    const user = userEvent.setup();
    renderApp('/home/my-predictions', { user: testUser });
    await openSheet(user, 'Rules PS');
    await choosePlayer(user, 'Batsman 2', 'Virat Kohli');
    // Bumrah would be MI's second and take the team over the budget: the picker says so.
    const dialog = await openPicker(user, 'Bowler');
    const bumrah = within(dialog)
      .getAllByTestId('picker-option')
      .find((o) => o.textContent?.includes('Jasprit Bumrah')) as HTMLElement;
    expect(bumrah).toHaveTextContent('0.5 credits over budget');
    expect(bumrah).toHaveTextContent('MI at the limit');
    await user.click(bumrah);
    await waitFor(() => expect(bar()).toHaveTextContent('0.5 credits over'));
    expect(within(bar()).getByTestId('sides')).toHaveTextContent('MI 2/1 (over the limit) · RCB 1/1 · 3/4 players');
    const problems = screen.getByTestId('team-problems');
    expect(problems).not.toHaveAttribute('role', 'alert');
    expect(
      within(problems)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      teamMessages.overBudget(0.5, 30),
      teamMessages.tooManyFromSide(1, 'Mumbai Indians', 2),
      teamMessages.noViceCaptain,
    ]);
    await user.click(screen.getByRole('button', { name: 'Save Selections' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveAttribute('data-testid', 'team-problems');
    expect(alert).toHaveTextContent(teamMessages.overBudget(0.5, 30));
    expect(puts(requests)).toHaveLength(0);
  });

  it('shows a copy the server refused for another league’s rules, with its reason', async () => {
    const refused = teamMessages.copyRefused('Family PS', teamMessages.noCaptain);
    mockApi(
      ...rulesStubs(makeTeam({ CaptainPlayerID: 105 })),
      reply('/player_selection/bulk_update', 'put', 200, {
        ...savedResult,
        CopiedTo: [{ LeagueID: 9, LeagueName: 'Family PS', Saved: 0, Skipped: 1, Refused: refused }],
      }),
    );
    const user = userEvent.setup();
    renderApp('/home/my-predictions', { user: testUser });
    await openSheet(user, 'Rules PS');
    await user.click(await screen.findByRole('checkbox', { name: 'Copy below picks to my other PS leagues' }));
    await user.click(screen.getByRole('button', { name: 'Save Selections' }));
    expect(await screen.findByText(refused)).toBeInTheDocument();
    expect(screen.getByText('Also copied to: no other league.')).toBeInTheDocument();
  });

  it('after the lock: Playing or Not playing, the roles, who came in for whom, and how many of the league picked each player', async () => {
    const { requests } = mockApi(
      ...rulesStubs(lockedTeam, [
        reply('/league_fixture/getAllFixturesForLeague/{leagueId}', 'get', 200, [...fixtures, liveFixture]),
        reply('/player_selection/fixture/', 'get', 200, ({ url }) =>
          url.searchParams.get('FixtureID') === '90' ? lockedSlots : slots,
        ),
        reply('/player_selection/player_figures/', 'get', 200, announcedFigures),
        reply('/view/playerSelectionsForFixture', 'post', 200, everyonesPicks),
      ]),
    );
    const user = userEvent.setup();
    renderApp('/home/my-predictions', { user: testUser });
    await openSheet(user, 'Rules PS');
    await chooseOption(user, 'Select Fixture', /^Match 9/);
    const bowler = await screen.findByRole('listitem', { name: 'Bowler' });
    await waitFor(() => expect(bowler).toHaveTextContent('Jasprit Bumrah came in for Mohammed Siraj (backup)'));
    expect(bowler).toHaveTextContent('Playing');
    const kohli = screen.getByRole('listitem', { name: 'Batsman 2' });
    expect(kohli).toHaveTextContent('Captain · 2×');
    await waitFor(() => expect(kohli).toHaveTextContent('Picked by 100% of this league'));
    const rohit = screen.getByRole('listitem', { name: 'Batsman 1' });
    expect(rohit).toHaveTextContent('Vice-captain · 1.5×');
    expect(rohit).toHaveTextContent('Picked by 50% of this league');
    expect(screen.getByRole('listitem', { name: 'Bowler' })).toHaveTextContent('Picked by 25% of this league');
    // Read-only: no toggles, no backup buttons; the backup left is listed.
    expect(screen.queryByRole('button', { name: /captain, V?C$/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Move / })).not.toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Backup 1: Hardik Pandya' })).toHaveTextContent('Playing');
    expect(screen.queryByTestId('credits-bar')).not.toBeInTheDocument();
    expect(calls(requests, '/view/playerSelectionsForFixture')[0]?.body).toEqual({ LeagueID: 6, FixtureID: 90 });
  });

  it('once the XIs are announced, marks each player Playing or Not playing while picking', async () => {
    mockApi(
      ...rulesStubs(makeTeam({ CaptainPlayerID: 105, XIAnnounced: true }), [
        reply('/player_selection/player_figures/', 'get', 200, announcedFigures),
      ]),
    );
    const user = userEvent.setup();
    renderApp('/home/my-predictions', { user: testUser });
    await openSheet(user, 'Rules PS');
    await waitFor(() => expect(screen.getByRole('listitem', { name: 'Batsman 1' })).toHaveTextContent('Playing'));
    const dialog = await openPicker(user, 'Bowler');
    const siraj = within(dialog)
      .getAllByTestId('picker-option')
      .find((o) => o.textContent?.includes('Mohammed Siraj')) as HTMLElement;
    expect(siraj).toHaveTextContent('Not playing');
  });

  it('a league with every rule off shows none of it: no credits bar, roles, backups, prices or Teams', async () => {
    const { requests } = mockApi(...rulesStubs(), reply('/player_selection/bulk_update', 'put', 200, savedResult));
    const user = userEvent.setup();
    renderApp('/home/my-predictions', { user: testUser });
    await openSheet(user, 'Office PS');
    await waitFor(() => expect(calls(requests, '/player_selection/team/')).toHaveLength(1));
    expect(screen.queryByTestId('credits-bar')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /captain, V?C$/ })).not.toBeInTheDocument();
    expect(screen.queryByTestId('backups')).not.toBeInTheDocument();
    expect(screen.queryByTestId('team-problems')).not.toBeInTheDocument();
    expect(screen.getByTestId('team-sheet')).not.toHaveTextContent('credits');
    const dialog = await openPicker(user, 'Bowler');
    expect(dialog).not.toHaveTextContent('credits');
    expect(await optionNames(user, 'Sort by')).toEqual(['Team and name', 'Season points', 'Last three matches']);
    await user.click(within(dialog).getAllByTestId('picker-option')[1] as HTMLElement);
    await user.click(screen.getByRole('button', { name: 'Save Selections' }));
    expect(await screen.findByText('Player Selection selections saved successfully.')).toBeInTheDocument();
    expect(puts(requests)[0]?.body).not.toHaveProperty('Teams');
  });
});
