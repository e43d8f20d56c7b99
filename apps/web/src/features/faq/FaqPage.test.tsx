import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { custom, mockApi, reply } from '../../test/api';
import { renderApp, testUser } from '../../test/render';
import { filterFaqs } from './filterFaqs';

const faqs = [
  { Question: 'How many players can I pick?', Answer: 'Up to 11: batsmen, bowlers, allrounders and one Wicketkeeper.' },
  { Question: 'What is a league code?', Answer: 'Private leagues have a code you share with friends.' },
  { Question: 'When do picks close?', Answer: 'When the fixture starts.' },
];

async function openFaq() {
  mockApi(reply('/faq/', 'get', 200, faqs));
  const user = userEvent.setup();
  renderApp('/home/view-faqs', { user: testUser });
  await screen.findByRole('button', { name: 'How many players can I pick?' });
  return user;
}

describe('FAQ', () => {
  it('lists every question', async () => {
    await openFaq();
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(3);
  });

  it('filters on question and answer text, case-insensitively, and highlights matches', async () => {
    const user = await openFaq();
    await user.type(screen.getByRole('searchbox', { name: 'Search FAQs' }), 'WICKETKEEPER');
    expect(screen.queryByRole('button', { name: 'What is a league code?' })).not.toBeInTheDocument();
    const item = screen.getByRole('button', { name: 'How many players can I pick?' });
    expect(item).toHaveAttribute('aria-expanded', 'true');
    const marks = document.querySelectorAll('mark');
    expect(marks).toHaveLength(1);
    expect(marks[0]).toHaveTextContent('Wicketkeeper');
    expect(screen.getByText('1 question matches.')).toBeInTheDocument();

    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'code');
    const region = screen.getByRole('button', { name: /league code/ });
    expect(within(region).getByText('code', { selector: 'mark' })).toBeInTheDocument();
  });

  it('says so when nothing matches', async () => {
    const user = await openFaq();
    await user.type(screen.getByRole('searchbox'), 'googly');
    expect(screen.getByText('No questions match “googly”.')).toBeInTheDocument();
    expect(screen.queryAllByRole('heading', { level: 3 })).toHaveLength(0);
  });

  it('shows a failed load as an error with Retry (never as an empty list), without console errors', async () => {
    const log = vi.spyOn(console, 'error');
    let fail = true;
    mockApi(
      custom('/faq/', 'get', () =>
        fail ? { status: 500, body: { error: { message: 'Down.' } } } : { status: 200, body: faqs },
      ),
    );
    const user = userEvent.setup();
    renderApp('/home/view-faqs', { user: testUser });
    expect(await screen.findByRole('alert')).toHaveTextContent('An unexpected error occurred. Please try again later.');
    expect(screen.queryByText('There are no questions here yet.')).not.toBeInTheDocument();
    expect(log).not.toHaveBeenCalled();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'How many players can I pick?' })).toBeInTheDocument();
  });
});

describe('filterFaqs', () => {
  it('keeps everything for a blank query', () => {
    expect(filterFaqs(faqs, '  ')).toHaveLength(3);
  });
  it('matches answers as well as questions', () => {
    expect(filterFaqs(faqs, 'fixture').map((f) => f.Question)).toEqual(['When do picks close?']);
  });
});
