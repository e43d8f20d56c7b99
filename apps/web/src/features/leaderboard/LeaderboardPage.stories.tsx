import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { http, serverError } from '../../stories/api';
import { AppAt, freshApp } from '../../stories/app';
import { psConfigs, psCounts } from '../../shared/picks/testData';
import { mpLeague, progressionSettled, psLeague, rememberLeague, standingsHandlers } from '../../stories/standings';
import { makeLeaderboardRow } from './testData';
import { LeaderboardPage } from './LeaderboardPage';

/**
 * The Leaderboard (`/home/view-leaderboard`), signed in as the fixtures' user (Smriti18, second), with
 * the Match Prediction league "Office MP" chosen on an earlier visit. The score details have their own
 * stories (Screens/Score Details).
 */
const meta = {
  title: 'Screens/Leaderboard',
  component: LeaderboardPage,
  parameters: {
    layout: 'fullscreen',
    // Docs page: each story in a frame of its own (the whole app, with its own msw handlers and play).
    docs: { story: { inline: false, height: '760px' } },
    msw: { handlers: standingsHandlers },
  },
  beforeEach: () => {
    const cleanup = freshApp();
    rememberLeague(mpLeague);
    return cleanup;
  },
  render: () => <AppAt path="/home/view-leaderboard" />,
} satisfies Meta<typeof LeaderboardPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Standings (medals, movement, You are here) and the points progression chart. */
export const Loaded: Story = {
  play: async () => {
    const table = await screen.findByRole('table', { name: 'Leaderboard of Office MP' });
    const me = within(table)
      .getByRole('rowheader', { name: /^Smriti18/ })
      .closest('tr') as HTMLElement;
    await expect(me).toHaveTextContent('You are here');
    await expect(me).toHaveTextContent('2 (Silver medal)');
    await expect(within(table).getByRole('button', { name: '120 points: score details of Harman' })).toBeVisible();
    await expect(await screen.findByRole('heading', { name: 'Points progression' })).toBeVisible();
    await progressionSettled();
  },
};

/** The Contests view of the same league: one widget per contest. */
export const Contests: Story = {
  beforeEach: () => rememberLeague(mpLeague, 'contests'),
  play: async () => {
    await expect(await screen.findByRole('heading', { name: 'Fixture winners' })).toBeVisible();
    await expect(screen.getByRole('radio', { name: 'Contests' })).toBeChecked();
  },
};

/** A league with no standings yet. */
export const Empty: Story = {
  parameters: {
    msw: {
      handlers: {
        leaderboard: [http.get('/view/leaderboard/{leagueId}', ({ response }) => response(200).json([]))],
      },
    },
  },
  play: async () => {
    await expect(await screen.findByText('No leaderboard data available.')).toBeVisible();
    await progressionSettled();
  },
};

/** The standings could not be loaded: the notification says so. */
export const LoadError: Story = {
  parameters: {
    msw: {
      handlers: {
        leaderboard: [http.get('/view/leaderboard/{leagueId}', ({ response }) => response.untyped(serverError()))],
      },
    },
  },
  play: async () => {
    await expect(await screen.findByText('Failed to load leaderboard data. Please try again later.')).toBeVisible();
    await progressionSettled();
  },
};

/**
 * The league's provisional standings as GET /live/standings serves them while a fixture is live
 * (version 12): Smriti18 (me) has taken the lead with the live fixture's points.
 */
const liveSnapshot = {
  LeagueID: 1,
  Version: 12,
  Live: true,
  Provisional: true,
  FixtureIDs: [7],
  Rows: [
    { UserID: 7, UserDisplayName: 'Smriti18', Position: 1, PositionChange: 1, TotalPoints: 135, LivePoints: 35 },
    { UserID: 8, UserDisplayName: 'Harman', Position: 2, PositionChange: -1, TotalPoints: 125, LivePoints: 5 },
    { UserID: 9, UserDisplayName: 'Jemi', Position: 3, PositionChange: 0, TotalPoints: 80, LivePoints: 0 },
    { UserID: 10, UserDisplayName: 'Deepti', Position: 4, PositionChange: 0, TotalPoints: 75, LivePoints: 15 },
  ],
};

/**
 * A fixture of the league is live: the provisional standings (read as the page opens, before any event)
 * replace the scored ones, marked; the stream then sends only what changed (version 13: Deepti passes Jemi).
 */
