/** Query keys of the account area. */
export const accountKeys = {
  all: ['account'] as const,
  profile: (userId: number) => [...accountKeys.all, 'profile', userId] as const,
  /** The outcome of an emailed link (one per token): verification, unsubscribe. */
  emailLink: (kind: 'verify-email' | 'unsubscribe', token: string) => [...accountKeys.all, kind, token] as const,
};
