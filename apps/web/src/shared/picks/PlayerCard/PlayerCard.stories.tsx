import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { figures } from '../testData';
import { PlayerCard } from './PlayerCard';

/** A player on the team sheet and in the picker: name, team, position, season points, last three. */
const meta = {
  title: 'Picks/PlayerCard',
  component: PlayerCard,
  args: {
    name: 'Virat Kohli',
    teamCode: 'RCB',
    teamColour: '#2B2A29',
    position: 'Batsman',
    figures: figures[0],
  },
  decorators: [(Story) => <div style={{ maxWidth: 420 }}>{Story()}</div>],
} satisfies Meta<typeof PlayerCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const card = canvas.getByTestId('player-card');
    await expect(card).toHaveTextContent('212season pts');
    await expect(card).toHaveTextContent('Last three: 44 in Match 0, 71 in Match 1, 38 in Match 2.');
  },
};

/** A negative match (a duck) among the last three. */
export const WithPenalty: Story = {
  args: { name: 'Hardik Pandya', teamCode: 'MI', teamColour: '#004BA0', position: 'Allrounder', figures: figures[2] },
};

/** Not played yet this season. */
export const NoMatches: Story = {
  args: { name: 'Mohammed Siraj', position: 'Bowler', figures: figures[5] },
  play: async ({ canvas }) => {
    await expect(canvas.getByTestId('player-card')).toHaveTextContent('0 matches');
  },
};

/** Figures not loaded (or failed): dashes, the pick still shows. */
export const NoFigures: Story = {
  args: { figures: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Figures unavailable')).toBeVisible();
  },
};

export const Mobile360: Story = {
  args: { name: 'Rahmanullah Gurbaz Mohammad', teamCode: 'KKR', teamColour: '#3A225D', position: 'Wicketkeeper' },
  globals: { viewport: { value: 'mobile360', isRotated: false } },
};
