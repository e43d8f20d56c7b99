import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { storedUserAtom } from '../shared/atoms';
import { rememberInvite } from '../shared/returnTo';

/**
 * /home and its children need a stored user (spec section 6); anyone else goes to /landing. An invite
 * link (Join a League with a code), or a result email's score details link, is remembered on the way
 * and opened after the login.
 */
export function RequireUser({ children }: { children: ReactNode }) {
  const user = useAtomValue(storedUserAtom);
  const { pathname, search } = useLocation();
  if (!user) {
    rememberInvite(`${pathname}${search}`);
    return <Navigate to="/landing" replace />;
  }
  return children;
}
