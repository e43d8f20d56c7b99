import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { TextArea } from './TextArea';

const meta = {
  title: 'Forms/TextArea',
  component: TextArea,
  tags: ['autodocs'],
  argTypes: {
    name: {
      description: 'Form field name (any `<textarea>` attribute is passed on, e.g. react-hook-form `register`).',
    },
    placeholder: { description: 'An example of the expected text; never instead of the label.' },
  },
  args: {
    label: 'League Description',
    name: 'description',
    placeholder: 'Describe the rules and format of your league, e.g. weekly picks, no late changes…',
  },
  decorators: [(Story) => <div style={{ maxWidth: 520 }}>{Story()}</div>],
} satisfies Meta<typeof TextArea>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const WithCounter: Story = {
  args: { maxLength: 200 },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'League Description' }), 'Friends and family league');
    await expect(canvas.getByText(/25 \/ 200/)).toBeInTheDocument();
  },
};

export const NearLimit: Story = { args: { maxLength: 40, defaultValue: 'Weekly picks, no late changes, have fun' } };

export const WithError: Story = {
  args: { label: 'Message', required: true, error: 'Message is required.', placeholder: '' },
};

export const Disabled: Story = { args: { disabled: true, defaultValue: 'Only the league admin can edit this.' } };
