import { Sidebar, SidebarLink } from '@fantasy-cricket/ui';
import { messages, shellMessages } from '@fantasy-cricket/rules';
import { useAtom, useAtomValue } from 'jotai';
import { NavLink } from 'react-router-dom';
import { SIDEBAR_ID, sidebarOpenAtom } from './atoms';
import { ConsoleIcon, SignOutIcon } from '../../shared/icons';
import { usePendingRequestsQuery } from '../../data/leagues/user-leagues-query';
import { useOperatorStatusQuery } from '../../data/operator/status-query';
import { storedUserAtom } from '../../shared/atoms';
import { homeScreens } from '../../shared/navigation';
import { useSignOut } from './useSignOut';

/**
 * The /home navigation: active link highlighted (aria-current), closes after a choice on phones. Site
 * operators also get the link to the operator console (the server says who is one). League Members
 * carries the number of join requests waiting for the user's decision in the leagues they admin.
 */
export function AppSidebar() {
  const [open, setOpen] = useAtom(sidebarOpenAtom);
  const signOut = useSignOut();
  const operator = useOperatorStatusQuery();
  const waiting = usePendingRequestsQuery(useAtomValue(storedUserAtom)?.userId ?? 0).data ?? 0;
  const close = () => setOpen(false);

  return (
    <Sidebar id={SIDEBAR_ID} open={open} onClose={close} label="Main navigation">
      {homeScreens.map((screen) => (
        <SidebarLink
          key={screen.path}
          asChild
          icon={screen.icon}
          badge={
            screen.path === 'view-league-members'
              ? { count: waiting, label: messages.members.requestsWaiting(waiting) }
              : undefined
          }
        >
          <NavLink to={`/home/${screen.path}`} onClick={close}>
            {screen.label}
          </NavLink>
        </SidebarLink>
      ))}
      {operator.data === true ? (
        <SidebarLink asChild icon={<ConsoleIcon />}>
          <NavLink to="/console" onClick={close}>
            Operator console
          </NavLink>
        </SidebarLink>
      ) : null}
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
