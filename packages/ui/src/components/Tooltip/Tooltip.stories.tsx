import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor } from 'storybook/test';
import { Button } from '../Button/Button';
import { Stack } from '../Stack/Stack';
import { TextField } from '../TextField/TextField';
import { oneOf } from '../../docs/DoDont';
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
  argTypes: {
    sideOffset: {
      description: 'Distance from the trigger in px (default 6).',
      table: { defaultValue: { summary: '6' } },
    },

    content: {
      description: 'The hint: one short sentence, plain text. Never the only place for information a user needs.',
      table: { type: { summary: 'ReactNode' } },
    },
    children: {
      description: 'One focusable element (button, link, input): the tooltip shows on its hover and keyboard focus.',
      control: false,
      table: { type: { summary: 'ReactElement (one focusable element)' } },
    },
    side: {
      description: 'Preferred side; the tooltip flips when there is no room.',
      control: 'inline-radio',
      options: tooltipSides,
      table: { type: oneOf(tooltipSides), defaultValue: { summary: "'top'" } },
    },
  },
  decorators: [(Story) => <div style={{ padding: '4rem 1rem 1rem' }}>{Story()}</div>],
} satisfies Meta<typeof Tooltip>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** Shown without hovering (`defaultOpen`), in its own frame: the docs page shows the open state. */
export const Open: Story = {
  tags: ['!dev', '!autodocs'],
  args: { defaultOpen: true },
  parameters: { docs: { story: { inline: false, height: '200px' } } },
  play: async () => {
    await expect(await screen.findByRole('tooltip')).toHaveTextContent(/other participants/);
  },
};

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
