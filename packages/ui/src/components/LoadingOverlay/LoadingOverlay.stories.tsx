import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Card } from '../Card/Card';
import { Text } from '../Text/Text';
import { LoadingOverlay } from './LoadingOverlay';

const meta = {
  title: 'Feedback/LoadingOverlay',
  component: LoadingOverlay,
  tags: ['autodocs'],
  args: { visible: true },
  parameters: { layout: 'fullscreen', docs: { story: { inline: false, iframeHeight: 360 } } },
  render: (args) => (
    <div style={{ padding: '1.5rem' }}>
      <Card title="My Leagues">
        <Text>The page underneath is covered while a request runs.</Text>
      </Card>
      <LoadingOverlay {...args} />
    </div>
  ),
} satisfies Meta<typeof LoadingOverlay>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Visible: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Processing your request, please wait...');
  },
};

export const CustomText: Story = { args: { text: 'Saving your selections…' } };

export const Hidden: Story = {
  args: { visible: false },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('status')).toBeNull();
  },
};
