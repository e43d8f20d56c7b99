import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