export const LiveProvisional: Story = {
  parameters: {
    msw: {
      handlers: {
        live: [
          http.get('/live/standings/{leagueId}', ({ response }) => response(200).json(liveSnapshot)),
          http.get('/live/stream', ({ response }) =>
            response.untyped(
              new Response(
                `retry: 600000\nid: 501\nevent: standings\ndata: ${JSON.stringify({
                  EventID: 501,
                  Type: 'standings',
                  LeagueID: 1,
                  Version: 13,
                  BaseVersion: 12,
                  FixtureIDs: [7],
                  Rows: [
                    {
                      UserID: 10,
                      UserDisplayName: 'Deepti',
                      Position: 3,
                      PositionChange: 1,
                      TotalPoints: 85,
                      LivePoints: 25,
                    },
                    {
                      UserID: 9,
                      UserDisplayName: 'Jemi',
                      Position: 4,
                      PositionChange: -1,
                      TotalPoints: 80,
                      LivePoints: 0,
                    },
                  ],
                  Removed: [],
                  Provisional: true,
                })}\n\n`,
                {
                  headers: { 'content-type': 'text/event-stream' },
                },
              ),
            ),
          ),
          http.get('/live/events', ({ response }) => response(200).json({ Events: [], LastEventID: 501 })),
        ],
      },
    },
  },
  play: async () => {
    await expect(await screen.findByText('Provisional · live')).toBeVisible();
    const table = screen.getByRole('table', { name: 'Leaderboard of Office MP' });
    const me = within(table)
      .getByRole('rowheader', { name: /^Smriti18/ })
      .closest('tr') as HTMLElement;
    await expect(me).toHaveTextContent('1 (Gold medal)');
    await expect(within(me).getByTestId('live-points')).toBeVisible();
    await expect(me).toHaveTextContent('135');
    // The change the stream sent applies on the snapshot: Deepti climbs to 3rd, and the rank is shown moving.
    const deepti = () =>
      within(table)
        .getByRole('rowheader', { name: /^Deepti/ })
        .closest('tr') as HTMLElement;
    await waitFor(() => expect(deepti()).toHaveTextContent('85'));
    await expect(deepti().querySelector('[data-moved]')).toHaveAttribute('data-moved', 'up');
    await expect(screen.getByRole('link', { name: 'Watch in the Match Centre' })).toHaveAttribute(
      'href',
      '/home/match-centre/7?league=1',
    );
    await progressionSettled();
  },
};

const NAMES = [
  'Grace',
  'Dev',
  'Asha',
  'Ben',
  'Chloe',
  'Farhan',
  'Hugo',
  'Ellie',
  'Wendy',
  'Yasmin',
  'Priya',
  'Uma',
  'Tom',
  'Bartholomew Featherstonehaugh',
  'Amir',
  'Sara',
  'Rohan',
  'Vik',
  'Zane',
];

/** Twenty members: the signed-in one (UserID 7) 11th, the others around, each with live points. */
const twentyScored = [...NAMES.slice(0, 10), 'Smriti18', ...NAMES.slice(10)].map((name, i) =>
  makeLeaderboardRow({
    UserID: name === 'Smriti18' ? 7 : 100 + i,
    UserDisplayName: name,
    UserFullName: `${name} ${'Kaur Sharma Rodrigues Mandhana'.split(' ')[i % 4]}`,
    Position: i + 1,
    PositionChange: 0,
    TotalPoints: 200 - i * 8,
    PointsGained: 10,
    IsMe: name === 'Smriti18',
  }),
);
const twentyLive = {
  LeagueID: 1,
  Version: 3,
  Live: true,
  Provisional: true,
  FixtureIDs: [7],
  Rows: twentyScored.map((r, i) => ({
    UserID: r.UserID,
    UserDisplayName: r.UserDisplayName,
    Position: i + 1,
    PositionChange: i % 5 === 0 ? 1 : i % 7 === 0 ? -2 : 0,
    TotalPoints: r.TotalPoints + (i % 3) * 5,
    LivePoints: (i % 3) * 5,
  })),
};

/**
 * A league of twenty during a live match: on a phone one compact line per member, at least ten in the
 * window, no "Gain 0" beside live points (Gain is the match's points so far, marked live); a row opens
 * its details. On a desktop the whole table, Points and Gain marked live.
 */
