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
});
