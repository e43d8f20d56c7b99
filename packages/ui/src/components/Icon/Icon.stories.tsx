import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { vars } from '../../theme/contract.css';
import { Stack } from '../Stack/Stack';
import { Icon } from './Icon';

const meta = {
  title: 'Foundations/Icon',
  component: Icon,
  tags: ['autodocs'],
  args: {
    size: 20,
    children: (
      <>
        <path d="M8 21h8M12 17v4M7 4h10v5a5 5 0 0 1-10 0V4z" />
        <path d="M17 5h3v2a3 3 0 0 1-3 3M7 5H4v2a3 3 0 0 0 3 3" />
      </>
    ),
  },
  argTypes: {
    children: {
      description: 'The drawing: `<path>`s etc. on the 24 × 24 grid.',
      control: false,
      table: { type: { summary: 'ReactNode (SVG elements)' } },
    },
    size: { control: { type: 'range', min: 12, max: 48, step: 2 } },
  },
} satisfies Meta<typeof Icon>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A trophy drawn in the frame: 2 px round strokes in the text colour, hidden from screen readers. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const svg = canvasElement.querySelector('svg');
    await expect(svg).toHaveAttribute('aria-hidden', 'true');
    await expect(svg).toHaveAttribute('width', '20');
    await expect(svg).toHaveAttribute('stroke', 'currentColor');
  },
};

/** The sizes the kit and the app use: 16 (table sort), 18 (table actions), 20 (navigation), 24. */
export const Sizes: Story = {
  render: (args) => (
    <Stack direction="row" gap="md" align="center">
      {[16, 18, 20, 24].map((size) => (
        <Icon key={size} {...args} size={size} />
      ))}
    </Stack>
  ),
};

/** It inherits `color`: here the theme's primary colour. */
export const InheritsColour: Story = {
  render: (args) => (
    <span style={{ color: vars.color.primary }}>
      <Icon {...args} size={24} />
    </span>
  ),
};
