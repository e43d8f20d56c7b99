import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, within } from 'storybook/test';
import { http, serverError, userLeagues } from '../../stories/api';
import { AppAt, freshApp } from '../../stories/app';
import { mpLeague } from '../../stories/standings';
import { MatchCentrePage } from './MatchCentrePage';
import { leagueFixture, makeLiveSummary, makeMatchCentre } from './testData';

/**
 * The Match Centre (`/home/match-centre/7`) of a live fixture, signed in as the fixtures' user, with
 * their league "Office MP" (which includes the fixture). The live stream is refused in these stories
 * and the polling fallback answers an empty page.
 */
const handlers = {
  leagues: userLeagues([mpLeague]),
  fixtures: [
    http.get('/league_fixture/getAllFixturesForLeague/{leagueId}', ({ response }) =>
      response(200).json([leagueFixture]),
    ),
  ],
  centre: [http.get('/live/fixture/{fixtureId}', ({ response }) => response(200).json(makeMatchCentre()))],
  // No stream in Storybook: the EventSource is refused, and the polling fallback finds nothing new.
  events: [
    http.get('/live/stream', ({ response }) => response.untyped(new Response(null, { status: 503 }))),
    http.get('/live/events', ({ response }) => response(200).json({ Events: [], LastEventID: 420 })),
  ],
};

const meta = {
  title: 'Screens/Match Centre',
  component: MatchCentrePage,
  parameters: {
    layout: 'fullscreen',
    // Docs page: each story in a frame of its own (the whole app, with its own msw handlers and play).
    docs: { story: { inline: false, height: '760px' } },
    msw: { handlers },
  },
  beforeEach: () => freshApp(),
  render: () => <AppAt path="/home/match-centre/7" />,
} satisfies Meta<typeof MatchCentrePage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Live: score, batters and bowlers, the last overs, the league's members with their live points, the leaders. */
export const Live: Story = {
  play: async () => {
    const innings = await screen.findByRole('list', { name: 'Innings' });
    await expect(innings).toHaveTextContent('98/3');
    await expect(screen.getByText('Provisional')).toBeVisible();
    // The current innings is the scorecard's open tab; the first is one tap away.
    const tabs = screen.getByRole('tablist', { name: 'Innings of the scorecard' });
    await expect(within(tabs).getByRole('tab', { name: /Desert Kings/ })).toHaveAttribute('aria-selected', 'true');
    const batters = screen.getByRole('table', { name: 'Batting: Desert Kings' });
    await expect(within(batters).getByRole('rowheader', { name: /Omar Qadir/ })).toHaveTextContent('not out');
    await expect(screen.getByRole('list', { name: 'Last overs, newest first' })).toHaveTextContent('Over 12');
    const members = await screen.findByRole('list', { name: 'Members of Office MP' });
    await expect(members).toHaveTextContent('Asha (demo)');
    await expect(members).toHaveTextContent('45 pts');
    // Picks as rows: the signed-in member's are open.
    const mine = screen.getByRole('list', { name: 'Picks of Smriti18' });
    await expect(
      within(mine)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Match WinnerDesert Kings15 points', 'Most WicketsJai Patel15 points']);
    await expect(screen.getByRole('list', { name: 'Feature leaders' })).toHaveTextContent('Ash Rowe');
  },
};

/** After the match: both innings stay, each in its tab (the last one open, the first a tap away). */
export const Completed: Story = {
  parameters: {
    msw: {
      handlers: {
        centre: [
          http.get('/live/fixture/{fixtureId}', ({ response }) =>
            response(200).json(
              makeMatchCentre({ Fixture: makeLiveSummary({ State: 'completed', Provisional: false }) }),
            ),
          ),
        ],
      },
    },
  },
  play: async ({ userEvent }) => {
    await expect(await screen.findByText('Completed')).toBeVisible();
    const tabs = screen.getByRole('tablist', { name: 'Innings of the scorecard' });
    await userEvent.click(within(tabs).getByRole('tab', { name: /Harbour Hawks/ }));
    await expect(within(tabs).getByRole('tab', { name: /Harbour Hawks/ })).toHaveAttribute('aria-selected', 'true');
    const batting = screen.getByRole('table', { name: 'Batting: Harbour Hawks' });
    await expect(within(batting).getByRole('rowheader', { name: /Ash Rowe/ })).toHaveTextContent('bowled');
    await expect(screen.getByRole('table', { name: 'Bowling to Harbour Hawks' })).toHaveTextContent('Dan Kerr');
    // Arrow keys move between the innings.
    await userEvent.keyboard('{ArrowRight}');
    await expect(within(tabs).getByRole('tab', { name: /Desert Kings/ })).toHaveFocus();
    await expect(screen.getByRole('table', { name: 'Batting: Desert Kings' })).toBeVisible();
  },
};

/** Before the first ball: the countdown, no scorecard yet. */
export const Upcoming: Story = {
  parameters: {
    msw: {
      handlers: {
        centre: [
          http.get('/live/fixture/{fixtureId}', ({ response }) =>
            response(200).json(
              makeMatchCentre({
                Fixture: makeLiveSummary({
                  State: 'scheduled',
                  Provisional: false,
                  Innings: [],
                  StartTime: new Date(Date.now() + 8 * 60_000).toISOString(),
                }),
                Batters: [],
                Scorecards: [],
                Bowlers: [],
                LastOvers: [],
                PlayerPoints: [],
                Leaders: [],
              }),
            ),
          ),
        ],
      },
    },
  },
  play: async () => {
    await expect(await screen.findByText(/Starts in [78] min/)).toBeVisible();
    await expect(screen.getByText('Upcoming')).toBeVisible();
    await expect(screen.queryByRole('tablist', { name: 'Innings of the scorecard' })).not.toBeInTheDocument();
    await expect(screen.queryByRole('heading', { name: 'Scorecard' })).not.toBeInTheDocument();
  },
};

/** The Match Centre could not be loaded: the error and a Retry. */
export const LoadError: Story = {
  parameters: {
    msw: {
      handlers: { centre: [http.get('/live/fixture/{fixtureId}', ({ response }) => response.untyped(serverError()))] },
    },
  },
  play: async () => {
    await expect(await screen.findByText('The Match Centre could not be loaded.')).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
  },
};
