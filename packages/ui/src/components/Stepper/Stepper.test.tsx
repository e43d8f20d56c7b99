import { render, screen, within } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { Stepper } from './Stepper';

const steps = ['Players', 'Features', 'Invite'] as const;

describe('Stepper', () => {
  it('names the list and marks only the current step with aria-current="step"', () => {
    render(<Stepper steps={steps} current={1} label="Create league steps" />);
    const items = within(screen.getByRole('list', { name: 'Create league steps' })).getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('aria-current'))).toEqual([null, 'step', null]);
    expect(items.map((li) => li.dataset.state)).toEqual(['complete', 'current', 'upcoming']);
  });

  it('tells assistive technology which steps are done', () => {
    render(<Stepper steps={steps} current={2} />);
    const [first, second, third] = screen.getAllByRole('listitem');
    expect(first).toHaveTextContent('Players (completed)');
    expect(second).toHaveTextContent('Features (completed)');
    expect(third).not.toHaveTextContent('(completed)');
  });

  it('forwards its ref and spreads props', () => {
    const ref = createRef<HTMLOListElement>();
    render(<Stepper ref={ref} steps={steps} current={0} className="mine" data-testid="stepper" />);
    expect(ref.current).toBe(screen.getByTestId('stepper'));
    expect(ref.current).toHaveClass('mine');
    expect(screen.getByRole('list')).toHaveAccessibleName('Steps');
  });
});
