import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect } from 'storybook/test';
import { Stack } from '../Stack/Stack';
import { TextField } from '../TextField/TextField';
import { FaqItem } from './FaqItem';

const faqs = [
  {
    question: 'How do I join a private league?',
    answer:
      'Ask the league admin for the league code, then open Join a League, choose Private League and enter the code with your gamer name.',
  },
  {
    question: 'When do my picks lock?',
    answer: 'Picks lock when the fixture starts. Rows for past fixtures show N/A and cannot be changed.',
  },
  {
    question: 'How are points calculated?',
    answer:
      'Each league type has its own features and points. The league admin sets them in League Configuration before the league is activated.',
  },
];

const meta = {
  title: 'Content/FaqItem',
  component: FaqItem,
  tags: ['autodocs'],
  args: { question: faqs[0]!.question, answer: faqs[0]!.answer },
  decorators: [(Story) => <div style={{ maxWidth: 720 }}>{Story()}</div>],
} satisfies Meta<typeof FaqItem>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Collapsed: Story = {
  play: async ({ canvas, userEvent }) => {
    const toggle = canvas.getByRole('button', { name: faqs[0]!.question });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByRole('region', { name: faqs[0]!.question })).toBeVisible();
  },
};

export const Open: Story = { args: { defaultOpen: true } };

export const WithSearchMatch: Story = { args: { query: 'league code' } };

export const SearchableList: Story = {
  render: () => {
    const [query, setQuery] = useState('');
    const q = query.trim().toLowerCase();
    const visible = faqs.filter((f) => !q || `${f.question} ${f.answer}`.toLowerCase().includes(q));
    return (
      <Stack gap="lg">
        <TextField label="Search FAQs" type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
        <Stack gap="sm">
          {visible.map((f) => (
            <FaqItem key={f.question} question={f.question} answer={f.answer} query={query} />
          ))}
        </Stack>
      </Stack>
    );
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search FAQs' }), 'points');
    await expect(canvas.getAllByRole('button')).toHaveLength(1);
  },
};
