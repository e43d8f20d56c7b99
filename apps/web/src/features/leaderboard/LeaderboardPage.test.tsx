import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { resetAppStore } from '../../shared/store';
import { apiError, type CapturedRequest, custom, jsonResponse, mockApi, reply } from '../../test/api';
import { phoneWindow } from '../../test/media';
import { renderApp, testUser } from '../../test/render';
import { chooseOption, optionNames } from '../../test/select';
import { makeLeague } from '../../shared/leagues/testData';
import { psConfigs, psCounts } from '../../shared/picks/testData';
import { LEADERBOARD_STORAGE_KEY } from './atoms';
import {
  contestWidgets,
  makeLeaderboardRow,
  makePastPlayerSelection,
  makePastSelection,
  makePlayerScoringDetail,
  makeProgression,
  matchPredictionDetails,
  playerScoringBreakdown,
  playerSelectionDetails,
  standings,
} from './testData';

const mp = makeLeague({
  LeagueID: 1,
  LeagueName: 'Office MP',
  LeagueTypeName: 'Match Prediction',
  Status: 'Active',
  IsPrivate: true,
  ShowOthersPicks: true,
});
const ps = makeLeague({
  LeagueID: 2,
  LeagueName: 'Office PS',
  LeagueTypeName: 'Player Selection',
  Status: 'Finished',
  IsPrivate: true,
  ShowOthersPicks: true,
});
const hidden = makeLeague({
  LeagueID: 3,
  LeagueName: 'Public MP',
  LeagueTypeName: 'Match Prediction',
  Status: 'Active',
  IsPrivate: false,
  ShowOthersPicks: false,
});
const draft = makeLeague({ LeagueID: 4, LeagueName: 'Draft League', Status: 'Draft' });

const psRows = standings.map((r) => ({ ...r }));

function stubs() {
  return [
    reply('/league/userLeagues/{userId}', 'get', 200, { data: [draft, mp, ps, hidden] }),
    reply('/view/leaderboard/{leagueId}', 'get', 200, (r) =>
      r.path.endsWith('/3') ? standings.map((row) => ({ ...row, UserFullName: '' })) : standings,
    ),
    reply('/view/player_selection_leaderboard/{leagueId}', 'get', 200, psRows),
    reply('/view/progression/{leagueId}', 'get', 200, makeProgression()),
    reply('/contests/standings/{leagueId}', 'get', 200, contestWidgets),
    reply('/view/pastSelections', 'post', 200, matchPredictionDetails),
    reply('/view/pastPlayerSelections', 'post', 200, playerSelectionDetails),
    reply('/view/playerSelectionsDetailedScoring', 'post', 200, playerScoringBreakdown),
  ];
}

type Stub = ReturnType<typeof stubs>[number];
const without = (list: Stub[], path: string) => list.filter((r) => !r.pattern.source.includes(path));

const posts = (requests: CapturedRequest[], path: string) => requests.filter((r) => r.path === `/api${path}`);

async function openLeague(user: ReturnType<typeof userEvent.setup>, name: string) {
  await screen.findByRole('combobox', { name: 'Select League' });
  await chooseOption(user, 'Select League', name);
}

/** The member names in table order. */
const memberOrder = () =>
  within(screen.getByRole('table', { name: /^Leaderboard of/ }))
    .getAllByRole('rowheader')
    .map((cell) => within(cell).getAllByText(/./)[0]?.textContent);

const rowOf = (name: string) =>
  within(screen.getByRole('table', { name: /^Leaderboard of/ }))
    .getByRole('rowheader', { name: new RegExp(`^${name}`) })
    .closest('tr') as HTMLElement;

