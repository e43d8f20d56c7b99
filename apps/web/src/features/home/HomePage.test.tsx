import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { HomeLeague, HomeSummary } from '../../data/home/types';
import { apiError, custom, jsonResponse, mockApi, reply } from '../../test/api';
import { renderApp, testUser } from '../../test/render';
import { makePublicLeague } from '../../shared/leagues/testData';
import { liveCardTitle } from './LiveNowCard';

const widgets = [
  { Header: 'Most Runs', StatEntry: [{ Player: 'S Mandhana', Team: 'RCB', Runs: 412 }] },
  { Header: 'Most Wickets', StatEntry: [{ Player: 'D Sharma', Wickets: 18 }] },
];

const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

function homeLeague(o: Partial<HomeLeague> = {}): HomeLeague {
  return {
    LeagueID: 1,
    LeagueName: 'Office League',
    LeagueTypeName: 'Match Prediction',
    IsPrivate: true,
    Status: 'Active',
    MemberStatus: 'Approved',
    IsAdmin: false,
    Position: 2,
    Members: 5,
    Points: 42,
    NextFixture: null,
    LiveFixtures: [],
    ...o,
  };
}

const next = (o: { made: number; needed?: number; at?: string }) => ({
  FixtureID: 12,
  FixtureName: 'Match 12',
  StartTime: o.at ?? inHours(2),
  LocalTeamCode: 'HH',
  VisitorTeamCode: 'DK',
  PicksMade: o.made,
  PicksNeeded: o.needed ?? 5,
});

const summaryOf = (leagues: HomeLeague[], gamerName = ''): HomeSummary => ({
  ServerTime: new Date().toISOString(),
  GamerName: gamerName,
  Leagues: leagues,
  Showcase: null,
});

const quiet = [reply('/player_stats/', 'get', 200, []), reply('/live/fixtures', 'get', 200, { Live: [], Next: [] })];

