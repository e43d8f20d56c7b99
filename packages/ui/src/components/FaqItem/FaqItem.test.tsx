import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FaqItem } from './FaqItem';

describe('FaqItem', () => {
  it('expands and collapses its answer', async () => {
    render(<FaqItem question="How do I join a league?" answer="Use the league code from your friend." />);
    const toggle = screen.getByRole('button', { name: 'How do I join a league?' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'How do I join a league?' })).toHaveTextContent(
      'Use the league code from your friend.',
    );
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('highlights matches and opens when the answer matches', () => {
    const { container } = render(
      <FaqItem question="What is a league code?" answer="A six letter CODE shared by the admin." query="code" />,
    );
    expect(screen.getByRole('button')).toHaveAttribute('aria-expanded', 'true');
    expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['code', 'CODE']);
  });
});
