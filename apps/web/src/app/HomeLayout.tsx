import { AppShell } from '@fantasy-cricket/ui';
import { useAtomValue } from 'jotai';
import { LiveProvider } from '../data/live/LiveProvider';
import { QueryProvider } from '../data/QueryProvider';
import { AppFooter } from './shell/AppFooter';
import { AppHeader } from './shell/AppHeader';
import { AppSidebar } from './shell/AppSidebar';
import { sidebarCollapsedAtom } from './shell/atoms';
import { Content } from './layouts';
import * as styles from './layouts.css';

/**
 * /home screens: header with greeting and hamburger, the sidebar, the footer. Its own lazy chunk
 * (routes.tsx), with the navigation and Sign Out, so the public pages never load it. It holds the
 * server-state cache (TanStack Query) of the screens, so that library is not part of the public pages
 * either. The live provider (one event stream per tab for the open screens) sits inside the cache it updates.
 */
export default function HomeLayout() {
  const sidebarCollapsed = useAtomValue(sidebarCollapsedAtom);
  return (
    <QueryProvider>
      <LiveProvider>
        <AppShell
          header={<AppHeader />}
          sidebar={<AppSidebar />}
          sidebarCollapsed={sidebarCollapsed}
          footer={<AppFooter />}
        >
          {/* At least a screen tall: the footer starts below the fold, so a screen's content arriving never pushes it. */}
          <div className={styles.screen}>
            <Content />
          </div>
        </AppShell>
      </LiveProvider>
    </QueryProvider>
  );
}
