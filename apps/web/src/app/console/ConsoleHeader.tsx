import { Button, Header, Logo } from '@fantasy-cricket/ui';
import { useAtom } from 'jotai';
import { Link } from 'react-router-dom';
import * as styles from '../shell/AppHeader.css';
import { sidebarCollapsedAtom, sidebarOpenAtom } from '../shell/atoms';
import { useWideScreen } from '../shell/useWideScreen';
import { CONSOLE_SIDEBAR_ID } from './ids';

/**
 * The console's banner: the hamburger (drawer on phones, column from 900px, as in /home), the logo
 * (to the console's first screen) and "Back to the app".
 */
export function ConsoleHeader({ withMenu = true }: { withMenu?: boolean }) {
  const [menuOpen, setMenuOpen] = useAtom(sidebarOpenAtom);
  const [collapsed, setCollapsed] = useAtom(sidebarCollapsedAtom);
  const wide = useWideScreen();
  const menu = withMenu
    ? {
        onMenuClick: () => (wide ? setCollapsed(!collapsed) : setMenuOpen((open) => !open)),
        menuOpen: wide ? !collapsed : menuOpen,
        menuControls: CONSOLE_SIDEBAR_ID,
      }
    : {};
  return (
    <Header
      logo={
        <Link to="/console" aria-label="Fantasy Cricket operator console">
          <Logo className={styles.fullLogo} />
          <Logo markOnly className={styles.markLogo} aria-hidden="true" />
        </Link>
      }
      {...menu}
      actions={
        <Button asChild variant="secondary" size="sm">
          <Link to="/home">Back to the app</Link>
        </Button>
      }
    />
  );
}
