import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { storedUserAtom } from '../shared/atoms';

/** /home and its children need a stored user (spec section 6); anyone else goes to /landing. */
export function RequireUser({ children }: { children: ReactNode }) {
  const user = useAtomValue(storedUserAtom);
  if (!user) return <Navigate to="/landing" replace />;
  return children;
}
