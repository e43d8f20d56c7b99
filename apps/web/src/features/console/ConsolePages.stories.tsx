import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import { http, serverError } from '../../stories/api';
import { AppAt, freshApp } from '../../stories/app';
import { makePrice, makePrices } from './prices/testData';
import { SeasonsPage } from './seasons/SeasonsPage';
import { conflictReport, consoleHandlers } from './shared/storyHandlers';

/**
 * The operator console (`/console/…`), the whole app signed in as an operator; the API is msw, typed by
 * the contract. One story per screen, and the states that matter (docs/decisions/0029-console-screens.md).
 */
const meta = {
  title: 'Screens/Operator Console',
  component: SeasonsPage,
  parameters: {
    layout: 'fullscreen',
    docs: { story: { inline: false, height: '760px' } },
    msw: { handlers: consoleHandlers },
  },
  beforeEach: () => freshApp(),
  render: () => <AppAt path="/console/seasons" />,
} satisfies Meta<typeof SeasonsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Seasons: the list with activate / deactivate, and New season. */
export const Seasons: Story = {
  play: async () => {
    const table = await screen.findByRole('table', { name: 'Seasons' });
    await expect(await within(table).findByRole('button', { name: 'Activate IPL 2025' })).toBeVisible();
    await expect(within(table).getByRole('button', { name: 'Deactivate IPL 2024' })).toBeVisible();
  },
};

/** The new-season form, checked before it is sent. */
export const NewSeasonForm: Story = {
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'New season' }));
    const dialog = await screen.findByRole('dialog', { name: 'New season' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create season' }));
    await expect(await within(dialog).findByText('Enter the season’s name, e.g. IPL 2025.')).toBeVisible();
  },
};

/** Schedule & squads, step 1: the kind and the file. */
export const ScheduleUpload: Story = {
  render: () => <AppAt path="/console/schedule" />,
  play: async () => {
    await expect(await screen.findByRole('button', { name: 'Preview' })).toBeVisible();
  },
};

/** Schedule & squads, step 2: a preview with lines in conflict and failed — Apply is refused. */
export const SchedulePreviewWithConflicts: Story = {
  render: () => <AppAt path="/console/schedule" />,
  parameters: {
    msw: {
      handlers: { files: [http.post('/operator/schedule', ({ response }) => response(200).json(conflictReport))] },
    },
  },
  play: async () => {
    const input = await screen.findByLabelText('File (JSON or CSV)');
    await userEvent.upload(input, new File(['Match,Season\n'], 'ipl-2025-schedule.csv', { type: 'text/csv' }));
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await expect(await screen.findByRole('region', { name: 'Preview: ipl-2025-schedule.csv' })).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
  },
};

/** Results: the upload and a season's fixtures with their actions. */
export const Results: Story = {
  render: () => <AppAt path="/console/results" />,
  play: async () => {
    const table = await screen.findByRole('table', { name: 'Fixtures of IPL 2024' });
    await expect(await within(table).findByRole('button', { name: 'Correct result: Match 1' })).toBeVisible();
  },
};

