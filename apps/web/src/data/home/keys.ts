/** Query keys of Home's summary (GET /home/summary): components never write keys inline. */
export const homeKeys = {
  all: ['home'] as const,
  summary: (userId: number) => [...homeKeys.all, 'summary', userId] as const,
};
