import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './Button';

describe('Button', () => {
  it('is a type="button" by default and forwards its ref and props', () => {
    const ref = createRef<HTMLButtonElement>();
    render(
      <Button ref={ref} data-testid="b" className="extra">
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveClass('extra');
    expect(ref.current).toBe(button);
  });

  it('when loading: disabled, aria-busy, keeps its accessible name and ignores clicks', async () => {
    const onClick = vi.fn();
    render(
      <Button loading onClick={onClick}>
        Create League
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Create League' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('renders its child with asChild', () => {
    render(
      <Button asChild variant="secondary">
        <a href="/login">Log in</a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Log in' });
    expect(link).toHaveAttribute('href', '/login');
    expect(link).toHaveAttribute('data-variant', 'secondary');
  });
});
