import type { Meta, StoryObj } from '@storybook/react-vite';
import { sharedTokens } from '../../theme/tokens';
import { vars } from '../../theme/contract.css';
import { Stack, stackAlignments, stackDirections, stackJustifications } from './Stack';

const Box = ({ label }: { label: string }) => (
  <div
    style={{
      padding: '0.75rem 1rem',
      borderRadius: 8,
      background: vars.color.primarySubtle,
      color: vars.color.primaryText,
      fontWeight: 600,
    }}
  >
    {label}
  </div>
);

const meta = {
  title: 'Layout/Stack',
  component: Stack,
  tags: ['autodocs'],
  args: {
    gap: 'md',
    children: [<Box key="1" label="Bat" />, <Box key="2" label="Ball" />, <Box key="3" label="Stumps" />],
  },
  argTypes: {
    children: { description: 'The elements to lay out.', control: false },

    gap: { control: 'select', options: Object.keys(sharedTokens.space) },
    direction: { control: 'inline-radio', options: stackDirections },
    align: { control: 'inline-radio', options: stackAlignments },
    justify: { control: 'inline-radio', options: stackJustifications },
  },
} satisfies Meta<typeof Stack>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Column: Story = {};
export const Row: Story = { args: { direction: 'row', align: 'center' } };
export const RowWrap: Story = {
  args: {
    direction: 'row',
    wrap: true,
    gap: 'sm',
    children: Array.from({ length: 12 }, (_, i) => <Box key={i} label={`Over ${i + 1}`} />),
  },
};
export const SpaceBetween: Story = { args: { direction: 'row', justify: 'between', align: 'center' } };
