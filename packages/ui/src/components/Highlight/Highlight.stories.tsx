import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Highlight } from './Highlight';

const meta = {
  title: 'Content/Highlight',
  component: Highlight,
  tags: ['autodocs'],
  args: { text: 'Points are awarded for each correct pick. Bonus points double in the final.', query: 'points' },
  render: (args) => (
    <p style={{ margin: 0 }}>
      <Highlight {...args} />
    </p>
  ),
} satisfies Meta<typeof Highlight>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const marks = [...canvasElement.querySelectorAll('mark')].map((m) => m.textContent);
    await expect(marks).toEqual(['Points', 'points']);
  },
};

export const RegexCharacters: Story = {
  args: { text: 'What does (c) mean? It marks the captain [c] of the side.', query: '(c)' },
  play: async ({ canvasElement }) => {
    await expect([...canvasElement.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['(c)']);
  },
};

export const NoMatch: Story = { args: { query: 'wicket' } };
export const EmptyQuery: Story = { args: { query: '' } };
