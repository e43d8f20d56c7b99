import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { vars } from '../../theme/contract.css';
import { Button } from '../Button/Button';
import { Logo } from '../Logo/Logo';
import { AdSlot } from './AdSlot';

/** The house promotion shown until an ad provider is configured. */
function HousePromo() {
  return (
    <div
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: '1rem',
        padding: '1.25rem 1.5rem',
        background: `linear-gradient(120deg, ${vars.color.surfaceBrand}, ${vars.color.primaryActive})`,
        color: vars.color.onSurfaceBrand,
        borderRadius: 12,
      }}
    >
      <div style={{ display: 'grid', gap: '0.35rem', minWidth: 0 }}>
        <Logo size="sm" />
        <strong style={{ fontSize: '1.25rem', lineHeight: 1.2 }}>Bring your mates to the crease</strong>
        <span style={{ opacity: 0.95 }}>Start a private league and share the code. It’s free.</span>
      </div>
      <Button asChild style={{ background: vars.color.accent, color: vars.color.onAccent, boxShadow: 'none' }}>
        <a href="#start-league">Start a League</a>
      </Button>
    </div>
  );
}

const meta = {
  title: 'Content/AdSlot',
  component: AdSlot,
  tags: ['autodocs'],
  args: { slot: 'profile-sidebar', children: <HousePromo /> },
  decorators: [(Story) => <div style={{ maxWidth: 720 }}>{Story()}</div>],
} satisfies Meta<typeof AdSlot>;

export default meta;
type Story = StoryObj<typeof meta>;

export const HousePromotion: Story = {
  play: async ({ canvas }) => {
    const region = canvas.getByRole('region', { name: 'Advertisement' });
    await expect(region).toHaveAttribute('data-ad-slot', 'profile-sidebar');
  },
};

export const Mobile: Story = { globals: { viewport: { value: 'mobile390', isRotated: false } } };

export const EmptySlot: Story = { args: { children: undefined } };
