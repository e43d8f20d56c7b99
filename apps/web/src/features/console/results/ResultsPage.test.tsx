import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Schema } from '@fantasy-cricket/api-client';
import { mockApi, reply } from '../../../test/api';
import { renderApp, testUser } from '../../../test/render';
import { chooseOption } from '../../../test/select';
import { makeCricsheetReport, makeFixture, makeReport, makeSeason } from '../shared/testData';

const operator = reply('/operator/status', 'get', 200, { Operator: true });
const seasons = reply('/operator/seasons', 'get', 200, [
  makeSeason({ SeasonID: 2, Name: 'IPL 2025', Active: false }),
  makeSeason(),
]);
const fixture = makeFixture();
const player = (PlayerID: number, PlayerFullName: string, home: boolean): Schema<'PlayerOption'> => ({
  PlayerID,
  PlayerFullName,
  TeamID: home ? 11 : 12,
  TeamCode: home ? 'CSK' : 'RCB',
  TeamName: home ? 'Chennai Super Kings' : 'Royal Challengers Bengaluru',
  PositionName: 'Batter',
  PositionID: 1,
});
const players = reply('/player/getPlayersByFixtureID/{fixtureId}', 'get', 200, [
  player(1, 'MS Dhoni', true),
  player(2, 'Ravindra Jadeja', true),
  player(3, 'Virat Kohli', false),
  player(4, 'Faf du Plessis', false),
]);
const resultReport = makeReport({
  ImportRunID: 77,
  Kind: 'result',
  Outcome: 'succeeded',
  Counts: { updated: 1 },
  Lines: [
    {
      Line: 1,
      Key: 'Match 1',
      Status: 'updated',
      FixtureID: 101,
      Reason: null,
      Path: null,
      Before: { Result: 'CSK won by 6 wickets' },
      After: { Result: 'RCB won by 4 runs' },
    },
  ],
  RescoredFixtureIDs: [101],
});

