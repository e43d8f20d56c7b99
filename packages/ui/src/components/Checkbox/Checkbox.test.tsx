import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { Checkbox } from './Checkbox';

describe('Checkbox', () => {
  it('is a native checkbox that toggles from its label and forwards the ref', async () => {
    const ref = createRef<HTMLInputElement>();
    render(<Checkbox ref={ref} name="terms" label="I accept the terms" error="You must accept the terms" />);
    const box = screen.getByRole('checkbox', { name: 'I accept the terms' });
    expect(ref.current).toBe(box);
    expect(box).toHaveAttribute('type', 'checkbox');
    expect(box).toHaveAccessibleDescription('You must accept the terms');
    await userEvent.click(screen.getByText('I accept the terms'));
    expect(box).toBeChecked();
  });
});
