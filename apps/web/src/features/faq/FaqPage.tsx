import { messages } from '@fantasy-cricket/rules';
import { Card, FaqItem, QueryState, Stack, Text, TextField } from '@fantasy-cricket/ui';
import { useMemo, useState } from 'react';
import { useFaqsQuery } from '../../data/content/faqs-query';
import { queryState } from '../../data/query-state';
import * as styles from './Faq.css';
import { type Faq, filterFaqs } from './filterFaqs';
import { Page } from '../../shared/Page/Page';

/** FAQ (spec section 2): search across questions and answers, matches highlighted. */
export function FaqPage() {
  const faqsQuery = useFaqsQuery();
  const faqs: Faq[] | undefined = faqsQuery.data;
  const [query, setQuery] = useState('');

  const visible = useMemo(() => filterFaqs(faqs ?? [], query), [faqs, query]);
  const searching = query.trim().length > 0;

  return (
    <Page title="Frequently Asked Questions" width="medium">
      <TextField
        label="Search FAQs"
        type="search"
        placeholder="Try “wicketkeeper” or “league code”"
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
      />
      {!faqsQuery.isSuccess ? (
        <QueryState
          {...queryState(faqsQuery)}
          loadingText="Loading questions…"
          errorMessage={messages.common.unexpected}
        />
      ) : visible.length === 0 ? (
        <Card>
          <Stack gap="xs">
            <Text>{searching ? `No questions match “${query.trim()}”.` : 'There are no questions here yet.'}</Text>
            {searching ? <Text tone="muted">Try another word, or ask us through Contact Us.</Text> : null}
          </Stack>
        </Card>
      ) : (
        <>
          {searching ? (
            <p className={styles.count} aria-live="polite">
              {visible.length === 1 ? '1 question matches.' : `${visible.length} questions match.`}
            </p>
          ) : null}
          <ul className={styles.list}>
            {visible.map((faq) => (
              <li key={faq.Question}>
                <FaqItem question={faq.Question} answer={faq.Answer} query={query.trim()} />
              </li>
            ))}
          </ul>
        </>
      )}
    </Page>
  );
}
