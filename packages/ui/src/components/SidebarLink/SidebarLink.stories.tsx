import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { navItems, signOutIcon } from '../../stories/demo';
import { SidebarLink } from './SidebarLink';

const meta = {
  title: 'App shell/SidebarLink',
  component: SidebarLink,
  tags: ['autodocs'],
  args: { href: '#view-leaderboard', children: 'Leaderboard', icon: navItems[6].icon },
  decorators: [(Story) => <div style={{ width: 264 }}>{Story()}</div>],
} satisfies Meta<typeof SidebarLink>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Active: Story = {
  args: { 'aria-current': 'page' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Leaderboard' })).toHaveAttribute('aria-current', 'page');
  },
};

export const AsChildButton: Story = {
  args: { asChild: true, icon: signOutIcon, children: <button type="button">Sign Out</button> },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
  },
};

export const WithoutIcon: Story = { args: { icon: undefined, children: 'FAQ' } };

export const WithCount: Story = {
  args: {
    href: '#view-league-members',
    children: 'League Members',
    icon: navItems[3].icon,
    badge: { count: 2, label: '2 requests waiting' },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'League Members (2 requests waiting)' })).toBeInTheDocument();
  },
};
