import { LeagueMembersPage } from '../features/league-members/LeagueMembersPage';

export default function ViewLeagueMembersRoute() {
  return <LeagueMembersPage />;
}
