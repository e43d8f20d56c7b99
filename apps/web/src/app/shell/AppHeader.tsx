import { Button, Header, Logo } from '@fantasy-cricket/ui';
import { shellMessages } from '@fantasy-cricket/rules';
import { useAtom, useAtomValue } from 'jotai';
import { Link, useLocation } from 'react-router-dom';
import { storedUserAtom } from '../../shared/atoms';
import * as styles from './AppHeader.css';
import { SIDEBAR_ID, sidebarCollapsedAtom, sidebarOpenAtom } from './atoms';
import { useWideScreen } from './useWideScreen';

export function isHomePath(pathname: string): boolean {
  return pathname === '/home' || pathname.startsWith('/home/');
}

/**
 * The header of every screen. The logo is a plain link so going home reloads the page (spec
 * section 2). On /home paths it shows the hamburger and the greeting; elsewhere a way in. The
 * hamburger opens the drawer on phones and collapses or expands the sidebar column from 900px.
 */
export function AppHeader() {
  const { pathname } = useLocation();
  const user = useAtomValue(storedUserAtom);
  const [menuOpen, setMenuOpen] = useAtom(sidebarOpenAtom);
  const [collapsed, setCollapsed] = useAtom(sidebarCollapsedAtom);
  const wide = useWideScreen();
  const home = isHomePath(pathname);

  const logo = (
    <a href="/home" aria-label="Fantasy Cricket home">
      {home ? (
        <>
          <Logo className={styles.fullLogo} />
          <Logo markOnly className={styles.markLogo} aria-hidden="true" />
        </>
      ) : (
        <Logo />
      )}
    </a>
  );

  if (home) {
    return (
      <Header
        logo={logo}
        greeting={user ? shellMessages.greeting(user.firstName) : undefined}
        onMenuClick={() => (wide ? setCollapsed(!collapsed) : setMenuOpen((open) => !open))}
        menuOpen={wide ? !collapsed : menuOpen}
        menuControls={SIDEBAR_ID}
      />
    );
  }

  let actions = null;
  if (user) {
    actions = (
      <Button asChild variant="secondary" size="sm">
        <Link to="/home">My Home</Link>
      </Button>
    );
  } else if (pathname !== '/landing' && pathname !== '/login') {
    actions = (
      <Button asChild variant="secondary" size="sm">
        <Link to="/login">Log In</Link>
      </Button>
    );
  }
  return <Header logo={logo} actions={actions} />;
}
