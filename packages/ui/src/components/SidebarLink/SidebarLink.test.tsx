import { render, screen } from '@testing-library/react';
import { forwardRef } from 'react';
import { describe, expect, it } from 'vitest';
import { SidebarLink } from './SidebarLink';

// A stand-in for react-router's NavLink: it sets aria-current on the active route.
const FakeNavLink = forwardRef<HTMLAnchorElement, { to: string; active?: boolean; children?: React.ReactNode }>(
  function FakeNavLink({ to, active, children, ...rest }, ref) {
    return (
      <a ref={ref} href={to} aria-current={active ? 'page' : undefined} {...rest}>
        {children}
      </a>
    );
  },
);

describe('SidebarLink', () => {
  it('styles a router link through asChild, keeping the icon inside the link', () => {
    render(
      <SidebarLink asChild icon={<svg data-testid="icon" />}>
        <FakeNavLink to="/home/view-leaderboard" active>
          Leaderboard
        </FakeNavLink>
      </SidebarLink>,
    );
    const link = screen.getByRole('link', { name: 'Leaderboard' });
    expect(link).toHaveAttribute('href', '/home/view-leaderboard');
    expect(link).toHaveAttribute('aria-current', 'page');
    expect(link).toContainElement(screen.getByTestId('icon'));
    expect(link.className).not.toBe('');
  });

  it('adds a count to the item: drawn as a pill, read after the label; nothing at 0', () => {
    const { rerender } = render(
      <SidebarLink asChild badge={{ count: 2, label: '2 requests waiting' }}>
        <FakeNavLink to="/home/view-league-members">League Members</FakeNavLink>
      </SidebarLink>,
    );
    const link = screen.getByRole('link', { name: 'League Members (2 requests waiting)' });
    expect(link).toHaveTextContent(/^League Members \(2 requests waiting\)2$/);
    rerender(
      <SidebarLink asChild badge={{ count: 120, label: '120 requests waiting' }}>
        <FakeNavLink to="/home/view-league-members">League Members</FakeNavLink>
      </SidebarLink>,
    );
    expect(screen.getByRole('link', { name: 'League Members (120 requests waiting)' })).toHaveTextContent('99+');
    rerender(
      <SidebarLink asChild badge={{ count: 0, label: 'none' }}>
        <FakeNavLink to="/home/view-league-members">League Members</FakeNavLink>
      </SidebarLink>,
    );
    expect(screen.getByRole('link', { name: 'League Members' })).toHaveTextContent(/^League Members$/);
  });

  it('puts the count on the icon when there is one (the label keeps its room)', () => {
    render(
      <SidebarLink asChild icon={<svg data-testid="icon" />} badge={{ count: 3, label: '3 requests waiting' }}>
        <FakeNavLink to="/home/view-league-members">League Members</FakeNavLink>
      </SidebarLink>,
    );
    const link = screen.getByRole('link', { name: 'League Members (3 requests waiting)' });
    const icon = screen.getByTestId('icon').parentElement as HTMLElement;
    expect(icon).toHaveAttribute('aria-hidden', 'true');
    expect(icon).toHaveTextContent(/^3$/);
    expect(link).toHaveTextContent(/^3League Members \(3 requests waiting\)$/);
  });
});