/** Results: the correction form, with the fixture's squads for the players of the match. */
export const CorrectResult: Story = {
  render: () => <AppAt path="/console/results" />,
  play: async () => {
    const table = await screen.findByRole('table', { name: 'Fixtures of IPL 2024' });
    await userEvent.click(await within(table).findByRole('button', { name: 'Correct result: Match 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Correct the result: Match 1' });
    await expect(await within(dialog).findByRole('checkbox', { name: 'Virat Kohli' })).toBeInTheDocument();
  },
};

/** Scorecard: a started fixture's empty form (paste, innings, who played, result). */
export const Scorecard: Story = {
  render: () => <AppAt path="/console/scorecard?fixture=101" />,
  play: async () => {
    await expect(await screen.findByRole('region', { name: 'Innings 1' })).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Save scorecard' })).toBeVisible();
  },
};

/** Scorecard: filled from a pasted table, then checked — the server's problems at their fields. */
export const ScorecardProblems: Story = {
  render: () => <AppAt path="/console/scorecard?fixture=101" />,
  play: async () => {
    const table = await screen.findByRole('textbox', { name: /Scorecard table/ });
    await userEvent.click(table);
    await userEvent.paste(
      [
        'Batter\tDismissal\tR\tB\t4s\t6s',
        'Ruturaj Gaikwad\tc Kohli b Siraj\t12\t9\t1\t1',
        'Rachin Ravindra\tnot out\t0\t3\t0\t0',
        'Total\t13/1 (2 Ov)',
        'Bowler\tO\tM\tR\tW\tWD\tNB',
        'Mohammed Siraj\t2\t0\t13\t1\t0\t0',
      ].join('\n'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Fill the scorecard' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Winner' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Chennai Super Kings' }));
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    await expect(await screen.findByRole('list', { name: 'Problems to correct' })).toBeVisible();
  },
};

/** The price calls of Match 4 (still to start, or started). */
const pricesHandlers = (frozen: boolean) => ({
  prices: [
    http.get('/operator/fixtures/{fixtureId}/prices', ({ response }) =>
      response(200).json(frozen ? makePrices({ Frozen: true }) : makePrices()),
    ),
    http.put('/operator/fixtures/{fixtureId}/prices', async ({ request, response }) => {
      const body = await request.json();
      return response(200).json(makePrice({ PlayerID: body.PlayerID, Price: body.Price, Source: 'operator' }));
    }),
  ],
});

/** Player prices: Match 4's prices, an operator's price saved with the keyboard. */
export const PlayerPrices: Story = {
  render: () => <AppAt path="/console/prices?fixture=104" />,
  parameters: { msw: { handlers: pricesHandlers(false) } },
  play: async () => {
    const table = await screen.findByRole('table', { name: 'Player prices of Match 4' });
    const field = await within(table).findByRole('spinbutton', { name: 'Price of Virat Kohli' });
    await userEvent.clear(field);
    await userEvent.type(field, '9.5{Enter}');
    await expect(await screen.findByText('Virat Kohli: 9.5 credits, set by an operator.')).toBeVisible();
    // Nothing wider than the screen: the rows stack below 900px, the editor on its own line.
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

/** The same at 360 px: each player a block, his price and Save in view. */
export const PlayerPricesOnAPhone: Story = {
  ...PlayerPrices,
  name: 'Player prices on a phone (360px)',
  globals: { viewport: { value: 'mobile360', isRotated: false } },
  play: async () => {
    const table = await screen.findByRole('table', { name: 'Player prices of Match 4' });
    const save = await within(table).findByRole('button', { name: 'Save the price of Mohammed Siraj' });
    await expect(save).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    const box = save.getBoundingClientRect();
    await expect(box.right).toBeLessThanOrEqual(window.innerWidth);
  },
};

/** Player prices of a fixture that has started: read-only, with the note. */
export const PlayerPricesFrozen: Story = {
  render: () => <AppAt path="/console/prices?fixture=104" />,
  parameters: { msw: { handlers: pricesHandlers(true) } },
  play: async () => {
    const table = await screen.findByRole('table', { name: 'Player prices of Match 4' });
    await expect(
      await screen.findByText('Match 4 has started: its prices are frozen and can no longer change.'),
    ).toBeVisible();
    await expect(within(table).queryByRole('spinbutton')).toBeNull();
  },
};

/** Import history, newest first, with paging. */
export const ImportHistory: Story = {
  render: () => <AppAt path="/console/imports" />,
  play: async () => {
    await expect(await screen.findByRole('link', { name: 'Run 42: Cricsheet upload' })).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Older runs' })).toBeEnabled();
  },
};

/** One run with its lines (a failed file with its JSON path). */
export const ImportRun: Story = {
  render: () => <AppAt path="/console/imports/42" />,
  play: async () => {
    await expect(await screen.findByRole('region', { name: 'Report' })).toBeVisible();
  },
};

/** Data health and the scheduled fetch. */
export const DataHealth: Story = {
  render: () => <AppAt path="/console/health" />,
  play: async () => {
    await expect(await screen.findByRole('table', { name: 'Players without a position' })).toBeVisible();
    await expect(await screen.findByRole('button', { name: 'Run now' })).toBeVisible();
  },
};

/** Operators: grant by email, revoke. */
export const Operators: Story = {
  render: () => <AppAt path="/console/operators" />,
  play: async () => {
    await expect(await screen.findByRole('button', { name: 'Revoke Asha Rao' })).toBeVisible();
  },
};

/** Audit log, one entry's before and after opened. */
export const AuditLog: Story = {
  render: () => <AppAt path="/console/audit" />,
  play: async () => {
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const first = (await within(table).findAllByText('Before and after'))[0] as HTMLElement;
    await userEvent.click(first);
    await expect(within(table).getAllByText(/"Status": "abandoned"/)[0]).toBeVisible();
  },
};

/** A member who is not an operator. */
export const NotAnOperator: Story = {
  parameters: {
    msw: {
      handlers: { status: [http.get('/operator/status', ({ response }) => response(200).json({ Operator: false }))] },
    },
  },
  play: async () => {
    await expect(await screen.findByText('This is for site operators only.')).toBeVisible();
  },
};

/** The seasons could not be loaded: the error and a Retry, never an empty table. */
export const LoadError: Story = {
  parameters: {
    msw: { handlers: { seasons: [http.get('/operator/seasons', ({ response }) => response.untyped(serverError()))] } },
  },
  play: async () => {
    await expect(await screen.findByText('The seasons could not be loaded. Please try again.')).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
  },
};
