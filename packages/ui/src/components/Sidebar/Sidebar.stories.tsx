import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { DemoNavLinks } from '../../stories/demo';
import { Sidebar } from './Sidebar';

const meta = {
  title: 'App shell/Sidebar',
  component: Sidebar,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: { open: false, onClose: fn(), label: 'Main', children: <DemoNavLinks /> },
  decorators: [(Story) => <div style={{ width: 264, minHeight: 640, display: 'grid' }}>{Story()}</div>],
} satisfies Meta<typeof Sidebar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Desktop: Story = {
  globals: { viewport: { value: 'laptop', isRotated: false } },
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Leaderboard' })).toHaveAttribute('aria-current', 'page');
  },
};

export const MobileDrawerOpen: Story = {
  args: { open: true },
  globals: { viewport: { value: 'mobile390', isRotated: false } },
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).toHaveBeenCalled();
  },
};

export const MobileDrawerClosed: Story = {
  globals: { viewport: { value: 'mobile390', isRotated: false } },
};
