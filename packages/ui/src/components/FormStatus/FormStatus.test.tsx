import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FormStatus } from './FormStatus';

describe('FormStatus', () => {
  it('renders nothing without a message', () => {
    const { container } = render(<FormStatus message="" />);
    expect(container).toBeEmptyDOMElement();
  });

  it('announces the message politely', () => {
    render(<FormStatus message="League details updated successfully!" />);
    expect(screen.getByRole('status')).toHaveTextContent('League details updated successfully!');
  });

  it('scrolls itself into view when it appears and when its message changes', () => {
    const scroll = vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(() => {});
    const { rerender } = render(<FormStatus message="" />);
    expect(scroll).not.toHaveBeenCalled();
    rerender(<FormStatus message="Saved." />);
    expect(scroll).toHaveBeenCalledTimes(1);
    expect(scroll.mock.contexts[0]).toBe(screen.getByRole('status'));
    expect(scroll).toHaveBeenLastCalledWith({ block: 'nearest', inline: 'nearest', behavior: 'instant' });
    rerender(<FormStatus message="Saved." />);
    expect(scroll).toHaveBeenCalledTimes(1);
    rerender(<FormStatus message="Saved again." />);
    expect(scroll).toHaveBeenCalledTimes(2);
    scroll.mockRestore();
  });
});
