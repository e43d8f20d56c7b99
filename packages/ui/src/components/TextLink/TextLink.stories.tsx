import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Text } from '../Text/Text';
import { TextLink } from './TextLink';

const meta = {
  title: 'Layout/TextLink',
  component: TextLink,
  tags: ['autodocs'],
  argTypes: {
    children: { description: 'The link text: names the destination.' },
    href: { description: 'Destination URL (any `<a>` attribute is passed on).' },
  },
  args: { href: '#contact', children: 'Contact Us' },
} satisfies Meta<typeof TextLink>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '#contact');
  },
};

export const InText: Story = {
  render: (args) => (
    <Text>
      Registration Successful !!{' '}
      <TextLink {...args} href="#login">
        Proceed to Login
      </TextLink>
    </Text>
  ),
};

export const AsChild: Story = {
  args: {
    asChild: true,
    children: (
      <button type="button" style={{ background: 'none', border: 0, padding: 0, font: 'inherit' }}>
        Forgot password?
      </button>
    ),
  },
};