export const LiveTwentyMembers: Story = {
  parameters: {
    msw: {
      handlers: {
        leaderboard: [http.get('/view/leaderboard/{leagueId}', ({ response }) => response(200).json(twentyScored))],
        live: [
          http.get('/live/standings/{leagueId}', ({ response }) => response(200).json(twentyLive)),
          http.get('/live/stream', ({ response }) => response.untyped(new Response(null, { status: 503 }))),
          http.get('/live/events', ({ response }) => response(200).json({ Events: [], LastEventID: 0 })),
        ],
      },
    },
  },
  play: async ({ userEvent }) => {
    await expect(await screen.findByText('Provisional · live')).toBeVisible();
    const table = screen.getByRole('table', { name: 'Leaderboard of Office MP' });
    const rows = within(table).getAllByRole('row').slice(1);
    await expect(rows).toHaveLength(20);
    const me = within(table)
      .getByRole('rowheader', { name: /^Smriti18/ })
      .closest('tr') as HTMLElement;
    if (window.innerWidth < 600) {
      // Ten members fit in a phone's window below the header (844 - 64 px).
      const top = rows[0]!.getBoundingClientRect().top;
      await expect(rows[9]!.getBoundingClientRect().bottom - top).toBeLessThanOrEqual(780);
      for (const row of rows) await expect(row.getBoundingClientRect().height).toBeLessThan(80);
      // No sideways scroll: the points column is in sight.
      const frame = table.parentElement!;
      await expect(frame.scrollWidth).toBeLessThanOrEqual(frame.clientWidth);
      const toggle = within(me).getByRole('button', { name: /^Smriti18/ });
      await userEvent.click(toggle);
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      const details = document.getElementById(toggle.getAttribute('aria-controls')!)!;
      await expect(details).toHaveTextContent('Gain5 in the match being played, so far');
      await expect(details).toHaveTextContent('Score details of Smriti18');
    } else {
      const cells = within(me).getAllByRole('cell');
      await expect(cells.at(-2)).toHaveTextContent('125live');
      await expect(cells.at(-1)).toHaveTextContent('5live');
    }
    await progressionSettled();
  },
};

/**
 * "How scoring works" of a Player Selection league with team rules: after the team the league picks, a
 * short Team rules part (budget, captain 2× and vice-captain 1.5×, most from one side, backups), each
 * with what it means. Every line fits the dialog.
 */
export const HowScoringWorksWithTeamRules: Story = {
  beforeEach: () => rememberLeague(psLeague),
  parameters: {
    msw: {
      handlers: {
        scoring: [
          http.get('/league_configuration/getConfigurationsForLeague/{leagueId}', ({ response }) =>
            response(200).json(psConfigs),
          ),
          http.get('/selection_config/getSelectionConfigsForLeague/{leagueId}', ({ response }) =>
            response(200).json(psCounts),
          ),
          http.get('/league/{leagueId}/team_rules', ({ response }) =>
            response(200).json({
              LeagueID: psLeague.LeagueID,
              BudgetCredits: 100,
              CaptainMultiplier: 2,
              ViceCaptainMultiplier: 1.5,
              MaxPerSide: 7,
              Backups: 4,
              IsLocked: true,
            }),
          ),
        ],
      },
    },
  },
  play: async ({ userEvent }) => {
    await progressionSettled();
    await userEvent.click(await screen.findByRole('button', { name: 'How scoring works' }));
    const dialog = await screen.findByRole('dialog', { name: 'How scoring works: Office PS' });
    const rules = await within(dialog).findByRole('region', { name: 'Team rules' });
    await expect(rules).toHaveTextContent('Captain 2× · vice-captain 1.5×');
    await expect(within(rules).getAllByTestId('team-rule')).toHaveLength(4);
    const box = dialog.getBoundingClientRect();
    for (const line of within(dialog).getAllByTestId('team-rule')) {
      await expect(line.getBoundingClientRect().right).toBeLessThanOrEqual(box.right);
    }
    await expect(dialog.scrollWidth).toBeLessThanOrEqual(dialog.clientWidth);
    // The rules arrived after the dialog opened: once the body scrolls, the kit makes it focusable (a
    // resize observer, a frame later) — the accessibility check runs after that, not in between.
    await waitFor(() => {
      const body = dialog.querySelector<HTMLElement>('[data-scrollable], [class*="Modal_body"]');
      if (body && body.scrollHeight > body.clientHeight + 1) expect(body).toHaveAttribute('tabindex', '0');
    });
  },
};

export const HowScoringWorksWithTeamRulesMobile360: Story = {
  ...HowScoringWorksWithTeamRules,
  name: 'How scoring works with team rules (360px)',
  globals: { viewport: { value: 'mobile360', isRotated: false } },
};
