import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoadingOverlay } from './LoadingOverlay';

describe('LoadingOverlay', () => {
  it('renders nothing when hidden', () => {
    const { container } = render(<LoadingOverlay visible={false} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('shows the default text in a status region', () => {
    render(<LoadingOverlay visible />);
    expect(screen.getByRole('status')).toHaveTextContent('Processing your request, please wait...');
  });
});
