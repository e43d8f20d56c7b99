import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ScorecardInput, ScorecardSheet } from '../../../data/operator/types';
import { mockApi, reply } from '../../../test/api';
import { renderApp, testUser } from '../../../test/render';
import { polyfillRadixSelect } from '../../../test/select';
import { makeFixture, makeReport, makeSeason } from '../shared/testData';

const operator = reply('/operator/status', 'get', 200, { Operator: true });
const seasons = reply('/operator/seasons', 'get', 200, [makeSeason()]);
const fixtures = reply('/operator/fixtures', 'get', 200, [
  makeFixture({ FixtureID: 101, Result: null, Status: 'scheduled' }),
]);
const squad = (from: number, names: string[]) =>
  names.map((Name, i) => ({ PlayerID: from + i, Name, Position: i === 0 ? 'Wicketkeeper' : 'Batsman' }));
const sheet = (over: Partial<ScorecardSheet> = {}): ScorecardSheet => ({
  FixtureID: 101,
  Name: 'Match 1',
  Season: 'IPL 2024',
  StartTime: '2024-03-22T14:30:00.000Z',
  Status: 'scheduled',
  Result: null,
  ResultSource: null,
  Editable: true,
  NotEditableReason: null,
  Teams: [
    {
      TeamID: 11,
      Name: 'Chennai Super Kings',
      Code: 'CSK',
      Players: squad(1, ['MS Dhoni', 'RD Gaikwad', 'RA Jadeja']),
    },
    {
      TeamID: 12,
      Name: 'Royal Challengers Bengaluru',
      Code: 'RCB',
      Players: squad(21, ['KD Karthik', 'V Kohli', 'Mohammed Siraj']),
    },
  ],
  Saved: null,
  SavedAt: null,
  ...over,
});

