import { Sidebar, SidebarLink } from '@fantasy-cricket/ui';
import { useAtom } from 'jotai';
import { NavLink } from 'react-router-dom';
import { BackIcon } from '../../shared/icons';
import { sidebarOpenAtom } from '../shell/atoms';
import { CONSOLE_SIDEBAR_ID } from './ids';
import { consoleScreens } from './screens';

/** The console's navigation: its screens, then the way back to the app. */
export function ConsoleSidebar() {
  const [open, setOpen] = useAtom(sidebarOpenAtom);
  const close = () => setOpen(false);
  return (
    <Sidebar id={CONSOLE_SIDEBAR_ID} open={open} onClose={close} label="Console navigation">
      {consoleScreens.map((screen) => (
        <SidebarLink key={screen.path} asChild icon={screen.icon}>
          <NavLink to={`/console/${screen.path}`} onClick={close}>
            {screen.label}
          </NavLink>
        </SidebarLink>
      ))}
      <SidebarLink asChild icon={<BackIcon />}>
        <NavLink to="/home" end onClick={close}>
          Back to the app
        </NavLink>
      </SidebarLink>
    </Sidebar>
  );
}
