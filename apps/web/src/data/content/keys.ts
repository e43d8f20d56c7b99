/** Query keys of the content area (FAQ). */
export const contentKeys = {
  all: ['content'] as const,
  faqs: () => [...contentKeys.all, 'faqs'] as const,
};
