import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { Button } from '../Button/Button';
import { Logo } from '../Logo/Logo';
import { Header } from './Header';

const meta = {
  title: 'App shell/Header',
  component: Header,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: {
    logo: (
      <a href="#home">
        <Logo />
      </a>
    ),
    greeting: 'Hi, Asha !',
    onMenuClick: fn(),
    menuOpen: false,
  },
} satisfies Meta<typeof Header>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Desktop: Story = {
  globals: { viewport: { value: 'laptop', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Fantasy Cricket' })).toBeInTheDocument();
    await expect(canvas.getByText('Hi, Asha !')).toBeInTheDocument();
  },
};

export const MobileWithHamburger: Story = {
  globals: { viewport: { value: 'mobile390', isRotated: false } },
  play: async ({ canvas, userEvent, args }) => {
    const menu = canvas.getByRole('button', { name: 'Menu' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(menu);
    await expect(args.onMenuClick).toHaveBeenCalledTimes(1);
  },
};

export const Anonymous: Story = {
  args: {
    greeting: undefined,
    onMenuClick: undefined,
    actions: (
      <Button asChild size="sm" variant="secondary">
        <a href="#login">Log in</a>
      </Button>
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button', { name: 'Menu' })).toBeNull();
  },
};
