import { AppShell, Spinner } from '@fantasy-cricket/ui';
import { useSetAtom } from 'jotai';
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { AppFooter } from './shell/AppFooter';
import { AppHeader } from './shell/AppHeader';
import { sidebarOpenAtom } from './shell/atoms';
import { GlobalLoadingOverlay, GlobalNotification } from './GlobalFeedback';
import { OfflineBanner } from '../shared/offline/OfflineBanner';
import * as styles from './layouts.css';

/** A centred spinner while a lazy chunk (a screen, the signed-in shell) loads. */
export function ScreenFallback() {
  return (
    <div className={styles.fallback}>
      <Spinner />
    </div>
  );
}

/** Scrolls to the top and closes the phone sidebar whenever the path changes. */
function RouteChangeEffects() {
  const { pathname } = useLocation();
  const setSidebarOpen = useSetAtom(sidebarOpenAtom);
  useEffect(() => {
    setSidebarOpen(false);
    window.scrollTo?.({ top: 0 });
  }, [pathname, setSidebarOpen]);
  return null;
}

/** Wraps every route: the offline banner, the global overlay and notification live here, inside the router. */
export function RootLayout() {
  return (
    <>
      <RouteChangeEffects />
      <OfflineBanner />
      <GlobalLoadingOverlay />
      <GlobalNotification />
      {/* The signed-in shell (HomeLayout) is a lazy chunk: public pages never load it. */}
      <Suspense fallback={<ScreenFallback />}>
        <Outlet />
      </Suspense>
    </>
  );
}

/** The screen of the current route, a spinner while its lazy chunk loads. */
export function Content() {
  return (
    <Suspense fallback={<ScreenFallback />}>
      <Outlet />
    </Suspense>
  );
}

/** Anonymous screens: header and footer, no sidebar. */
export function PublicLayout() {
  return (
    <AppShell header={<AppHeader />} footer={<AppFooter />}>
      <Content />
    </AppShell>
  );
}
