import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { operatorKeys } from './keys';
import type { VendorName } from './types';

export const vendorCompetitionsQueryOptions = (vendor: VendorName, enabled: boolean) =>
  queryOptions({
    queryKey: operatorKeys.vendorCompetitions(vendor),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/operator/vendors/{vendor}/competitions', { params: { path: { vendor } }, signal })),
    enabled,
  });

/** GET /operator/vendors/{vendor}/competitions: its live and upcoming competitions (a call to the vendor). */
export function useVendorCompetitionsQuery(vendor: VendorName, enabled: boolean) {
  return useQuery(vendorCompetitionsQueryOptions(vendor, enabled));
}
