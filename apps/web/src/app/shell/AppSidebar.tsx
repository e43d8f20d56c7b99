import { Sidebar, SidebarLink } from '@fantasy-cricket/ui';
import { shellMessages } from '@fantasy-cricket/rules';
import { useAtom } from 'jotai';
import { NavLink } from 'react-router-dom';
import { SIDEBAR_ID, sidebarOpenAtom } from './atoms';
import { SignOutIcon } from '../../shared/icons';
import { homeScreens } from '../../shared/navigation';
import { useSignOut } from './useSignOut';

/** The /home navigation: active link highlighted (aria-current), closes after a choice on phones. */
export function AppSidebar() {
  const [open, setOpen] = useAtom(sidebarOpenAtom);
  const signOut = useSignOut();
  const close = () => setOpen(false);

  return (
    <Sidebar id={SIDEBAR_ID} open={open} onClose={close} label="Main navigation">
      {homeScreens.map((screen) => (
        <SidebarLink key={screen.path} asChild icon={screen.icon}>
          <NavLink to={`/home/${screen.path}`} onClick={close}>
            {screen.label}
          </NavLink>
        </SidebarLink>
      ))}
      <SidebarLink asChild icon={<SignOutIcon />}>
        <button
          type="button"
          onClick={() => {
            close();
            void signOut();
          }}
        >
          {shellMessages.nav.signOut}
        </button>
      </SidebarLink>
    </Sidebar>
  );
}
