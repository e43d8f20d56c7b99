import type { Meta, StoryObj } from '@storybook/react-vite';
import { Stack } from '../Stack/Stack';
import { Text, textSizes, textTones, textWeights } from './Text';

const meta = {
  title: 'Layout/Text',
  component: Text,
  tags: ['autodocs'],
  args: { children: 'Make your picks before the first ball is bowled.' },
  argTypes: {
    children: { description: 'The text (or inline elements).' },

    tone: { control: 'inline-radio', options: textTones },
    size: { control: 'inline-radio', options: textSizes },
    weight: { control: 'inline-radio', options: textWeights },
  },
} satisfies Meta<typeof Text>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Tones: Story = {
  render: (args) => (
    <Stack gap="sm">
      {textTones.map((tone) => (
        <Text key={tone} {...args} tone={tone}>
          {tone}: Your email has been verified successfully!
        </Text>
      ))}
    </Stack>
  ),
};

export const Sizes: Story = {
  render: (args) => (
    <Stack gap="sm">
      {textSizes.map((size) => (
        <Text key={size} {...args} size={size}>
          {size}: The quick single turned into a risky second run.
        </Text>
      ))}
    </Stack>
  ),
};

export const Inline: Story = {
  render: () => (
    <Text>
      You have{' '}
      <Text as="strong" weight="bold">
        42 points
      </Text>{' '}
      and are{' '}
      <Text as="span" tone="success" weight="semibold">
        up 3 places
      </Text>{' '}
      this week.
    </Text>
  ),
};
