import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TextField } from './TextField';

describe('TextField', () => {
  it('labels the input and links the error and hint through aria-describedby', () => {
    render(<TextField label="Email" error="Email is required" hint="We never share it" required />);
    const input = screen.getByRole('textbox', { name: /Email/ });
    expect(input).toBeRequired();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Email is required We never share it');
    // Not a live region: the error is announced with the field, not on its own.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('is valid without an error and keeps a given id', () => {
    render(<TextField label="First name" id="first-name" />);
    const input = screen.getByLabelText('First name');
    expect(input).toHaveAttribute('id', 'first-name');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
  });

  it('works with a react-hook-form style register() (ref + onChange + onBlur + name)', async () => {
    // What `register('email')` returns: a ref callback plus uncontrolled handlers.
    let element: HTMLInputElement | null = null;
    const onChange = vi.fn();
    const onBlur = vi.fn();
    const registration = {
      name: 'email',
      ref: (node: HTMLInputElement | null) => {
        element = node;
      },
      onChange,
      onBlur,
    };
    render(<TextField label="Email" type="email" {...registration} />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(element).toBe(input);
    expect(input).toHaveAttribute('name', 'email');
    await userEvent.type(input, 'a@b.co');
    await userEvent.tab();
    expect(onChange).toHaveBeenCalled();
    expect(onBlur).toHaveBeenCalledTimes(1);
    expect((element as HTMLInputElement | null)?.value).toBe('a@b.co');
  });
});
