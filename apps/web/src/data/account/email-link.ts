/**
 * The links of the emails (verify-email, unsubscribe) post their token when the page opens: a write,
 * kept as a query of its outcome per token so it runs once per page view (a remount or React's
 * StrictMode reads the cached outcome instead of posting a one-use token again), never retried by
 * itself, never refetched; `refetch` is the screen's explicit Try Again.
 */
export const emailLinkOnce = {
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
  retry: false,
} as const;
