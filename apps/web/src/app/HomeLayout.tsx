import { AppShell } from '@fantasy-cricket/ui';
import { AppFooter } from '../features/shell/AppFooter';
import { AppHeader } from '../features/shell/AppHeader';
import { AppSidebar } from '../features/shell/AppSidebar';
import { Content } from './layouts';

/**
 * /home screens: header with greeting and hamburger, the sidebar, the footer. Its own lazy chunk
 * (routes.tsx), with the navigation and Sign Out, so the public pages never load it.
 */
export default function HomeLayout() {
  return (
    <AppShell header={<AppHeader />} sidebar={<AppSidebar />} footer={<AppFooter />}>
      <Content />
    </AppShell>
  );
}
