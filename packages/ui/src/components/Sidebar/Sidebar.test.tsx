import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SidebarLink } from '../SidebarLink/SidebarLink';
import { Sidebar } from './Sidebar';

describe('Sidebar', () => {
  it('is a labelled navigation landmark', () => {
    render(
      <Sidebar open={false} onClose={() => {}} label="Main">
        <SidebarLink href="/home/view-faqs">FAQ</SidebarLink>
      </Sidebar>,
    );
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('closes on Escape while open', async () => {
    const onClose = vi.fn();
    render(
      <Sidebar open onClose={onClose}>
        <SidebarLink href="/home/view-faqs">FAQ</SidebarLink>
      </Sidebar>,
    );
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('does not listen for Escape while closed', async () => {
    const onClose = vi.fn();
    render(<Sidebar open={false} onClose={onClose} />);
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes after a link is chosen and from the backdrop', () => {
    const onClose = vi.fn();
    render(
      <Sidebar open onClose={onClose}>
        <SidebarLink href="#faq">FAQ</SidebarLink>
      </Sidebar>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'FAQ' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByTestId('sidebar-backdrop'));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