describe('Home', () => {
  it('lists Daily Challenge public leagues with a Join link, and one table per statistics widget', async () => {
    mockApi(
      reply('/home/summary', 'get', 200, summaryOf([homeLeague()])),
      reply('/league/publicLeagues/{userId}', 'get', 200, {
        data: [makePublicLeague(), makePublicLeague({ LeagueID: 2, LeagueName: 'Weekend Warriors' })],
      }),
      reply('/player_stats/', 'get', 200, widgets),
      reply('/live/fixtures', 'get', 200, { Live: [], Next: [] }),
    );
    renderApp('/home', { user: testUser });
    expect(await screen.findByText(/Good to see you, Smriti/)).toBeInTheDocument();
    const join = await screen.findByRole('link', { name: 'Join Daily Challenge: MI v CSK' });
    expect(join).toHaveAttribute('href', '/home/join-league?isPublicLeague=true');
    expect(screen.queryByText('Weekend Warriors')).not.toBeInTheDocument();
    const runs = (await screen.findByRole('heading', { name: 'Most Runs' })).closest('section') ?? document.body;
    expect(
      within(runs)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Player', 'Team', 'Runs']);
    expect(within(runs).getByText('412')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Most Wickets' })).toBeInTheDocument();
  });

  it('shows failed daily challenges and statistics as errors with Retry, never as empty lists', async () => {
    mockApi(
      reply('/home/summary', 'get', 200, summaryOf([homeLeague()])),
      { method: 'GET', pattern: /publicLeagues/, reply: () => ({ status: 500, body: apiError('x') }) },
      { method: 'GET', pattern: /player_stats/, reply: () => ({ status: 500, body: apiError('x') }) },
      reply('/live/fixtures', 'get', 200, { Live: [], Next: [] }),
    );
    renderApp('/home', { user: testUser });
    expect(await screen.findByText('An error occurred while loading daily challenges.')).toBeInTheDocument();
    expect(await screen.findByText('An unexpected error occurred. Please try again later.')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Retry' })).toHaveLength(2);
    expect(screen.queryByText(/No Daily Challenges are open right now/)).not.toBeInTheDocument();
    expect(screen.queryByText(/No statistics yet/)).not.toBeInTheDocument();
  });

  it('puts the player first: each league with rank and points, its next step, and the next lock', async () => {
    mockApi(
      reply(
        '/home/summary',
        'get',
        200,
        summaryOf([
          homeLeague({ NextFixture: next({ made: 0 }) }),
          homeLeague({
            LeagueID: 2,
            LeagueName: 'Family Cup',
            LeagueTypeName: 'Player Selection',
            Position: 1,
            Members: 3,
            Points: 88.5,
            NextFixture: next({ made: 11, needed: 11 }),
            LiveFixtures: [
              {
                FixtureID: 9,
                FixtureName: 'Match 9',
                StartTime: inHours(-1),
                LocalTeamCode: 'SS',
                VisitorTeamCode: 'MM',
              },
            ],
          }),
          homeLeague({ LeagueID: 3, LeagueName: 'Pub League', MemberStatus: 'Pending', Position: null, Points: null }),
        ]),
      ),
      reply('/league/publicLeagues/{userId}', 'get', 200, { data: [] }),
      ...quiet,
    );
    renderApp('/home', { user: testUser });
    const card = await screen.findByRole('region', { name: 'Your leagues' });
    const rows = await within(card).findAllByRole('listitem');
    expect(rows.map((r) => within(r).getAllByText(/League|Cup/)[0]?.textContent)).toEqual([
      'Office League',
      'Family Cup',
      'Pub League',
    ]);

    // Picks missing: the call to action opens My Selections on that league.
    const office = rows[0]!;
    expect(within(office).getByRole('img', { name: 'Rank 2 of 5, 42 points' })).toBeInTheDocument();
    expect(within(office).getByText('Match 12 · HH v DK')).toBeInTheDocument();
    expect(within(office).getByText(/^Locks in (1 h 59|2 h 00) min$/)).toBeInTheDocument();
    expect(within(office).getByRole('link', { name: 'Make your picks: Office League' })).toHaveAttribute(
      'href',
      '/home/my-predictions?league=1',
    );
    expect(within(office).getByRole('link', { name: 'Office League' })).toHaveAttribute(
      'href',
      '/home/view-leaderboard?league=1',
    );
    expect(within(card).getByRole('status')).toHaveTextContent(
      /^Next lock in (1 h 59|2 h 00) minMatch 12 \(HH v DK\): picks missing in Office League$/,
    );

    // Picks made, and a match being played in the league.
    const family = rows[1]!;
    expect(within(family).getByRole('img', { name: 'Rank 1 of 3, 88.5 points' })).toBeInTheDocument();
    expect(within(family).getByText(/✓ Picks made/)).toBeInTheDocument();
    expect(within(family).getByRole('link', { name: 'Edit picks: Family Cup' })).toHaveAttribute(
      'href',
      '/home/my-predictions?league=2',
    );
    expect(within(family).getByRole('link', { name: 'Match Centre: Match 9, Family Cup' })).toHaveAttribute(
      'href',
      '/home/match-centre/9?league=2',
    );

    // A request waiting for the admin: no rank, the way to My Leagues.
    const pub = rows[2]!;
    expect(within(pub).getByText("Waiting for the admin's approval")).toBeInTheDocument();
    expect(within(pub).queryByRole('img')).not.toBeInTheDocument();
    expect(within(pub).getByRole('link', { name: 'My Leagues' })).toHaveAttribute('href', '/home/view-my-leagues');
  });

  it('gives a newcomer a first step, and joins a Daily Challenge in one tap, then offers the picks', async () => {
    const { requests } = mockApi(
      reply('/home/summary', 'get', 200, summaryOf([])),
      reply('/league/publicLeagues/{userId}', 'get', 200, { data: [makePublicLeague()] }),
      reply('/league_member/joinLeague', 'post', 200, { message: 'Joined.', LeagueID: 50, Status: 'Approved' }),
      ...quiet,
    );
    const user = userEvent.setup();
    renderApp('/home', { user: testUser });
    const card = await screen.findByRole('region', { name: 'Your leagues' });
    expect(await within(card).findByText(/You are not in a league yet/)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Join a Daily Challenge' })).toHaveAttribute(
      'href',
      '#daily-challenges',
    );
    expect(within(card).getByRole('link', { name: 'Start a League' })).toHaveAttribute('href', '/home/start-league');

    const challenges = await screen.findByRole('region', { name: 'Daily Challenges' });
    expect(challenges).toHaveAttribute('id', 'daily-challenges');
    // No name used yet: the first name, editable.
    const name = within(challenges).getByRole('textbox', { name: 'Gamer Name (display name)' });
    expect(name).toHaveValue('Smriti');
    await user.clear(name);
    await user.type(name, 'Smriti18');
    await user.click(within(challenges).getByRole('button', { name: 'Join now: Daily Challenge: MI v CSK' }));
    expect(await screen.findByText('You have successfully joined the league!')).toBeInTheDocument();
    const joinCall = requests.find((r) => r.path === '/api/league_member/joinLeague');
    expect(joinCall?.body).toEqual({ UserID: 7, LeagueCode: 'DC0001', DisplayName: 'Smriti18' });
    expect(
      await within(challenges).findByRole('link', { name: 'Make your picks: Daily Challenge: MI v CSK' }),
    ).toHaveAttribute('href', '/home/my-predictions?league=50');
    // The summary is asked again (the new league shows among the player's leagues).
    await waitFor(() => expect(requests.filter((r) => r.path === '/api/home/summary')).toHaveLength(2));
  });

  it("offers the site's fantasy league with team rules and joins it in one tap with the Gamer Name", async () => {
    const showcase = {
      LeagueName: 'Fantasy XI — IPL Demo',
      LeagueCode: 'FX1234',
      Description: 'Pick up to 11 players for each match within 100 credits.',
    };
    const { requests } = mockApi(
      reply('/home/summary', 'get', 200, { ...summaryOf([homeLeague()], 'Captain S'), Showcase: showcase }),
      reply('/league/publicLeagues/{userId}', 'get', 200, { data: [] }),
      reply('/league_member/joinLeague', 'post', 200, { message: 'Joined.', LeagueID: 77, Status: 'Approved' }),
      ...quiet,
    );
    const user = userEvent.setup();
    renderApp('/home', { user: testUser });
    const card = await screen.findByRole('region', { name: 'Try the fantasy game: Fantasy XI — IPL Demo' });
    expect(within(card).getByText(showcase.Description)).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Join as Captain S' }));
    expect(await screen.findByText('You have successfully joined the league!')).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/api/league_member/joinLeague')?.body).toEqual({
      UserID: 7,
      LeagueCode: 'FX1234',
      DisplayName: 'Captain S',
    });
  });

  it('offers the join page with the code filled in when there is no Gamer Name yet', async () => {
    mockApi(
      reply('/home/summary', 'get', 200, {
        ...summaryOf([]),
        Showcase: { LeagueName: 'Fantasy XI', LeagueCode: 'FX1234', Description: 'Team rules on.' },
      }),
      reply('/league/publicLeagues/{userId}', 'get', 200, { data: [] }),
      ...quiet,
    );
    renderApp('/home', { user: { ...testUser, firstName: 'Al' } });
    const card = await screen.findByRole('region', { name: 'Try the fantasy game: Fantasy XI' });
    expect(within(card).getByRole('link', { name: 'Join with code FX1234' })).toHaveAttribute(
      'href',
      '/home/join-league?isPublicLeague=false&code=FX1234',
    );
  });

  it('starts the one-tap join with the last Gamer Name used, and names the field in its error', async () => {
    const { requests } = mockApi(
      reply('/home/summary', 'get', 200, summaryOf([homeLeague()], 'Captain S')),
      reply('/league/publicLeagues/{userId}', 'get', 200, { data: [makePublicLeague()] }),
      ...quiet,
    );
    const user = userEvent.setup();
    renderApp('/home', { user: testUser });
    const challenges = await screen.findByRole('region', { name: 'Daily Challenges' });
    const name = within(challenges).getByRole('textbox', { name: 'Gamer Name (display name)' });
    expect(name).toHaveValue('Captain S');
    await user.clear(name);
    await user.type(name, 'ab');
    await user.click(within(challenges).getByRole('button', { name: 'Join now: Daily Challenge: MI v CSK' }));
    expect(
      within(challenges).getByText(
        'Please enter a valid display name (at least 3 characters) before joining the league.',
      ),
    ).toBeInTheDocument();
    expect(name).toHaveFocus();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('places the sections top to bottom: nothing below the leagues until they are in', async () => {
    let answer: (r: Response) => void = () => {};
    mockApi(
      custom('/home/summary', 'get', () => new Promise<Response>((resolve) => (answer = resolve))),
      reply('/league/publicLeagues/{userId}', 'get', 200, { data: [makePublicLeague()] }),
      reply('/player_stats/', 'get', 200, widgets),
      reply('/live/fixtures', 'get', 200, { Live: [], Next: [] }),
    );
    renderApp('/home', { user: testUser });
    const card = await screen.findByRole('region', { name: 'Your leagues' });
    expect(within(card).getByRole('status')).toHaveTextContent('Loading your leagues…');
    // The other answers are in, but wait below the fold of what loads.
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Most Runs' })).not.toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Daily Challenges' })).not.toBeInTheDocument();
    answer(jsonResponse(200, summaryOf([homeLeague()])));
    expect(await screen.findByRole('heading', { name: 'Most Runs' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Daily Challenges' })).toBeInTheDocument();
    expect(within(card).queryByText('Loading your leagues…')).not.toBeInTheDocument();
  });

  it('shows a failed summary as an error with Retry, and the rest of Home below it', async () => {
    mockApi(
      custom('/home/summary', 'get', () => jsonResponse(500, apiError('x'))),
      reply('/league/publicLeagues/{userId}', 'get', 200, { data: [makePublicLeague()] }),
      ...quiet,
    );
    renderApp('/home', { user: testUser });
    expect(await screen.findByText('Your leagues could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Daily Challenges' })).toBeInTheDocument();
  });

  it('shows what is live now with its score and a link to its Match Centre, and the next fixture', async () => {
    const summary = {
      FixtureName: 'Match 9',
      LocalTeamName: 'Harbour Hawks',
      VisitorTeamName: 'Desert Kings',
      LocalTeamCode: 'HH',
      VisitorTeamCode: 'DK',
      SilentSince: null,
    };
    mockApi(
      reply('/home/summary', 'get', 200, summaryOf([])),
      reply('/league/publicLeagues/{userId}', 'get', 200, { data: [] }),
      reply('/player_stats/', 'get', 200, []),
      reply('/live/fixtures', 'get', 200, {
        Live: [
          {
            ...summary,
            FixtureID: 9,
            StartTime: new Date(Date.now() - 600_000).toISOString(),
            State: 'live',
            Provisional: true,
            Innings: [
              {
                Innings: 1,
                Team: 'Harbour Hawks',
                SuperOver: false,
                Runs: 87,
                Wickets: 3,
                Overs: '10.2',
                LegalBalls: 62,
                Extras: 4,
              },
            ],
          },
        ],
        Next: [
          {
            ...summary,
            FixtureID: 10,
            FixtureName: 'Match 10',
            StartTime: new Date(Date.now() + 1_200_000).toISOString(),
            State: 'scheduled',
            Provisional: false,
            Innings: [],
          },
        ],
      }),
    );
    renderApp('/home', { user: testUser });
    const link = await screen.findByRole('link', { name: 'Match Centre: Match 9' });
    expect(link).toHaveAttribute('href', '/home/match-centre/9');
    expect(screen.getByRole('heading', { name: 'Live now' })).toBeInTheDocument();
    expect(screen.getByText('87/3')).toBeInTheDocument();
    expect(screen.getByText('Provisional')).toBeInTheDocument();
    expect(screen.getByText(/^Starts in (19|20) min/)).toBeInTheDocument();
  });

  it('heads an upcoming fixture "Next match", never "Live now"', async () => {
    mockApi(
      reply('/home/summary', 'get', 200, summaryOf([])),
      reply('/league/publicLeagues/{userId}', 'get', 200, { data: [] }),
      reply('/player_stats/', 'get', 200, []),
      reply('/live/fixtures', 'get', 200, {
        Live: [],
        Next: [
          {
            FixtureID: 10,
            FixtureName: 'Match 10',
            LocalTeamName: 'Harbour Hawks',
            VisitorTeamName: 'Desert Kings',
            LocalTeamCode: 'HH',
            VisitorTeamCode: 'DK',
            SilentSince: null,
            StartTime: new Date(Date.now() + 1_200_000).toISOString(),
            State: 'scheduled',
            Provisional: false,
            Innings: [],
          },
        ],
      }),
    );
    renderApp('/home', { user: testUser });
    const card = await screen.findByRole('region', { name: 'Next match' });
    expect(within(card).getByText('Upcoming')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Live now' })).not.toBeInTheDocument();
    expect(liveCardTitle(0, false)).toBe('Live matches');
    expect(liveCardTitle(2, true)).toBe('Live now');
  });
});
