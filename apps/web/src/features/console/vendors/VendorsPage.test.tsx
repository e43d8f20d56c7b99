import type { Schema } from '@fantasy-cricket/api-client';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi, reply } from '../../../test/api';
import { renderApp, testUser } from '../../../test/render';
import { makeReport } from '../shared/testData';

const operator = reply('/operator/status', 'get', 200, { Operator: true });

function vendor(over: Partial<Schema<'VendorStatus'>> = {}): Schema<'VendorStatus'> {
  return {
    Vendor: 'entitysport',
    Title: 'Entity Sport',
    CredentialFields: ['AccessKey', 'SecretKey'],
    Configured: false,
    CredentialsFrom: null,
    CredentialsSetAt: null,
    Competition: null,
    Sync: false,
    ScheduleMinutes: 60,
    LiveSeconds: 20,
    LineupMinutes: 60,
    DailyCallBudget: null,
    CallsToday: 0,
    RemainingToday: null,
    LastSync: null,
    NextScheduleAt: null,
    ...over,
  };
}

const connected = vendor({
  Configured: true,
  CredentialsFrom: 'console',
  CredentialsSetAt: '2026-11-25T03:00:00Z',
  CallsToday: 2,
});
const competition = { CompetitionID: '128471', Name: 'Indian Premier League', Season: '2024', Format: 't20' };
const preview: Schema<'VendorCompetitionReport'> = {
  Competition: competition,
  SeasonName: 'IPL 2024',
  Schedule: makeReport({ ImportRunID: null, Outcome: 'preview', Kind: 'schedule' }),
  Squads: makeReport({ ImportRunID: null, Outcome: 'preview', Kind: 'squads' }),
};

describe('Data vendors', () => {
  it('connects with the keys (sent once, never shown), previews a competition and applies it', async () => {
    const user = userEvent.setup();
    let state = vendor();
    const { requests } = mockApi(
      operator,
      reply('/operator/vendors', 'get', 200, () => [state]),
      reply('/operator/vendors/{vendor}/credentials', 'put', 200, () => {
        state = connected;
        return state;
      }),
      reply('/operator/vendors/{vendor}/competitions', 'get', 200, [competition]),
      reply('/operator/vendors/{vendor}/competition', 'post', 200, (request) => {
        const apply = (request.body as { Apply: boolean }).Apply;
        if (!apply) return preview;
        state = {
          ...connected,
          Sync: true,
          Competition: {
            CompetitionID: '128471',
            Name: 'Indian Premier League 2024',
            SeasonID: 3,
            SeasonName: 'IPL 2024',
          },
        };
        return {
          ...preview,
          Schedule: makeReport({ ImportRunID: 41, Kind: 'schedule' }),
          Squads: makeReport({ ImportRunID: 42, Kind: 'squads' }),
        };
      }),
    );
    renderApp('/console/vendors', { user: testUser });
    const card = (await screen.findByRole('heading', { name: 'Entity Sport' })).closest('section') as HTMLElement;
    expect(within(card).getByText('Not connected')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Connect' }));
    expect(await within(card).findByText('Enter the access key.')).toBeInTheDocument();
    await user.type(within(card).getByLabelText(/^Access key/), 'my-access');
    await user.type(within(card).getByLabelText(/^Secret key/), 'my-secret');
    expect(within(card).getByLabelText(/^Secret key/)).toHaveAttribute('type', 'password');
    await user.click(within(card).getByRole('button', { name: 'Connect' }));
    expect(await within(card).findByText('Connected')).toBeInTheDocument();
    const sent = requests.find((r) => r.method === 'PUT');
    expect(sent?.body).toEqual({ AccessKey: 'my-access', SecretKey: 'my-secret' });
    // The fields are empty again: the keys are never shown.
    expect(within(card).getByLabelText(/^Secret key/)).toHaveValue('');
    expect(card).not.toHaveTextContent('my-secret');

    await user.click(await within(card).findByRole('combobox', { name: 'Competition' }));
    await user.click(await screen.findByRole('option', { name: /Indian Premier League 2024/ }));
    await user.click(within(card).getByRole('button', { name: 'Preview' }));
    expect(await within(card).findByRole('region', { name: 'Schedule' })).toBeInTheDocument();
    expect(within(card).getByText(/nothing has been written yet/)).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Apply' }));
    expect(await within(card).findByText('Syncing')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: "See the schedule's run" })).toHaveAttribute(
      'href',
      '/console/imports/41',
    );
    expect(within(card).getByRole('button', { name: 'Sync now' })).toBeInTheDocument();
  });

  it('says what the vendor refused, and keeps nothing', async () => {
    const user = userEvent.setup();
    mockApi(
      operator,
      reply('/operator/vendors', 'get', 200, [vendor()]),
      reply(
        '/operator/vendors/{vendor}/credentials',
        'put',
        400,
        apiError('Entity Sport refused these credentials: nothing was stored.'),
      ),
    );
    renderApp('/console/vendors', { user: testUser });
    const card = (await screen.findByRole('heading', { name: 'Entity Sport' })).closest('section') as HTMLElement;
    await user.type(within(card).getByLabelText(/^Access key/), 'a');
    await user.type(within(card).getByLabelText(/^Secret key/), 'b');
    await user.click(within(card).getByRole('button', { name: 'Connect' }));
    expect(
      await within(card).findByText('Entity Sport refused these credentials: nothing was stored.'),
    ).toBeInTheDocument();
    expect(within(card).getByText('Not connected')).toBeInTheDocument();
  });

  it('shows the calls of the day against the budget and saves the sync settings', async () => {
    const user = userEvent.setup();
    const synced = vendor({
      ...connected,
      Sync: true,
      Competition: { CompetitionID: '128471', Name: 'Indian Premier League 2024', SeasonID: 3, SeasonName: 'IPL 2024' },
      DailyCallBudget: 500,
      CallsToday: 120,
      RemainingToday: 380,
      LastSync: { At: '2026-11-25T03:00:00Z', Outcome: 'succeeded', Message: 'Schedule: 1 moved. Squads: unchanged.' },
    });
    const { requests } = mockApi(
      operator,
      reply('/operator/vendors', 'get', 200, [synced]),
      reply('/operator/vendors/{vendor}/competitions', 'get', 200, [competition]),
      reply('/operator/vendors/{vendor}/settings', 'put', 200, synced),
    );
    renderApp('/console/vendors', { user: testUser });
    const card = (await screen.findByRole('heading', { name: 'Entity Sport' })).closest('section') as HTMLElement;
    expect(await within(card).findByText(/120 of 500 calls today, 380 left/)).toBeInTheDocument();
    expect(within(card).getByText('Schedule: 1 moved. Squads: unchanged.')).toBeInTheDocument();
    const live = within(card).getByLabelText(/^Live match every/);
    await user.clear(live);
    await user.type(live, '0');
    await user.click(within(card).getByRole('button', { name: 'Save settings' }));
    expect(await within(card).findByText('the live interval: from 1 to 3600.')).toBeInTheDocument();
    await user.clear(live);
    await user.type(live, '15');
    await user.click(within(card).getByRole('button', { name: 'Save settings' }));
    await screen.findByText('Sync settings saved.');
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      Sync: true,
      ScheduleMinutes: 60,
      LiveSeconds: 15,
      LineupMinutes: 60,
      DailyCallBudget: 500,
    });
  });
});
