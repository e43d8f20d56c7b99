import { QueryClientProvider } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { storedUserAtom } from '../shared/atoms';
import { getQueryClientFor } from './query-client';

/**
 * The cache for the screens that read server data: the signed-in shell (HomeLayout) renders it, so
 * the query library stays out of the landing page's first load (docs/performance.md). The cache
 * belongs to the signed-in user: another user starts with an empty one.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const userId = useAtomValue(storedUserAtom)?.userId ?? null;
  return <QueryClientProvider client={getQueryClientFor(userId)}>{children}</QueryClientProvider>;
}
