import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen } from 'storybook/test';
import { http, serverError } from '../../../stories/api';
import { AppAt, freshApp } from '../../../stories/app';
import { RegisterPage } from './RegisterPage';

type PlayContext = Parameters<NonNullable<Story['play']>>[0];

/** Fills the form with a valid registration and sends it. */
async function signUp({ userEvent }: PlayContext) {
  await screen.findByRole('heading', { level: 1, name: 'Sign Up' });
  await userEvent.type(screen.getByLabelText('First name'), 'Smriti');
  await userEvent.type(screen.getByLabelText('Last name'), 'Mandhana');
  await userEvent.type(screen.getByLabelText('Email'), 'smriti@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'Sup3rSecret!');
  await userEvent.type(screen.getByLabelText('Confirm password'), 'Sup3rSecret!');
  await userEvent.click(screen.getByRole('checkbox', { name: 'I accept the Terms and Conditions' }));
  await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
}

/** Sign Up (`/register`), the whole app with nobody signed in; the API is msw, typed by the contract. */
const meta = {
  title: 'Screens/Register',
  component: RegisterPage,
  parameters: {
    layout: 'fullscreen',
    // Docs page: each story in a frame of its own (the whole app, with its own msw handlers and play).
    docs: { story: { inline: false, height: '760px' } },
    msw: {
      handlers: {
        addUser: [
          http.post('/user/add_user', ({ response }) =>
            response(201).json({ user_id: 3, message: 'Registered. Check your email to verify your account.' }),
          ),
        ],
      },
    },
  },
  beforeEach: () => freshApp(null),
  render: () => <AppAt path="/register" />,
} satisfies Meta<typeof RegisterPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The empty form. */
export const Form: Story = {
  play: async () => {
    await expect(await screen.findByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
    await expect(screen.getByLabelText('Email')).toHaveValue('');
    await expect(screen.getByRole('button', { name: 'Sign Up' })).toBeEnabled();
  },
};

/** Sign Up on an empty form: the form message and every field's message. */
export const ValidationErrors: Story = {
  play: async ({ userEvent }) => {
    await userEvent.click(await screen.findByRole('button', { name: 'Sign Up' }));
    await expect(await screen.findByText('Please check your form for errors')).toBeVisible();
    for (const message of [
      'First name is required.',
      'Last name is required.',
      'Email is required.',
      'You must accept the Terms and Conditions',
    ]) {
      await expect(screen.getByText(message)).toBeVisible();
    }
    await expect(screen.getAllByText('Password is required.')).toHaveLength(2);
    await expect(screen.getByLabelText('First name')).toHaveFocus();
  },
};

/** A valid registration: the success view. */
export const Registered: Story = {
  play: async (context) => {
    await signUp(context);
    await expect(await screen.findByText('Registration Successful !!')).toBeVisible();
    await expect(screen.getByRole('link', { name: 'Proceed to Login' })).toBeVisible();
    await expect(screen.getByText('smriti@example.com')).toBeVisible();
  },
};

/** The server refuses (409): its message is shown above the form. */
export const EmailTaken: Story = {
  parameters: {
    msw: {
      handlers: {
        addUser: [
          http.post('/user/add_user', ({ response }) =>
            response(409).json({ error: { message: 'An account with this email already exists.' } }),
          ),
        ],
      },
    },
  },
  play: async (context) => {
    await signUp(context);
    await expect(await screen.findByText('An account with this email already exists.')).toBeVisible();
  },
};

/** The server fails (500): the spec's text with the status. */
export const ServerError: Story = {
  parameters: {
    msw: {
      handlers: {
        addUser: [http.post('/user/add_user', ({ response }) => response.untyped(serverError()))],
      },
    },
  },
  play: async (context) => {
    await signUp(context);
    await expect(
      await screen.findByText('Registration failed: 500 Internal Server Error. Please try again later.'),
    ).toBeVisible();
  },
};
