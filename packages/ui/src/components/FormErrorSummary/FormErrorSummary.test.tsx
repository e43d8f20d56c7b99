import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FormErrorSummary } from './FormErrorSummary';

describe('FormErrorSummary', () => {
  it('renders nothing without a message', () => {
    const { container } = render(<FormErrorSummary message="" />);
    expect(container).toBeEmptyDOMElement();
  });

  it('announces the message as an alert', () => {
    render(<FormErrorSummary message="Invalid email or password." />);
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid email or password.');
  });
});

describe('FormErrorSummary in a long form', () => {
  it('scrolls itself into view when it appears', () => {
    const scroll = vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(() => {});
    const { rerender } = render(<FormErrorSummary message="" />);
    rerender(<FormErrorSummary message="This league code does not exist." />);
    expect(scroll).toHaveBeenCalledTimes(1);
    expect(scroll.mock.contexts[0]).toBe(screen.getByRole('alert'));
    scroll.mockRestore();
  });

  it('lists several errors, and comes into view again when the list changes', () => {
    const scroll = vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(() => {});
    const { rerender } = render(<FormErrorSummary messages={[]} />);
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(<FormErrorSummary messages={['Max 5 Batsman are allowed.', 'Total players cannot exceed 11.']} />);
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual(['Max 5 Batsman are allowed.', 'Total players cannot exceed 11.']);
    rerender(<FormErrorSummary messages={['Total players cannot exceed 11.']} />);
    expect(scroll).toHaveBeenCalledTimes(2);
    scroll.mockRestore();
  });
});
