import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { DemoFooter } from '../../stories/demo';
import { Footer } from './Footer';

const meta = {
  title: 'App shell/Footer',
  component: Footer,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  render: () => <DemoFooter />,
} satisfies Meta<typeof Footer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('contentinfo')).toHaveTextContent('© 2025');
    await expect(canvas.getByRole('link', { name: 'Contact Us' })).toBeInTheDocument();
  },
};

export const Mobile: Story = { globals: { viewport: { value: 'mobile390', isRotated: false } } };