/** Picks an option of the kit Select named `label` inside `container`. */
async function pick(user: UserEvent, container: HTMLElement, label: string, option: string | RegExp) {
  polyfillRadixSelect();
  await user.click(within(container).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

const report = makeReport({
  ImportRunID: 91,
  Kind: 'scorecard',
  Outcome: 'succeeded',
  Counts: { updated: 1, created: 6 },
  RescoredFixtureIDs: [101],
});

describe('Scorecard', () => {
  it('types a scorecard by keyboard and pointer, shows the server’s problems at their fields, and sends what was typed', async () => {
    const user = userEvent.setup();
    const { requests } = mockApi(
      operator,
      seasons,
      fixtures,
      reply('/operator/fixtures/{fixtureId}/scorecard', 'get', 200, sheet()),
      reply('/operator/fixtures/{fixtureId}/scorecard/preview', 'post', 200, {
        Problems: [
          {
            Path: 'Innings.0.Total.Runs',
            Message: "The batters' runs (7) and the extras (0) make 7, not the total of 8.",
          },
          {
            Path: 'Innings.0.Batting.0.FielderIDs.0',
            Message: 'MS Dhoni plays for Chennai Super Kings, not Royal Challengers Bengaluru.',
          },
          { Path: 'Playing.1', Message: 'The players of Royal Challengers Bengaluru are missing.' },
        ],
        Report: null,
      }),
    );
    renderApp('/console/scorecard?fixture=101', { user: testUser });
    const first = await screen.findByRole('region', { name: 'Innings 1' });
    await pick(user, first, 'Batting team', 'Chennai Super Kings');
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Innings 2: Royal Challengers Bengaluru' })).toBeVisible(),
    );
    const inn1 = screen.getByRole('region', { name: 'Innings 1: Chennai Super Kings' });
    await user.click(within(inn1).getByRole('button', { name: 'Add batter' }));
    await pick(user, inn1, 'Batter 1', /RD Gaikwad/);
    await pick(user, inn1, 'How out', 'Caught');
    await pick(user, inn1, 'Bowler', /Mohammed Siraj/);
    await pick(user, inn1, 'Caught by', /V Kohli/);
    await user.type(within(inn1).getByRole('textbox', { name: 'Batter 1 runs' }), '7');
    await user.tab();
    await user.keyboard('9');
    await user.click(within(inn1).getByRole('button', { name: 'Add bowler' }));
    await pick(user, inn1, 'Bowler 1', /Mohammed Siraj/);
    await user.type(within(inn1).getByRole('textbox', { name: 'Bowler 1 overs' }), '1.3');
    await user.type(within(inn1).getByRole('textbox', { name: 'Total runs' }), '8');
    await pick(user, document.body, 'Winner', 'Chennai Super Kings');

    await user.click(screen.getByRole('button', { name: 'Check' }));
    const total = await within(inn1).findByRole('textbox', { name: 'Total runs' });
    await waitFor(() => expect(total).toHaveAttribute('aria-invalid', 'true'));
    expect(total).toHaveAccessibleDescription("The batters' runs (7) and the extras (0) make 7, not the total of 8.");
    expect(within(inn1).getByRole('combobox', { name: 'Caught by' })).toHaveAccessibleDescription(
      /MS Dhoni plays for Chennai Super Kings/,
    );
    expect(screen.getByRole('group', { name: /Royal Challengers Bengaluru: 1 player/ })).toHaveTextContent(
      'The players of Royal Challengers Bengaluru are missing.',
    );
    // The summary's problems take the focus to their field.
    await user.click(screen.getByRole('link', { name: /make 7, not the total of 8/ }));
    expect(total).toHaveFocus();

    const body = requests.find((r) => r.path === '/api/operator/fixtures/101/scorecard/preview')
      ?.body as ScorecardInput;
    expect(body.Innings[0]).toMatchObject({
      TeamID: 11,
      SuperOver: false,
      Batting: [
        { PlayerID: 2, HowOut: 'caught', BowlerID: 23, FielderIDs: [22], Runs: 7, Balls: 9, Fours: 0, Sixes: 0 },
      ],
      Bowling: [{ PlayerID: 23, Overs: '1.3', Maidens: 0, Runs: 0, Wickets: 0, Wides: 0, NoBalls: 0 }],
      Total: { Runs: 8, Wickets: 0, Overs: '0' },
    });
    expect(body.Innings[1]).toMatchObject({ TeamID: 12, Batting: [], Bowling: [] });
    expect(body.Playing).toEqual([
      { TeamID: 11, PlayerIDs: [2] },
      { TeamID: 12, PlayerIDs: [23] },
    ]);
    expect(body.Outcome).toMatchObject({ Kind: 'win', WinnerTeamID: 11, ByRuns: null, ByWickets: null });
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
  }, 60_000);

  it('fills the form from a pasted table, then checks and saves it', async () => {
    const user = userEvent.setup();
    const { requests } = mockApi(
      operator,
      seasons,
      fixtures,
      reply('/operator/fixtures/{fixtureId}/scorecard', 'get', 200, sheet()),
      reply('/operator/fixtures/{fixtureId}/scorecard/preview', 'post', 200, {
        Problems: [],
        Report: { ...report, ImportRunID: null, Outcome: 'preview' },
      }),
      reply('/operator/fixtures/{fixtureId}/scorecard', 'put', 200, report),
    );
    renderApp('/console/scorecard?fixture=101', { user: testUser });
    const table = [
      'Batter\tDismissal\tR\tB\t4s\t6s',
      'Ruturaj Gaikwad\tc Kohli b Siraj\t7\t9\t1\t0',
      'Ravindra Jadeja\tnot out\t1\t1\t0\t0',
      'Total\t8/1 (1.3 Ov)',
      'Did not bat: MS Dhoni',
      'Bowler\tO\tM\tR\tW\tWD\tNB',
      'Mohammed Siraj\t1.3\t0\t8\t1\t0\t0',
    ].join('\n');
    const box = await screen.findByRole('textbox', { name: /Scorecard table/ });
    await user.click(box);
    await user.paste(table);
    await user.click(screen.getByRole('button', { name: 'Fill the scorecard' }));
    expect(
      await screen.findByText(/Filled 1 innings: CSK 2 batters, 1 bowlers/, undefined, { timeout: 5_000 }),
    ).toBeInTheDocument();
    const inn1 = screen.getByRole('region', { name: 'Innings 1: Chennai Super Kings' });
    expect(within(inn1).getByRole('combobox', { name: 'Batter 1' })).toHaveTextContent('RD Gaikwad');
    expect(within(inn1).getByRole('combobox', { name: 'Caught by' })).toHaveTextContent('V Kohli');
    expect(within(inn1).getByRole('textbox', { name: 'Total runs' })).toHaveValue('8');
    expect(screen.getByRole('checkbox', { name: 'MS Dhoni' })).toBeChecked();

    await pick(user, document.body, 'Winner', 'Royal Challengers Bengaluru');
    await user.click(screen.getByRole('button', { name: 'Save scorecard' }));
    expect(await screen.findByRole('region', { name: 'Scorecard saved' }, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByText('Match 1: scorecard saved and scored.')).toBeInTheDocument();
    const put = requests.find((r) => r.method === 'PUT')?.body as ScorecardInput;
    expect(put.Playing[0]).toEqual({ TeamID: 11, PlayerIDs: [2, 3, 1] });
    expect(put.Innings).toHaveLength(1);
    expect(put.Innings[0]!.Batting[0]).toMatchObject({ PlayerID: 2, HowOut: 'caught', BowlerID: 23, FielderIDs: [22] });
  }, 60_000);

  it('says why a fixture cannot take a scorecard, with no form', async () => {
    mockApi(
      operator,
      seasons,
      fixtures,
      reply(
        '/operator/fixtures/{fixtureId}/scorecard',
        'get',
        200,
        sheet({ Editable: false, NotEditableReason: 'This fixture holds the figures of imported match 1422119.' }),
      ),
    );
    renderApp('/console/scorecard?fixture=101', { user: testUser });
    expect(await screen.findByText('This fixture holds the figures of imported match 1422119.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save scorecard' })).not.toBeInTheDocument();
  });
});
