import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { makeFixture } from '../testData';
import { FixtureCard } from './FixtureCard';

const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

/** The chosen fixture on My Selections and All Selections: teams with codes and colours, start time, state, lock. */
const meta = {
  title: 'Picks/FixtureCard',
  component: FixtureCard,
  args: {
    fixture: makeFixture({ StartTime: inHours(26) }),
    offsetMs: 0,
    note: 'Player Selection',
  },
} satisfies Meta<typeof FixtureCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Upcoming: the countdown to the lock. */
export const Upcoming: Story = {
  play: async ({ canvas }) => {
    const card = canvas.getByRole('region', { name: 'Fixture: Match 3' });
    await expect(card).toHaveTextContent('Upcoming');
    await expect(card).toHaveTextContent(/RCB.*Royal Challengers.*@.*MI.*Mumbai Indians/);
    await expect(card).toHaveTextContent(/\d\d\/\d\d \d{1,2} (AM|PM) ET/);
    await expect(canvas.getByTestId('lock-countdown')).toHaveTextContent(/^Picks lock in/);
  },
};

/** Started: live, picks locked. */
export const Live: Story = {
  args: { fixture: makeFixture({ StartTime: inHours(-1), Status: 'live', HasStarted: true }) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Live')).toBeVisible();
    await expect(canvas.getByTestId('lock-countdown')).toHaveTextContent('Picks are locked: the match has started');
  },
};

/** Finished: no countdown. */
export const Completed: Story = {
  args: { fixture: makeFixture({ StartTime: inHours(-30), Status: 'completed', HasStarted: true }), note: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Completed')).toBeVisible();
    await expect(canvas.queryByTestId('lock-countdown')).not.toBeInTheDocument();
  },
};

/** Teams without a colour in the catalogue: a neutral swatch, the code still reads. */
export const NoColours: Story = {
  args: {
    fixture: makeFixture({
      StartTime: inHours(3),
      LocalTeamName: 'Otago Volts',
      LocalTeamCode: 'OV',
      LocalTeamColour: null,
      VisitorTeamName: 'Wellington Firebirds',
      VisitorTeamCode: 'WF',
      VisitorTeamColour: null,
    }),
  },
};

export const Mobile360: Story = { globals: { viewport: { value: 'mobile360', isRotated: false } } };
export const Mobile390: Story = { globals: { viewport: { value: 'mobile390', isRotated: false } } };
