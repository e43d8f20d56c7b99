/** Query keys of the account area. */
export const accountKeys = {
  all: ['account'] as const,
  profile: (userId: number) => [...accountKeys.all, 'profile', userId] as const,
};
