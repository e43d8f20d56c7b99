import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Toggletip } from './Toggletip';

describe('Toggletip', () => {
  it('is an info button named by its label, closed at first', () => {
    render(<Toggletip label="About Duck" content="Dismissed for 0." />);
    expect(screen.getByRole('button', { name: 'About Duck' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens on a click (what a tap sends) and shows the text, named and described', async () => {
    const user = userEvent.setup();
    render(<Toggletip label="About Duck" content="Dismissed for 0." />);
    await user.click(screen.getByRole('button', { name: 'About Duck' }));
    const tip = await screen.findByRole('dialog', { name: 'About Duck' });
    expect(tip).toHaveTextContent('Dismissed for 0.');
    expect(tip).toHaveAccessibleDescription('Dismissed for 0.');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('uses the given element as its trigger', async () => {
    const user = userEvent.setup();
    render(
      <Toggletip label="About Most Runs" content="The top run scorer.">
        <button type="button">Most Runs</button>
      </Toggletip>,
    );
    await user.click(screen.getByRole('button', { name: 'Most Runs' }));
    expect(await screen.findByRole('dialog', { name: 'About Most Runs' })).toHaveTextContent('The top run scorer.');
  });
});
