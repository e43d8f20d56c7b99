import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { DownloadIcon } from '../_internal/icons';
import { Stack } from '../Stack/Stack';
import { Button, buttonSizes, buttonVariants } from './Button';

const meta = {
  title: 'Actions/Button',
  component: Button,
  tags: ['autodocs'],
  args: { children: 'Create League', onClick: fn() },
  argTypes: {
    children: {
      description: 'The label: a verb and its object (*Save Selections*), or with `asChild` the one element to style.',
      control: 'text',
    },
    onClick: { description: 'Runs the action (any `<button>` attribute is passed on; `type` defaults to "button").' },

    variant: { control: 'inline-radio', options: buttonVariants },
    size: { control: 'inline-radio', options: buttonSizes },
  },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Create League' }));
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};

export const Secondary: Story = { args: { variant: 'secondary', children: 'Cancel' } };
export const Ghost: Story = { args: { variant: 'ghost', children: 'View rules' } };
export const Danger: Story = { args: { variant: 'danger', children: 'Delete Profile' } };
export const Link: Story = { args: { variant: 'link', children: 'Resend Verification Email' } };

export const AllVariants: Story = {
  render: (args) => (
    <Stack gap="lg">
      {buttonSizes.map((size) => (
        <Stack key={size} gap="sm" direction="row" align="center" wrap>
          {buttonVariants.map((variant) => (
            <Button key={variant} {...args} variant={variant} size={size}>
              {variant} {size}
            </Button>
          ))}
        </Stack>
      ))}
    </Stack>
  ),
};

export const KeyboardFocus: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.tab();
    const button = canvas.getByRole('button', { name: 'Create League' });
    await expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    await expect(args.onClick).toHaveBeenCalledTimes(2);
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas, userEvent, args }) => {
    const button = canvas.getByRole('button', { name: 'Create League' });
    await expect(button).toBeDisabled();
    await userEvent.tab();
    await expect(button).not.toHaveFocus();
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const Loading: Story = {
  args: { loading: true, children: 'Saving…' },
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: 'Saving…' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
  },
};

export const FullWidth: Story = {
  args: { fullWidth: true, size: 'lg', children: 'Log In' },
  globals: { viewport: { value: 'mobile390', isRotated: false } },
};

export const WithIcon: Story = {
  args: {
    variant: 'secondary',
    children: (
      <>
        <DownloadIcon size={18} /> Export CSV
      </>
    ),
  },
};

export const AsLink: Story = {
  args: { asChild: true, children: <a href="#register">Sign Up</a> },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '#register');
  },
};
