import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { vars } from '../../theme/contract.css';
import { Stack } from '../Stack/Stack';
import { Logo, logoSizes } from './Logo';

const meta = {
  title: 'App shell/Logo',
  component: Logo,
  tags: ['autodocs'],
  argTypes: { size: { control: 'inline-radio', options: logoSizes } },
} satisfies Meta<typeof Logo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Cricket')).toBeInTheDocument();
  },
};

export const OnBrandBand: Story = {
  render: (args) => (
    <div
      style={{
        background: vars.color.surfaceBrand,
        color: vars.color.onSurfaceBrand,
        padding: '1rem 1.5rem',
        borderRadius: 12,
      }}
    >
      <Logo {...args} />
    </div>
  ),
};

export const Sizes: Story = {
  render: () => (
    <Stack gap="lg">
      {logoSizes.map((size) => (
        <Logo key={size} size={size} />
      ))}
    </Stack>
  ),
};

export const MarkOnly: Story = {
  args: { markOnly: true, size: 'lg' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'Fantasy Cricket' })).toBeInTheDocument();
  },
};
