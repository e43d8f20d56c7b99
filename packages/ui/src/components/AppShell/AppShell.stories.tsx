import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { DemoFooter, DemoShell } from '../../stories/demo';
import { AdSlot } from '../AdSlot/AdSlot';
import { Button } from '../Button/Button';
import { Card } from '../Card/Card';
import { Header } from '../Header/Header';
import { Heading } from '../Heading/Heading';
import { Logo } from '../Logo/Logo';
import { Stack } from '../Stack/Stack';
import { Text } from '../Text/Text';
import { AppShell } from './AppShell';

function HomeContent() {
  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <Heading level={1}>Leaderboard</Heading>
        <Text tone="muted">Big Bash Friends · Match Prediction</Text>
      </Stack>
      <Card title="Daily Challenges" actions={<Button size="sm">Join</Button>}>
        <Text>Pick today’s winners in a public league and climb the table.</Text>
      </Card>
      <Card title="This week">
        <Text>Asha is up 3 places with 41 points gained this round.</Text>
      </Card>
      <AdSlot slot="home">
        <Card>
          <Text weight="semibold">Invite your mates: start a private league and share the code.</Text>
        </Card>
      </AdSlot>
    </Stack>
  );
}

const meta = {
  title: 'App shell/AppShell',
  component: AppShell,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: { header: null, footer: null },
  render: () => (
    <DemoShell>
      <HomeContent />
    </DemoShell>
  ),
} satisfies Meta<typeof AppShell>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Desktop: Story = {
  globals: { viewport: { value: 'laptop', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('banner')).toBeInTheDocument();
    await expect(canvas.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    await expect(canvas.getByRole('main')).toBeInTheDocument();
    await expect(canvas.getByRole('contentinfo')).toBeInTheDocument();
  },
};

/** From 900px the hamburger collapses the sidebar column (the content takes its room) and expands it again. */
export const DesktopSidebarCollapses: Story = {
  globals: { viewport: { value: 'laptop', isRotated: false } },
  play: async ({ canvas, userEvent }) => {
    const menu = canvas.getByRole('button', { name: 'Menu' });
    const nav = canvas.getByRole('navigation', { name: 'Main' });
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(nav).toBeVisible();
    const before = canvas.getByRole('main').getBoundingClientRect().width;
    await userEvent.click(menu);
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(nav).not.toBeVisible());
    await expect(canvas.getByRole('main').getBoundingClientRect().width).toBeGreaterThan(before);
    await userEvent.click(menu);
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(nav).toBeVisible();
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile390', isRotated: false } },
};

export const MobileMenuOpen: Story = {
  globals: { viewport: { value: 'mobile390', isRotated: false } },
  play: async ({ canvas, userEvent }) => {
    const menu = canvas.getByRole('button', { name: 'Menu' });
    await userEvent.click(menu);
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    const nav = canvas.getByRole('navigation', { name: 'Main' });
    await expect(nav).toHaveAttribute('data-state', 'open');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(nav).toHaveAttribute('data-state', 'closed'));
  },
};

export const WithoutSidebar: Story = {
  render: () => (
    <AppShell
      header={
        <Header
          logo={
            <a href="#landing">
              <Logo />
            </a>
          }
          actions={
            <Button asChild size="sm" variant="secondary">
              <a href="#login">Log in</a>
            </Button>
          }
        />
      }
      footer={<DemoFooter />}
    >
      <Stack gap="lg" align="start">
        <Heading level={1}>Welcome to Fantasy Cricket</Heading>
        <Text size="lg" tone="muted">
          Create leagues with friends, make your picks for every fixture and climb the leaderboard.
        </Text>
        <Stack gap="sm" direction="row" wrap>
          <Button size="lg">Sign Up</Button>
          <Button size="lg" variant="secondary">
            Log In
          </Button>
        </Stack>
      </Stack>
    </AppShell>
  ),
};
