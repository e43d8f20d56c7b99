import type { Schema } from '@fantasy-cricket/api-client';

export type Faq = Schema<'Faq'>;

/** Case-insensitive match of the query in question or answer text; a blank query keeps everything. */
export function filterFaqs(faqs: readonly Faq[], query: string): Faq[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [...faqs];
  return faqs.filter(
    (faq) => faq.Question.toLocaleLowerCase().includes(needle) || faq.Answer.toLocaleLowerCase().includes(needle),
  );
}
