import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { contentKeys } from './keys';

export const faqsQueryOptions = () =>
  queryOptions({
    queryKey: contentKeys.faqs(),
    queryFn: ({ signal }) => unwrap(api.GET('/faq/', { signal })),
    staleTime: 5 * 60_000,
  });

/** GET /faq/: the questions and answers. */
export function useFaqsQuery() {
  return useQuery(faqsQueryOptions());
}
