import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TextArea } from './TextArea';

describe('TextArea', () => {
  it('counts characters when maxLength is set (uncontrolled)', async () => {
    render(<TextArea label="League Description" maxLength={20} />);
    const textarea = screen.getByRole('textbox', { name: 'League Description' });
    expect(screen.getByText(/0 \/ 20/)).toBeInTheDocument();
    await userEvent.type(textarea, 'Weekly picks');
    expect(screen.getByText(/12 \/ 20/)).toBeInTheDocument();
    expect(textarea).toHaveAttribute('maxlength', '20');
  });

  it('links its error', () => {
    render(<TextArea label="Message" error="Message is required" />);
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveAccessibleDescription('Message is required');
  });
});
