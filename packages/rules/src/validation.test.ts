import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import {
  contactSchema,
  firstIssue,
  loginSchema,
  registerFormSchema,
  registerPayloadSchema,
  resetFormSchema,
} from './validation';

const issues = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  Object.fromEntries([...(result.error?.issues ?? [])].reverse().map((i) => [String(i.path[0]), i.message]));

describe('login', () => {
  it('requires a valid email and a password', () => {
    expect(issues(loginSchema.safeParse({ email: '', password: '' }))).toEqual({
      email: 'Email is required.',
      password: 'Password is required.',
    });
    expect(issues(loginSchema.safeParse({ email: 'not-an-email', password: 'x' }))).toEqual({
      email: 'Please enter a valid email.',
    });
    expect(loginSchema.safeParse({ email: ' a@b.co ', password: 'x' }).data?.email).toBe('a@b.co');
  });
});

describe('register', () => {
  const valid = {
    firstName: 'Virat',
    lastName: 'Kohli',
    email: 'vk@example.com',
    password: 'secret123',
    confirmPassword: 'secret123',
    acceptTerms: true,
  };
  it('accepts a complete form', () => {
    expect(registerFormSchema.safeParse(valid).success).toBe(true);
  });
  it.each([
    [{ firstName: '' }, 'firstName', 'First name is required.'],
    [{ firstName: 'V' }, 'firstName', 'First name must be at least 2 characters long.'],
    [{ lastName: '' }, 'lastName', 'Last name is required.'],
    [{ lastName: 'K' }, 'lastName', 'Last name must be at least 2 characters long.'],
    [{ email: '' }, 'email', 'Email is required.'],
    [{ email: 'vk@' }, 'email', 'Please enter a valid email.'],
    [{ password: '', confirmPassword: '' }, 'password', 'Password is required.'],
    [{ password: 'short12', confirmPassword: 'short12' }, 'password', 'Password must be at least 8 characters long.'],
    [{ confirmPassword: 'different1' }, 'confirmPassword', 'Passwords do not match.'],
    [{ acceptTerms: false }, 'acceptTerms', 'You must accept the Terms and Conditions'],
  ])('%o → %s: %s', (change, field, message) => {
    expect(issues(registerFormSchema.safeParse({ ...valid, ...change }))[field]).toBe(message);
  });
  it('reports a password mismatch even while other fields are invalid', () => {
    expect(
      issues(registerFormSchema.safeParse({ ...valid, firstName: '', confirmPassword: 'nope' })).confirmPassword,
    ).toBe('Passwords do not match.');
  });
  it('the API payload uses the same rules', () => {
    const r = registerPayloadSchema.safeParse({
      first_name: 'V',
      last_name: 'Kohli',
      email: 'vk@example.com',
      password: 'secret123',
    });
    expect(r.success).toBe(false);
    expect(firstIssue(r.error!)).toBe(messages.register.firstNameMin);
  });
});

describe('reset password', () => {
  it('needs 6 characters and a matching confirmation once it is typed', () => {
    expect(issues(resetFormSchema.safeParse({ newPassword: '12345', confirmPassword: '' }))).toEqual({
      newPassword: 'Password must be at least 6 characters long.',
      confirmPassword: 'Password is required.',
    });
    expect(issues(resetFormSchema.safeParse({ newPassword: '123456', confirmPassword: '1234567' }))).toEqual({
      confirmPassword: 'Passwords do not match.',
    });
    expect(resetFormSchema.safeParse({ newPassword: '123456', confirmPassword: '123456' }).success).toBe(true);
  });
});

describe('contact', () => {
  it('checks each field with the spec messages', () => {
    expect(issues(contactSchema.safeParse({ name: '', email: '', message: '' }))).toEqual({
      name: 'Name is required.',
      email: 'Email is required.',
      message: 'Message is required.',
    });
    expect(issues(contactSchema.safeParse({ name: 'x'.repeat(256), email: 'bad', message: 'hi' }))).toEqual({
      name: 'Name must be less than 255 characters.',
      email: 'Invalid email format.',
    });
    expect(contactSchema.safeParse({ name: 'x'.repeat(255), email: 'a@b.co', message: 'hi' }).success).toBe(true);
    expect(issues(contactSchema.safeParse({ name: 'A', email: `${'a'.repeat(250)}@b.com`, message: 'hi' })).email).toBe(
      'Email must be less than 255 characters.',
    );
  });
});

describe('messages with placeholders', () => {
  it('fill the spec templates', () => {
    expect(messages.login.failed('Server down')).toBe('Login failed: Server down');
    expect(messages.register.failed(500, 'Internal Server Error')).toBe(
      'Registration failed: 500 Internal Server Error. Please try again later.',
    );
    expect(messages.configure.positionMax(5, 'Batsman')).toBe('Max 5 Batsman are allowed.');
    expect(messages.configure.pointsRange('Most Runs', 50)).toBe(
      'Points for "Most Runs" must be between 0 and 50 inclusive.',
    );
  });
});
