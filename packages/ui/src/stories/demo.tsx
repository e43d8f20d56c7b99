/* Story-only fixtures: navigation icons and an app-shell composition like the web app's. */
import { type ReactNode, useState } from 'react';
import { AppShell } from '../components/AppShell/AppShell';
import { Footer } from '../components/Footer/Footer';
import { Header } from '../components/Header/Header';
import { Logo } from '../components/Logo/Logo';
import { Sidebar } from '../components/Sidebar/Sidebar';
import { SidebarLink } from '../components/SidebarLink/SidebarLink';
import { media } from '../theme/breakpoints';

const icon = (d: string) => (
  <svg
    aria-hidden="true"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    <path d={d} />
  </svg>
);

export const navItems = [
  { href: '#start-league', label: 'Start a League', icon: icon('M12 5v14M5 12h14') },
  {
    href: '#join-league',
    label: 'Join a League',
    icon: icon('M15 3h4a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-4M10 17l5-5-5-5M15 12H3'),
  },
  { href: '#view-my-leagues', label: 'My Leagues', icon: icon('M3 7h18M3 12h18M3 17h18') },
  {
    href: '#view-league-members',
    label: 'League Members',
    icon: icon('M16 21v-2a4 4 0 0 0-8 0v2M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8'),
  },
  {
    href: '#my-predictions',
    label: 'My Selections',
    icon: icon('M9 11l3 3 8-8M20 12v7a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h9'),
  },
  { href: '#all-predictions', label: 'All Selections', icon: icon('M4 4h16v16H4zM4 10h16M10 4v16') },
  {
    href: '#view-leaderboard',
    label: 'Leaderboard',
    icon: icon('M8 21h8M12 17v4M7 4h10v5a5 5 0 0 1-10 0zM17 5h3v2a3 3 0 0 1-3 3M7 5H4v2a3 3 0 0 0 3 3'),
  },
  {
    href: '#view-faqs',
    label: 'FAQ',
    icon: icon('M9.1 9a3 3 0 0 1 5.8 1c0 2-3 3-3 3M12 17h.01M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20'),
  },
  {
    href: '#view-profile',
    label: 'My Profile',
    icon: icon('M20 21a8 8 0 0 0-16 0M12 13a5 5 0 1 0 0-10 5 5 0 0 0 0 10'),
  },
] as const;

export const signOutIcon = icon('M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9');

export function DemoNavLinks({ active = '#view-leaderboard' }: { active?: string }) {
  return (
    <>
      {navItems.map((item) => (
        <SidebarLink
          key={item.href}
          href={item.href}
          icon={item.icon}
          aria-current={item.href === active ? 'page' : undefined}
        >
          {item.label}
        </SidebarLink>
      ))}
      <SidebarLink asChild icon={signOutIcon}>
        <button type="button">Sign Out</button>
      </SidebarLink>
    </>
  );
}

export function DemoFooter() {
  return (
    <Footer>
      <p>© 2025 Fantasy Cricket. All rights reserved.</p>
      <p style={{ display: 'flex', gap: '1.25rem', flexWrap: 'wrap', justifyContent: 'center' }}>
        <a href="#terms">Terms and Conditions</a>
        <a href="#privacy">Privacy Policy</a>
        <a href="#contact">Contact Us</a>
      </p>
    </Footer>
  );
}

export function DemoShell({
  children,
  withSidebar = true,
  initialOpen = false,
}: {
  children: ReactNode;
  withSidebar?: boolean;
  initialOpen?: boolean;
}) {
  const [open, setOpen] = useState(initialOpen);
  const [collapsed, setCollapsed] = useState(false);
  // As the app does: the hamburger opens the drawer on small screens, collapses the column from 900px.
  const wide = () => typeof window.matchMedia === 'function' && window.matchMedia(media.md).matches;
  return (
    <AppShell
      sidebarCollapsed={collapsed}
      header={
        <Header
          logo={
            <a href="#home">
              <Logo />
            </a>
          }
          greeting={withSidebar ? 'Hi, Asha !' : undefined}
          onMenuClick={withSidebar ? () => (wide() ? setCollapsed((c) => !c) : setOpen(true)) : undefined}
          menuOpen={wide() ? !collapsed : open}
          menuControls="demo-sidebar"
        />
      }
      sidebar={
        withSidebar ? (
          <Sidebar id="demo-sidebar" open={open} onClose={() => setOpen(false)} label="Main">
            <DemoNavLinks />
          </Sidebar>
        ) : undefined
      }
      footer={<DemoFooter />}
    >
      {children}
    </AppShell>
  );
}
