import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor } from 'storybook/test';
import { Button } from '../Button/Button';
import { Stack } from '../Stack/Stack';
import { TextField } from '../TextField/TextField';
import { Tooltip, tooltipSides } from './Tooltip';

const meta = {
  title: 'Overlays/Tooltip',
  component: Tooltip,
  tags: ['autodocs'],
  args: {
    content: 'This is what your name will look like to other participants in this league.',
    children: <Button variant="secondary">Gamer Name?</Button>,
    side: 'top',
  },
  argTypes: { side: { control: 'inline-radio', options: tooltipSides } },
  decorators: [(Story) => <div style={{ padding: '4rem 1rem 1rem' }}>{Story()}</div>],
} satisfies Meta<typeof Tooltip>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const ShowsOnKeyboardFocus: Story = {
  play: async ({ userEvent }) => {
    await userEvent.tab();
    await waitFor(() => expect(screen.getByRole('tooltip')).toHaveTextContent(/other participants/));
  },
};

export const ShowsOnHover: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.hover(canvas.getByRole('button', { name: 'Gamer Name?' }));
    await waitFor(() => expect(screen.getByRole('tooltip')).toBeInTheDocument(), { timeout: 2000 });
  },
};

export const OnAFeatureName: Story = {
  args: {
    content: 'Predict which team wins the toss.',
    side: 'right',
    children: (
      <button
        type="button"
        style={{ all: 'unset', cursor: 'help', textDecoration: 'underline dotted', borderRadius: 4 }}
      >
        Toss Winner
      </button>
    ),
  },
};

export const NextToAField: Story = {
  render: (args) => (
    <Stack gap="xs" direction="row" align="end">
      <TextField label="Gamer Name" />
      <Tooltip {...args}>
        <Button variant="ghost" aria-label="About gamer names">
          ?
        </Button>
      </Tooltip>
    </Stack>
  ),
};