describe('Results', () => {
  it('uploads several Cricsheet files as base64 and shows the report line by line, with the JSON path of a fault', async () => {
    const user = userEvent.setup();
    const { requests } = mockApi(
      operator,
      seasons,
      reply('/operator/fixtures', 'get', 200, [fixture]),
      reply('/operator/results/cricsheet', 'post', 200, makeCricsheetReport()),
    );
    renderApp('/console/results', { user: testUser });
    await user.upload(await screen.findByLabelText('Match files (.json) or a zip'), [
      new File(['{"info":{}}'], '1426312.json', { type: 'application/json' }),
      new File(['{}'], 'broken.json', { type: 'application/json' }),
    ]);
    await user.click(screen.getByRole('button', { name: 'Upload and import' }));
    const report = await screen.findByRole('region', { name: 'Import report' });
    const body = requests.find((r) => r.path === '/api/operator/results/cricsheet')?.body as {
      Files: { FileName: string; ContentBase64: string }[];
    };
    expect(body.Files.map((f) => f.FileName)).toEqual(['1426312.json', 'broken.json']);
    expect(atob(body.Files[0]?.ContentBase64 ?? '')).toBe('{"info":{}}');
    const rows = within(report).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('imported');
    expect(rows[1]).toHaveTextContent('failed');
    expect(rows[1]).toHaveTextContent('The innings has no team.');
    expect(rows[1]).toHaveTextContent('$.innings[0].team');
    expect(within(report).getByText('Re-scored fixtures: 101')).toBeInTheDocument();
    expect(within(report).getByRole('link', { name: 'See run 42 in the import history' })).toBeInTheDocument();
  });

  it('refuses other kinds of file before sending anything', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { requests } = mockApi(operator, seasons, reply('/operator/fixtures', 'get', 200, []));
    renderApp('/console/results', { user: testUser });
    await user.upload(await screen.findByLabelText('Match files (.json) or a zip'), new File(['x'], 'notes.txt'));
    await user.click(screen.getByRole('button', { name: 'Upload and import' }));
    expect(await screen.findByText('Choose Cricsheet match files (.json) or zips of them.')).toBeInTheDocument();
    expect(requests.some((r) => r.path === '/api/operator/results/cricsheet')).toBe(false);
  });

  it('lists the chosen season’s fixtures (the active one first) and marks one washed out after a confirmation', async () => {
    const user = userEvent.setup();
    let reloaded = 0;
    const { requests } = mockApi(
      operator,
      seasons,
      reply('/operator/fixtures', 'get', 200, (request) => {
        if (request.url.searchParams.get('seasonId') === '1') reloaded += 1;
        return request.url.searchParams.get('seasonId') === '1'
          ? [fixture]
          : [
              makeFixture({
                FixtureID: 300,
                Name: 'Match 1 of 2025',
                Status: 'scheduled',
                Result: null,
                ResultSource: null,
                PlayerOfMatch: [],
              }),
            ];
      }),
      reply('/operator/fixtures/{fixtureId}/result', 'post', 200, {
        ...resultReport,
        Lines: [{ ...resultReport.Lines[0]!, Before: null, After: null }],
      }),
    );
    renderApp('/console/results', { user: testUser });
    const table = await screen.findByRole('table', { name: 'Fixtures of IPL 2024' });
    await within(table).findByText('Match 1');
    await user.click(within(table).getByRole('button', { name: 'Washed out: Match 1' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Change the result?' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark washed out' }));
    await screen.findByRole('region', { name: 'Result report: Match 1' });
    const sent = requests.find((r) => r.path === '/api/operator/fixtures/101/result');
    expect(sent?.body).toEqual({ Status: 'washed_out' });
    await waitFor(() => expect(reloaded).toBe(2));

    await chooseOption(user, 'Season', 'IPL 2025');
    expect(await screen.findByRole('table', { name: 'Fixtures of IPL 2025' })).toHaveTextContent('Match 1 of 2025');
  });

  it('offers no result actions for a fixture that has not started', async () => {
    mockApi(
      operator,
      seasons,
      reply('/operator/fixtures', 'get', 200, [
        fixture,
        makeFixture({
          FixtureID: 102,
          Name: 'Match 2',
          Status: 'scheduled',
          StartTime: new Date(Date.now() + 86_400_000).toISOString(),
          Result: null,
          ResultSource: null,
          PlayerOfMatch: [],
          Current: null,
        }),
      ]),
    );
    renderApp('/console/results', { user: testUser });
    const table = await screen.findByRole('table', { name: 'Fixtures of IPL 2024' });
    expect(await within(table).findByRole('button', { name: 'Correct result: Match 1' })).toBeInTheDocument();
    const row = within(table)
      .getByRole('rowheader', { name: /Match 2/ })
      .closest('tr')!;
    expect(within(row).getByText('Not started yet')).toBeInTheDocument();
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
  });

  it('starts the correction form from the stored result', async () => {
    const user = userEvent.setup();
    mockApi(
      operator,
      seasons,
      reply('/operator/fixtures', 'get', 200, [
        makeFixture({
          PlayerOfMatch: ['Ravindra Jadeja'],
          Current: {
            Status: 'completed',
            Tie: false,
            WinnerTeamID: 11,
            WonByRuns: null,
            WonByWickets: 6,
            Method: 'D/L',
            SuperOverWinnerTeamID: null,
            PlayerOfMatchIDs: [2],
          },
        }),
      ]),
      players,
    );
    renderApp('/console/results', { user: testUser });
    await user.click(await screen.findByRole('button', { name: 'Correct result: Match 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Correct the result: Match 1' });
    expect(await within(dialog).findByRole('checkbox', { name: 'Ravindra Jadeja' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'MS Dhoni' })).not.toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'A team won' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Wickets' })).toBeChecked();
    expect(within(dialog).getByRole('textbox', { name: 'Margin' })).toHaveValue('6');
    expect(within(dialog).getByRole('textbox', { name: 'Method' })).toHaveValue('D/L');
    expect(within(dialog).getByRole('combobox', { name: /Winner/ })).toHaveTextContent('Chennai Super Kings');
  });

  it('checks the correction form, then sends the winner, the margin and the players of the match', async () => {
    const user = userEvent.setup();
    const { requests } = mockApi(
      operator,
      seasons,
      reply('/operator/fixtures', 'get', 200, [{ ...fixture, Current: null }]),
      players,
      reply('/operator/fixtures/{fixtureId}/result', 'post', 200, resultReport),
    );
    renderApp('/console/results', { user: testUser });
    const table = await screen.findByRole('table', { name: 'Fixtures of IPL 2024' });
    await user.click(await within(table).findByRole('button', { name: 'Correct result: Match 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Correct the result: Match 1' });
    await within(dialog).findByText('Virat Kohli');

    // Nothing chosen: the winner is asked for; a margin out of range is refused.
    await user.click(within(dialog).getByRole('radio', { name: 'Wickets' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Margin' }), '11');
    await user.click(within(dialog).getByRole('button', { name: 'Save result' }));
    expect(await within(dialog).findByText('Choose the winning team.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a whole number of wickets from 0 to 10.')).toBeInTheDocument();
    // Four players of the match are too many.
    for (const name of ['MS Dhoni', 'Ravindra Jadeja', 'Virat Kohli', 'Faf du Plessis']) {
      await user.click(within(dialog).getByRole('checkbox', { name }));
    }
    await user.click(within(dialog).getByRole('button', { name: 'Save result' }));
    expect(await within(dialog).findByText('Choose at most 3 players of the match.')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await user.click(within(dialog).getByRole('checkbox', { name: 'MS Dhoni' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Ravindra Jadeja' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Faf du Plessis' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Runs' }));
    await user.clear(within(dialog).getByRole('textbox', { name: 'Margin' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Margin' }), '4');
    await chooseOption(user, 'Winner', 'Royal Challengers Bengaluru');
    await user.click(within(dialog).getByRole('button', { name: 'Save result' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.find((r) => r.path === '/api/operator/fixtures/101/result')?.body).toEqual({
      Status: 'completed',
      Tie: false,
      WinnerTeamID: 12,
      WonByRuns: 4,
      WonByWickets: null,
      Method: null,
      SuperOverWinnerTeamID: null,
      PlayerOfMatchIDs: [3],
    });
    const report = await screen.findByRole('region', { name: 'Result report: Match 1' });
    expect(report).toHaveTextContent('Result: CSK won by 6 wickets → RCB won by 4 runs');
  });

  it('sends a tie with its super-over winner', async () => {
    const user = userEvent.setup();
    const { requests } = mockApi(
      operator,
      seasons,
      reply('/operator/fixtures', 'get', 200, [fixture]),
      players,
      reply('/operator/fixtures/{fixtureId}/result', 'post', 200, resultReport),
    );
    renderApp('/console/results', { user: testUser });
    await user.click(await screen.findByRole('button', { name: 'Correct result: Match 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Correct the result: Match 1' });
    await user.click(within(dialog).getByRole('radio', { name: 'Tie' }));
    await chooseOption(user, 'Super-over winner', 'Chennai Super Kings');
    await user.click(within(dialog).getByRole('button', { name: 'Save result' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      Status: 'completed',
      Tie: true,
      WinnerTeamID: null,
      SuperOverWinnerTeamID: 11,
    });
  });
});