describe('Leaderboard', () => {
  it('offers the Active and Finished leagues only', async () => {
    mockApi(...stubs());
    const user = userEvent.setup();
    renderApp('/home/view-leaderboard', { user: testUser });
    expect(await screen.findByRole('heading', { level: 1, name: 'Leaderboard' })).toBeInTheDocument();
    await screen.findByRole('combobox', { name: 'Select League' });
    expect(await optionNames(user, 'Select League')).toEqual(['Office MP', 'Office PS', 'Public MP']);
    expect(screen.queryByText('Coming soon')).not.toBeInTheDocument();
  });

  it("shows the player's only league without asking; with several, the placeholder waits for a choice", async () => {
    mockApi(reply('/league/userLeagues/{userId}', 'get', 200, { data: [draft, mp] }), ...stubs().slice(1));
    renderApp('/home/view-leaderboard', { user: testUser });
    const league = await screen.findByRole('combobox', { name: 'Select League' });
    await waitFor(() => expect(league).toHaveTextContent('Office MP'));
    expect(await screen.findByRole('heading', { name: 'Standings: Office MP' })).toBeInTheDocument();
  });

  it('keeps the placeholder when the player has several leagues and chose none', async () => {
    mockApi(...stubs());
    renderApp('/home/view-leaderboard', { user: testUser });
    const league = await screen.findByRole('combobox', { name: 'Select League' });
    expect(league).toHaveTextContent('Select a League');
    expect(screen.getByText('Choose a league to see its standings.')).toBeInTheDocument();
  });

  it('shows the standings: medals, change, You are here, full names, points and gain, Points highest first', async () => {
    const { requests } = mockApi(...stubs());
    const user = userEvent.setup();
    renderApp('/home/view-leaderboard', { user: testUser });
    await openLeague(user, 'Office MP');
    const table = await screen.findByRole('table', { name: 'Leaderboard of Office MP' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Rank', 'Change', 'Member', 'Points', 'Gain']);
    expect(within(table).getByRole('columnheader', { name: 'Points' })).toHaveAttribute('aria-sort', 'descending');
    expect(memberOrder()).toEqual(['Harman', 'Smriti18', 'Jemi', 'Deepti']);

    const harman = rowOf('Harman');
    expect(harman).toHaveTextContent('1 (Gold medal)');
    expect(harman).toHaveTextContent('–');
    expect(harman).toHaveTextContent('No change');
    expect(harman).toHaveTextContent('Harmanpreet Kaur');
    const me = rowOf('Smriti18');
    expect(me).toHaveAttribute('data-tone', 'highlight');
    expect(within(me).getByText('You are here')).toBeInTheDocument();
    expect(me).toHaveTextContent('2 (Silver medal)');
    expect(me.children[1]).toHaveTextContent(/^\+2Up 2 places$/);
    expect(me).toHaveTextContent('Up 2 places');
    expect(within(me).getByRole('button', { name: '100 points: score details of Smriti18' })).toBeInTheDocument();
    expect(me).toHaveTextContent('40');
    const jemi = rowOf('Jemi');
    expect(jemi).toHaveTextContent('3 (Bronze medal)');
    expect(jemi.children[1]).toHaveTextContent(/^-1Down 1 place$/);
    expect(jemi).not.toHaveAttribute('data-tone');
    expect(rowOf('Deepti')).not.toHaveTextContent('medal');
    expect(within(rowOf('Deepti')).getByText('4')).toBeInTheDocument();
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining(['GET /api/view/leaderboard/1', 'GET /api/view/progression/1']),
    );
  });

  it('sorts by Points and Gain; a second click on the same column reverses', async () => {
    mockApi(...stubs());
    const user = userEvent.setup();
    renderApp('/home/view-leaderboard', { user: testUser });
    await openLeague(user, 'Office MP');
    const table = await screen.findByRole('table', { name: 'Leaderboard of Office MP' });
    const points = within(table).getByRole('columnheader', { name: 'Points' });
    const gain = within(table).getByRole('columnheader', { name: 'Gain' });
    await user.click(within(points).getByRole('button'));
    expect(points).toHaveAttribute('aria-sort', 'ascending');
    expect(memberOrder()).toEqual(['Deepti', 'Jemi', 'Smriti18', 'Harman']);
    await user.click(within(points).getByRole('button'));
    expect(points).toHaveAttribute('aria-sort', 'descending');
    expect(memberOrder()).toEqual(['Harman', 'Smriti18', 'Jemi', 'Deepti']);
    // Keyboard: Gain, highest first, then reversed.
    within(gain).getByRole('button').focus();
    await user.keyboard('{Enter}');
    expect(gain).toHaveAttribute('aria-sort', 'descending');
    expect(points).not.toHaveAttribute('aria-sort');
    expect(memberOrder()).toEqual(['Smriti18', 'Deepti', 'Harman', 'Jemi']);
    await user.keyboard('{Enter}');
    expect(gain).toHaveAttribute('aria-sort', 'ascending');
    expect(memberOrder()).toEqual(['Jemi', 'Harman', 'Deepti', 'Smriti18']);
  });

  it('shows no full names and only the own score details in a public league that hides picks', async () => {
    mockApi(...stubs());
    const user = userEvent.setup();
    renderApp('/home/view-leaderboard', { user: testUser });
    await openLeague(user, 'Public MP');
    await screen.findByRole('table', { name: 'Leaderboard of Public MP' });
    expect(screen.queryByText('Harmanpreet Kaur')).not.toBeInTheDocument();
    expect(within(rowOf('Harman')).queryByRole('button')).not.toBeInTheDocument();
    expect(within(rowOf('Smriti18')).getByRole('button', { name: /score details/ })).toBeInTheDocument();
    expect(screen.getByText(/keeps members’ picks private/)).toBeInTheDocument();
  });

  it('remembers the league and the Leaderboard/Contests switch across a reload', async () => {
    mockApi(...stubs());
    const user = userEvent.setup();
    const first = renderApp('/home/view-leaderboard', { user: testUser });
    await openLeague(user, 'Office PS');
    await screen.findByRole('table', { name: 'Leaderboard of Office PS' });
    expect(screen.getByRole('radio', { name: 'Leaderboard' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Contests' }));
    expect(await screen.findByRole('heading', { name: 'Fixture winners' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(LEADERBOARD_STORAGE_KEY) ?? '{}')).toEqual({
      leagueId: 2,
      view: 'contests',
    });
    first.unmount();

    // "Reload": a fresh store and render read both choices back from local storage.
    resetAppStore();
    renderApp('/home/view-leaderboard', { user: testUser });
    expect(await screen.findByRole('heading', { name: 'Fixture winners' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Select League' })).toHaveTextContent('Office PS');
    expect(screen.getByRole('radio', { name: 'Contests' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Leaderboard' }));
    expect(await screen.findByRole('table', { name: 'Leaderboard of Office PS' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(LEADERBOARD_STORAGE_KEY) ?? '{}').view).toBe('leaderboard');
  });

  it('ignores a remembered league that is no longer offered, and malformed storage', async () => {
    mockApi(...stubs());
    localStorage.setItem(LEADERBOARD_STORAGE_KEY, JSON.stringify({ leagueId: 4, view: 'contests' }));
    const first = renderApp('/home/view-leaderboard', { user: testUser });
    expect(await screen.findByText('Choose a league to see its contests.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Select League' })).toHaveTextContent('Select a League');
    first.unmount();
    resetAppStore();
    localStorage.setItem(LEADERBOARD_STORAGE_KEY, '{not json');
    renderApp('/home/view-leaderboard', { user: testUser });
    expect(await screen.findByText('Choose a league to see its standings.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Leaderboard' })).toBeChecked();
  });

  it('shows contest widgets with their description and the columns of their entry keys', async () => {
    mockApi(...stubs());
    localStorage.setItem(LEADERBOARD_STORAGE_KEY, JSON.stringify({ leagueId: 1, view: 'contests' }));
    renderApp('/home/view-leaderboard', { user: testUser });
    const winners = await screen.findByRole('region', { name: 'Fixture winners' });
    expect(within(winners).getByText('The top scorer of each fixture.')).toBeInTheDocument();
    expect(
      within(winners)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Fixture', 'Top scorer', 'Points']);
    expect(within(winners).getByRole('row', { name: /Match 2 Smriti18, Jemi 40/ })).toBeInTheDocument();
    const correct = screen.getByRole('region', { name: 'Most correct picks' });
    expect(within(correct).getByText(/No entries yet/)).toBeInTheDocument();
  });

  it('says No leaderboard data available. when the league has no rows', async () => {
    mockApi(...without(stubs(), 'view\\/leaderboard'), reply('/view/leaderboard/{leagueId}', 'get', 200, []));
    const user = userEvent.setup();
    renderApp('/home/view-leaderboard', { user: testUser });
    await openLeague(user, 'Office MP');
    expect(await screen.findByText('No leaderboard data available.')).toBeInTheDocument();
  });

  it('reports failed loads with the spec texts', async () => {
    mockApi(custom('/league/userLeagues/{userId}', 'get', () => jsonResponse(500, apiError('x'))));
    const first = renderApp('/home/view-leaderboard', { user: testUser });
    expect(await screen.findByText('Failed to load leagues. Please try again.')).toBeInTheDocument();
    first.unmount();

    mockApi(
      ...without(without(stubs(), 'view\\/leaderboard'), 'contests'),
      custom('/view/leaderboard/{leagueId}', 'get', () => jsonResponse(500, apiError('boom'))),
      custom('/contests/standings/{leagueId}', 'get', () => jsonResponse(500, apiError('boom'))),
    );
    const user = userEvent.setup();
    renderApp('/home/view-leaderboard', { user: testUser });
    await openLeague(user, 'Office MP');
    expect(await screen.findByText('Failed to load leaderboard data. Please try again later.')).toBeInTheDocument();
    // A failed load is not an empty leaderboard.
    expect(screen.queryByText('No leaderboard data available.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Contests' }));
    expect(await screen.findByText('Failed to load contest data. Please try again later.')).toBeInTheDocument();
  });

  it('draws the points progression as a named image with a table alternative', async () => {
    mockApi(...stubs());
    const user = userEvent.setup();
    renderApp('/home/view-leaderboard', { user: testUser });
    await openLeague(user, 'Office MP');
    const chart = await screen.findByRole('img', { name: /^Points progression/ });
    expect(chart.tagName.toLowerCase()).toBe('svg');
    expect(chart.querySelector('desc')).toHaveTextContent(
      'Cumulative points of 3 members over 2 scored fixtures. Leader: Harman with 120 points. You (Smriti18): 100 points.',
    );
    expect(chart.querySelector('[data-me] polyline')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Cumulative points after each scored fixture' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Member', 'Match 1', 'Match 2']);
    expect(within(table).getByRole('row', { name: /Smriti18 \(you\) 60 100/ })).toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Show as table' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(chart.closest('[hidden]')).not.toBeNull();
  });
});

describe('Score details', () => {
  it('lists Match Prediction picks by fixture with subtotals, the total and highlighted scoring rows', async () => {
    const { requests } = mockApi(...stubs());
    const user = userEvent.setup();
    renderApp('/home/view-leaderboard', { user: testUser });
    await openLeague(user, 'Office MP');
    await screen.findByRole('table', { name: 'Leaderboard of Office MP' });
    await user.click(screen.getByRole('button', { name: '120 points: score details of Harman' }));
    const dialog = await screen.findByRole('dialog', { name: 'Score details: Harman' });
    await within(dialog).findByText('Total');
    expect(posts(requests, '/view/pastSelections')[0]?.body).toEqual({ LeagueID: 1, UserID: 8 });
    expect(within(dialog).getByText('100')).toBeInTheDocument();
    const match1 = within(dialog).getByRole('region', { name: /^Match 1 - RCB @ MI/ });
    expect(match1).toHaveTextContent('Subtotal: 10 points');
    expect(
      within(match1)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Feature', 'Selection', 'Winner', 'Points']);
    const winnerRow = within(match1).getByRole('row', { name: /Match Winner/ });
    expect(winnerRow).toHaveAttribute('data-tone', 'success');
    const runsRow = within(match1).getByRole('row', { name: /Most Runs/ });
    expect(runsRow).not.toHaveAttribute('data-tone');
    // Winner has its column; on a phone it is folded under the selection (leaderboard.css.ts).
    expect(runsRow.children[1]).toHaveTextContent(/^Rohit SharmaAuto-pickWinner: Virat Kohli$/);
    expect(runsRow.children[2]).toHaveTextContent(/^Virat Kohli$/);
    expect(runsRow.children[3]).toHaveTextContent(/^0$/);
    const match2 = within(dialog).getByRole('region', { name: /^Match 2 - RCB @ MI/ });
    expect(match2).toHaveTextContent('Subtotal: 90 points');
  });

  it('while a match is live, says who leads a pick’s feature so far instead of "not decided" beside its points; counts in the right number', async () => {
    const live = [
      makePastSelection({
        FixtureID: 30,
        FixtureName: 'Match 3',
        Feature: 'Most Runs',
        FeatureTypeName: 'player',
        SelectedTeam: '',
        SelectedPlayer: 'Virat Kohli',
        WinningTeam: '',
        Points: 20,
        Provisional: true,
        LeadingSoFar: 'Virat Kohli',
      }),
    ];
    mockApi(
      reply('/view/pastSelections', 'post', 200, live),
      ...stubs().filter((r) => !r.pattern.source.includes('pastSelections')),
    );
    const user = userEvent.setup();
    renderApp('/home/view-leaderboard', { user: testUser });
    await openLeague(user, 'Office MP');
    await user.click(await screen.findByRole('button', { name: '120 points: score details of Harman' }));
    const dialog = await screen.findByRole('dialog', { name: 'Score details: Harman' });
    const row = await within(dialog).findByRole('row', { name: /Most Runs/ });
    expect(row.children[2]).toHaveTextContent(/^Leading so far: Virat Kohli$/);
    expect(row.children[1]).toHaveTextContent(/^Virat KohliLeading so far: Virat Kohli$/);
    expect(row.children[3]).toHaveTextContent(/^20$/);
    expect(dialog).not.toHaveTextContent('Not decided');
    expect(dialog).toHaveTextContent('1 pick in 1 started fixture');
    expect(dialog).not.toHaveTextContent('started fixtures');
  });

  it('exports Scores.csv with every pick and the total', async () => {
    mockApi(...stubs());
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:test';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const user = userEvent.setup();
    renderApp('/home/view-leaderboard', { user: testUser });
    await openLeague(user, 'Office MP');
    await user.click(await screen.findByRole('button', { name: '100 points: score details of Smriti18' }));
    const dialog = await screen.findByRole('dialog', { name: 'Score details: Smriti18' });
    await within(dialog).findByText('Total');
    await user.click(within(dialog).getByRole('button', { name: 'Export CSV (Scores.csv)' }));
    await waitFor(() => expect(names).toEqual(['Scores.csv']));
    const text = new TextDecoder().decode(await blobs[0]!.arrayBuffer());
    expect(text.replace('\ufeff', '').split('\r\n')).toEqual([
      'Fixture,Feature,Selection,Winner,Points',
      'Match 1,Match Winner,Mumbai Indians,Mumbai Indians,10',
      'Match 1,Most Runs,Rohit Sharma,Virat Kohli,0',
      'Match 2,Match Winner,Mumbai Indians,Mumbai Indians,90',
      'Total,,,,100',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Export Excel (Scores.xlsx)' }));
    await waitFor(() => expect(names).toEqual(['Scores.csv', 'Scores.xlsx']));
  });

  it('opens a Player Selection pick’s per-stat breakdown from its points', async () => {
    const { requests } = mockApi(...stubs());
    const user = userEvent.setup();
    renderApp('/home/view-leaderboard', { user: testUser });
    await openLeague(user, 'Office PS');
    await screen.findByRole('table', { name: 'Leaderboard of Office PS' });
    await user.click(screen.getByRole('button', { name: '80 points: score details of Jemi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Score details: Jemi' });
    await within(dialog).findByText('Total');
    expect(posts(requests, '/view/pastPlayerSelections')[0]?.body).toEqual({ LeagueID: 2, UserID: 9 });
    const match1 = within(dialog).getByRole('region', { name: /^Match 1/ });
    expect(match1).toHaveTextContent('Subtotal: 24 points');
    expect(
      within(match1)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Position', 'Selection', 'Points']);
    expect(within(match1).getByRole('row', { name: /Rohit Sharma/ })).toHaveAttribute('data-tone', 'success');
    expect(within(match1).getByRole('row', { name: /Jasprit Bumrah/ })).not.toHaveAttribute('data-tone');
    expect(within(dialog).getByRole('region', { name: /^Match 2/ })).toHaveTextContent('Subtotal: 76 points');

    await user.click(within(match1).getByRole('button', { name: '24 points: score details of Rohit Sharma' }));
    const player = await screen.findByRole('dialog', { name: 'Player score details: Rohit Sharma' });
    await within(player).findByText('Runs');
    expect(posts(requests, '/view/playerSelectionsDetailedScoring')[0]?.body).toEqual({
      LeagueID: 2,
      FixtureID: 10,
      UserID: 9,
      PlayerID: 101,
    });
    expect(
      within(player)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Player', 'Feature', 'Count', 'Points']);
    expect(within(player).getByText('24')).toBeInTheDocument();
    expect(within(player).getByRole('row', { name: /Sixes/ })).toHaveAttribute('data-tone', 'success');
    expect(within(player).getByRole('row', { name: /Duck/ })).not.toHaveAttribute('data-tone');
    expect(within(player).getByRole('button', { name: 'Export CSV (ScoreDetails.csv)' })).toBeEnabled();
    expect(within(player).getByRole('button', { name: 'Export Excel (ScoreDetails.xlsx)' })).toBeEnabled();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Player score details/ })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Score details: Jemi' })).toBeInTheDocument();
  });

  it("works out a captain's and vice-captain's points, names the player a backup came in for, and explains the base points", async () => {
    const teamPicks = [
      makePastPlayerSelection({
        PlayerID: 103,
        PlayerName: 'Virat Kohli',
        BasePoints: 18,
        Multiplier: 2,
        Role: 'C',
        Points: 36,
      }),
      makePastPlayerSelection({ PlayerID: 101, BasePoints: 15, Multiplier: 1.5, Role: 'VC', Points: 23 }),
      makePastPlayerSelection({
        PlayerID: 102,
        PlayerName: 'Jasprit Bumrah',
        PositionName: 'Bowler',
        ReplacedPlayerName: 'Mohammed Siraj',
        Points: 7,
      }),
    ];
    const { requests } = mockApi(
      ...without(without(stubs(), 'pastPlayerSelections'), 'playerSelectionsDetailedScoring'),
      reply('/view/pastPlayerSelections', 'post', 200, teamPicks),
      reply('/view/playerSelectionsDetailedScoring', 'post', 200, [
        makePlayerScoringDetail({ PlayerID: 103, PlayerName: 'Virat Kohli', Count: 14, Points: 14 }),
        makePlayerScoringDetail({
          PlayerID: 103,
          PlayerName: 'Virat Kohli',
          FeatureName: 'Fours',
          Count: 2,
          Points: 4,
        }),
      ]),
    );
    const user = userEvent.setup();
    renderApp('/home/view-leaderboard', { user: testUser });
    await openLeague(user, 'Office PS');
    await user.click(await screen.findByRole('button', { name: '80 points: score details of Jemi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Score details: Jemi' });
    const match1 = await within(dialog).findByRole('region', { name: /^Match 1/ });
    expect(match1).toHaveTextContent('Subtotal: 66 points');
    const kohli = within(match1).getByRole('row', { name: /Virat Kohli/ });
    expect(kohli).toHaveTextContent('Virat Kohli (C)');
    expect(within(kohli).getByRole('button')).toHaveTextContent('18 × 2 = 36');
    expect(within(match1).getByRole('row', { name: /Rohit Sharma/ })).toHaveTextContent('15 × 1.5 = 23');
    expect(within(match1).getByRole('row', { name: /Rohit Sharma/ })).toHaveTextContent('(VC)');
    const bumrah = within(match1).getByRole('row', { name: /Jasprit Bumrah/ });
    expect(bumrah).toHaveTextContent('came in for Mohammed Siraj');
    expect(within(bumrah).getByRole('button', { name: '7 points: score details of Jasprit Bumrah' })).toHaveTextContent(
      /^7$/,
    );

    await user.click(
      within(kohli).getByRole('button', { name: '18 × 2 = 36 points, captain: score details of Virat Kohli' }),
    );
    const player = await screen.findByRole('dialog', { name: 'Player score details: Virat Kohli' });
    await within(player).findByText('Fours');
    expect(posts(requests, '/view/playerSelectionsDetailedScoring')[0]?.body).toMatchObject({ PlayerID: 103 });
    // The stats add up to the base points; the note works out the captain's points.
    expect(within(player).getByText('Base points')).toBeInTheDocument();
    expect(within(player).getByTestId('multiplied-note')).toHaveTextContent(
      "The stats below add up to Virat Kohli's base points, 18. As captain, the points count 2×, rounded to a whole point: 18 × 2 = 36 points.",
    );
  });

  it('says No score details available. when a member has no picks, and offers no export', async () => {
    mockApi(...without(stubs(), 'pastSelections'), reply('/view/pastSelections', 'post', 200, []));
    const user = userEvent.setup();
    renderApp('/home/view-leaderboard', { user: testUser });
    await openLeague(user, 'Office MP');
    await user.click(await screen.findByRole('button', { name: /score details of Deepti/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Score details: Deepti' });
    expect(await within(dialog).findByText('No score details available.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /Export CSV/ })).toBeDisabled();
  });

  it('reports failed score details and player details with the spec texts', async () => {
    mockApi(
      ...without(without(stubs(), 'pastPlayerSelections'), 'playerSelectionsDetailedScoring'),
      custom('/view/pastPlayerSelections', 'post', (r) =>
        (r.body as { UserID: number }).UserID === 8
          ? jsonResponse(500, apiError('boom'))
          : jsonResponse(200, [makePastPlayerSelection()]),
      ),
      custom('/view/playerSelectionsDetailedScoring', 'post', () => jsonResponse(500, apiError('boom'))),
    );
    const user = userEvent.setup();
    renderApp('/home/view-leaderboard', { user: testUser });
    await openLeague(user, 'Office PS');
    await user.click(await screen.findByRole('button', { name: /score details of Harman/ }));
    expect(await screen.findByText('Failed to load score details. Please try again later.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: /score details of Smriti18/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Score details: Smriti18' });
    await user.click(await within(dialog).findByRole('button', { name: /score details of Rohit Sharma/ }));
    expect(await screen.findByText('Failed to load score details. Please try again.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Player score details/ })).not.toBeInTheDocument());
  });

  it('shows the server’s message when another member’s picks are hidden (403)', async () => {
    mockApi(
      ...without(stubs(), 'pastSelections'),
      custom('/view/pastSelections', 'post', () =>
        jsonResponse(
          403,
          apiError("This league does not show other members' picks: you can only open your own score details."),
        ),
      ),
    );
    const user = userEvent.setup();
    renderApp('/home/view-leaderboard', { user: testUser });
    await openLeague(user, 'Office MP');
    await user.click(await screen.findByRole('button', { name: /score details of Harman/ }));
    expect(
      await screen.findByText(
        "This league does not show other members' picks: you can only open your own score details.",
      ),
    ).toBeInTheDocument();
  });
});

describe('leaderboard rows', () => {
  it('keeps the server order for equal points (ties share a position)', async () => {
    mockApi(
      ...without(stubs(), 'view\\/leaderboard'),
      reply('/view/leaderboard/{leagueId}', 'get', 200, [
        makeLeaderboardRow({ UserID: 8, UserDisplayName: 'Amy', Position: 1, TotalPoints: 50, IsMe: false }),
        makeLeaderboardRow({ UserID: 9, UserDisplayName: 'Bea', Position: 1, TotalPoints: 50, IsMe: false }),
        makeLeaderboardRow({ Position: 3, TotalPoints: 10 }),
      ]),
    );
    const user = userEvent.setup();
    renderApp('/home/view-leaderboard', { user: testUser });
    await openLeague(user, 'Office MP');
    await screen.findByRole('table', { name: 'Leaderboard of Office MP' });
    expect(memberOrder()).toEqual(['Amy', 'Bea', 'Smriti18']);
    expect(rowOf('Amy')).toHaveTextContent('1 (Gold medal)');
    expect(rowOf('Bea')).toHaveTextContent('1 (Gold medal)');
    expect(rowOf('Smriti18')).toHaveTextContent('3 (Bronze medal)');
  });
});

describe('Score details link from a result email', () => {
  it('chooses the league and opens the member’s own score details at the fixture', async () => {
    const { requests } = mockApi(...stubs());
    const { router } = renderApp('/home/view-leaderboard?league=2&fixture=20', { user: testUser });
    const dialog = await screen.findByRole('dialog', { name: 'Score details: Smriti18' });
    expect(within(dialog).getByText('Office PS')).toBeInTheDocument();
    expect(posts(requests, '/view/pastPlayerSelections')[0]?.body).toEqual({ LeagueID: 2, UserID: 7 });
    const match2 = await within(dialog).findByRole('region', { name: /^Match 2 - / });
    // The linked fixture's section has the focus (and is scrolled into view).
    await waitFor(() => expect(within(match2).getByRole('heading')).toHaveFocus());
    // Behind the dialog: the league chosen and remembered.
    expect(screen.getByRole('combobox', { name: 'Select League', hidden: true })).toHaveTextContent('Office PS');
    expect(JSON.parse(localStorage.getItem(LEADERBOARD_STORAGE_KEY) ?? '{}')).toEqual({
      leagueId: 2,
      view: 'leaderboard',
    });
    // The link's parameters are dropped, so a reload does not open the details again.
    await waitFor(() => expect(router.location.search).toBe(''));
    expect(router.location.pathname).toBe('/home/view-leaderboard');
  });

  it('switches from Contests to the standings of a Match Prediction league', async () => {
    localStorage.setItem(LEADERBOARD_STORAGE_KEY, JSON.stringify({ leagueId: 2, view: 'contests' }));
    mockApi(...stubs());
    renderApp('/home/view-leaderboard?league=1&fixture=10', { user: testUser });
    const dialog = await screen.findByRole('dialog', { name: 'Score details: Smriti18' });
    const match1 = await within(dialog).findByRole('region', { name: /^Match 1 - / });
    await waitFor(() => expect(within(match1).getByRole('heading')).toHaveFocus());
    expect(screen.getByRole('radio', { name: 'Leaderboard', hidden: true })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Select League', hidden: true })).toHaveTextContent('Office MP');
  });

  it('opens nothing for a league the member cannot view, and keeps the remembered choice', async () => {
    localStorage.setItem(LEADERBOARD_STORAGE_KEY, JSON.stringify({ leagueId: 1, view: 'leaderboard' }));
    mockApi(...stubs());
    const { router } = renderApp('/home/view-leaderboard?league=4&fixture=10', { user: testUser });
    await screen.findByRole('table', { name: 'Leaderboard of Office MP' });
    await waitFor(() => expect(router.location.search).toBe(''));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Select League' })).toHaveTextContent('Office MP');
  });
});

describe('Leaderboard: how scoring works', () => {
  it("opens the chosen league's points table, penalties deducted, its team rules, in both views", async () => {
    const { requests } = mockApi(
      ...stubs(),
      reply('/league_configuration/getConfigurationsForLeague/{leagueId}', 'get', 200, psConfigs),
      reply('/selection_config/getSelectionConfigsForLeague/{leagueId}', 'get', 200, psCounts),
      reply('/league/{leagueId}/team_rules', 'get', 200, {
        LeagueID: 2,
        BudgetCredits: 100,
        CaptainMultiplier: 2,
        ViceCaptainMultiplier: 1.5,
        MaxPerSide: 7,
        Backups: 4,
        IsLocked: true,
      }),
    );
    const user = userEvent.setup();
    renderApp('/home/view-leaderboard', { user: testUser });
    await openLeague(user, 'Office PS');
    // Nothing loads until it is opened.
    expect(requests.some((r) => r.path.includes('getConfigurationsForLeague'))).toBe(false);
    await user.click(await screen.findByRole('button', { name: 'How scoring works' }));
    const dialog = await screen.findByRole('dialog', { name: 'How scoring works: Office PS' });
    const deducted = await within(dialog).findByRole('region', { name: 'Points deducted' });
    expect(within(deducted).getByTestId('scoring-line')).toHaveTextContent('Duck\u22122');
    expect(within(dialog).getByRole('region', { name: 'Your team for each fixture' })).toHaveTextContent(
      '11 players at most',
    );
    expect(requests.find((r) => r.path.includes('getConfigurationsForLeague'))?.path).toBe(
      '/api/league_configuration/getConfigurationsForLeague/2',
    );
    const rules = within(dialog).getByRole('region', { name: 'Team rules' });
    expect(
      within(rules)
        .getAllByTestId('team-rule')
        .map((rule) => rule.firstChild?.textContent),
    ).toEqual(['Budget', 'Captain and vice-captain', 'Most players from one side', 'Backups']);
    expect(rules).toHaveTextContent('Captain 2× · vice-captain 1.5×');
    expect(rules).toHaveTextContent("Your captain's points count 2× and your vice-captain's 1.5×");
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('radio', { name: 'Contests' }));
    expect(screen.getByRole('button', { name: 'How scoring works' })).toBeInTheDocument();
  });
});

/** The league's provisional standings while a fixture is live: Smriti18 (me) leads with 40 live points. */
const liveStandings = {
  LeagueID: 1,
  Version: 4,
  Live: true,
  Provisional: true,
  FixtureIDs: [7],
  Rows: [
    { UserID: 7, UserDisplayName: 'Smriti18', Position: 1, PositionChange: 1, TotalPoints: 140, LivePoints: 40 },
    { UserID: 8, UserDisplayName: 'Harman', Position: 2, PositionChange: -1, TotalPoints: 120, LivePoints: 0 },
    { UserID: 9, UserDisplayName: 'Jemi', Position: 3, PositionChange: 0, TotalPoints: 85, LivePoints: 5 },
    { UserID: 10, UserDisplayName: 'Deepti', Position: 4, PositionChange: 0, TotalPoints: 60, LivePoints: 0 },
  ],
};

describe('Leaderboard on a phone', () => {
  it('shows one compact line per member (rank and change, name, points); the name opens the row’s details', async () => {
    phoneWindow();
    mockApi(...stubs());
    const user = userEvent.setup();
    renderApp('/home/view-leaderboard', { user: testUser });
    await openLeague(user, 'Office MP');
    const table = await screen.findByRole('table', { name: 'Leaderboard of Office MP' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Rank', 'Member', 'Points']);
    const harman = rowOf('Harman');
    expect(harman.children).toHaveLength(3);
    // The change of rank sits beside the rank.
    expect(harman.children[0]).toHaveTextContent('1 (Gold medal)–No change');
    expect(rowOf('Smriti18').children[0]).toHaveTextContent('2 (Silver medal)+2Up 2 places');
    // The full name and the gain wait in the details.
    expect(screen.queryByText('Harmanpreet Kaur')).not.toBeInTheDocument();
    const toggle = within(harman).getByRole('button', { name: /^Harman/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const details = document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(details.closest('tr')?.previousElementSibling).toBe(harman);
    expect(details).toHaveTextContent('Harmanpreet Kaur');
    expect(details).toHaveTextContent('Gain5 in the latest scored fixture');
    expect(details).toHaveTextContent('ChangeNo change');
    await user.click(within(details).getByRole('button', { name: 'Score details of Harman' }));
    expect(await screen.findByRole('dialog', { name: 'Score details: Harman' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // A tap elsewhere on the row closes it again.
    await user.click(within(rowOf('Harman')).getAllByRole('cell')[0]!);
    expect(within(rowOf('Harman')).getByRole('button', { name: /^Harman/ })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Harmanpreet Kaur')).not.toBeInTheDocument();
  });

  it('sorts by Points and Gain from the sort bar; choosing the same one again reverses it', async () => {
    phoneWindow();
    mockApi(...stubs());
    const user = userEvent.setup();
    renderApp('/home/view-leaderboard', { user: testUser });
    await openLeague(user, 'Office MP');
    await screen.findByRole('table', { name: 'Leaderboard of Office MP' });
    const bar = screen.getByRole('group', { name: 'Sort the leaderboard' });
    expect(within(bar).getByRole('button', { name: 'Sort by Points, highest first' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(bar).getByRole('button', { name: 'Sort by Gain' }));
    expect(memberOrder()).toEqual(['Smriti18', 'Deepti', 'Harman', 'Jemi']);
    expect(within(bar).getByRole('button', { name: 'Sort by Gain, highest first' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(bar).getByRole('button', { name: 'Sort by Gain, highest first' }));
    expect(memberOrder()).toEqual(['Jemi', 'Harman', 'Deepti', 'Smriti18']);
    await user.click(within(bar).getByRole('button', { name: 'Sort by Points' }));
    expect(memberOrder()).toEqual(['Harman', 'Smriti18', 'Jemi', 'Deepti']);
    await user.click(within(bar).getByRole('button', { name: 'Sort by Points, highest first' }));
    expect(memberOrder()).toEqual(['Deepti', 'Jemi', 'Smriti18', 'Harman']);
  });
});

describe('Leaderboard during a live match', () => {
  it('draws the standings once the live standings are read too, so the provisional note and figures do not move the table', async () => {
    let answer: (value: Response) => void = () => {};
    mockApi(
      ...stubs(),
      custom('/live/standings/{leagueId}', 'get', () => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const user = userEvent.setup();
    renderApp('/home/view-leaderboard', { user: testUser });
    await openLeague(user, 'Office MP');
    expect(await screen.findByText('Loading the leaderboard…')).toBeInTheDocument();
    // The points progression waits under the standings as well.
    expect(screen.queryByRole('heading', { name: 'Points progression' })).not.toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('table', { name: 'Leaderboard of Office MP' })).not.toBeInTheDocument();
    answer(jsonResponse(200, liveStandings));
    const table = await screen.findByRole('table', { name: 'Leaderboard of Office MP' });
    expect(screen.getByText('Provisional · live')).toBeInTheDocument();
    expect(within(table).getAllByTestId('live-points')).toHaveLength(4);
    expect(await screen.findByRole('heading', { name: 'Points progression' })).toBeInTheDocument();
  });

  it('shows Points with the match included and Gain as its points so far, both marked live (not a gain of 0 beside live points)', async () => {
    mockApi(...stubs(), reply('/live/standings/{leagueId}', 'get', 200, liveStandings));
    const user = userEvent.setup();
    renderApp('/home/view-leaderboard', { user: testUser });
    await openLeague(user, 'Office MP');
    await screen.findByText('Provisional · live');
    const me = rowOf('Smriti18');
    const cells = within(me).getAllByRole('cell');
    const [points, gain] = [cells.at(-2)!, cells.at(-1)!];
    expect(
      within(points).getByRole('button', { name: '140 points, including 40 live: score details of Smriti18' }),
    ).toBeInTheDocument();
    expect(points).toHaveTextContent('140live');
    expect(gain).toHaveTextContent('40live');
    expect(within(rowOf('Harman')).getAllByRole('cell').at(-1)).toHaveTextContent('0live');
    // Sorting by Gain uses the live gain.
    await user.click(within(screen.getByRole('columnheader', { name: 'Gain' })).getByRole('button'));
    expect(memberOrder()).toEqual(['Smriti18', 'Jemi', 'Harman', 'Deepti']);
  });
});
