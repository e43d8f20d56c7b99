import type { QueryClient } from '@tanstack/react-query';
import { operatorKeys } from './keys';

/**
 * What the console's writes change, for the mutations of this area to invalidate (each mutation file
 * names which it calls).
 */

/** An applied import (a file, a result, a fetch): the history, the audit log, the seasons' counts, fixtures and health. */
export function invalidateAfterImport(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: operatorKeys.imports() }),
    queryClient.invalidateQueries({ queryKey: operatorKeys.audit() }),
    queryClient.invalidateQueries({ queryKey: operatorKeys.seasons() }),
    queryClient.invalidateQueries({ queryKey: operatorKeys.allFixtures() }),
    queryClient.invalidateQueries({ queryKey: operatorKeys.allHealth() }),
    queryClient.invalidateQueries({ queryKey: operatorKeys.fetch() }),
  ]);
}

/** A grant or revoke: the operators, the audit log and (for oneself) the operator status. */
export function invalidateOperators(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: operatorKeys.operators() }),
    queryClient.invalidateQueries({ queryKey: operatorKeys.audit() }),
    queryClient.invalidateQueries({ queryKey: operatorKeys.status() }),
  ]);
}
