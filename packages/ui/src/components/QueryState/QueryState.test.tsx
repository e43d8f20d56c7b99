import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { QueryState } from './QueryState';

const texts = { loadingText: 'Loading…', errorMessage: 'Failed to load.', emptyMessage: 'Nothing here.' };

describe('QueryState', () => {
  it('shows the loading text while pending, not the content', () => {
    render(
      <QueryState status="pending" {...texts}>
        content
      </QueryState>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.queryByText('content')).not.toBeInTheDocument();
  });

  it('shows a failed load as an alert with a Retry, never as empty', async () => {
    const onRetry = vi.fn();
    render(
      <QueryState status="error" isEmpty {...texts} onRetry={onRetry}>
        content
      </QueryState>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load.');
    expect(screen.queryByText('Nothing here.')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('shows the empty message for an empty answer, else the content (a function runs only on success)', () => {
    const content = vi.fn(() => 'content');
    const { rerender } = render(
      <QueryState status="success" isEmpty {...texts}>
        {content}
      </QueryState>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Nothing here.');
    expect(content).not.toHaveBeenCalled();
    rerender(
      <QueryState status="success" {...texts}>
        {content}
      </QueryState>,
    );
    expect(screen.getByText('content')).toBeInTheDocument();
  });
});
