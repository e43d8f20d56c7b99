import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { api, unwrap } from '../../shared/api';
import { storedUserAtom } from '../../shared/atoms';
import { clearServerState } from '../../data/query-client';

/**
 * Sign Out (spec section 4): end the server session, clear local and session storage, go to
 * /landing. The storage is cleared even when the call fails (the person asked to leave).
 */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  const setUser = useSetAtom(storedUserAtom);
  return useCallback(async () => {
    try {
      await unwrap(api.POST('/session/sign_out'));
    } catch (error) {
      console.warn('Sign out call failed', error);
    }
    setUser(null);
    clearServerState();
    navigate('/landing', { replace: true });
  }, [navigate, setUser]);
}
