import { Card, FaqItem, Stack, Text, TextField } from '@fantasy-cricket/ui';
import { useEffect, useMemo, useState } from 'react';
import { listFaqs } from './api';
import * as styles from './Faq.css';
import { type Faq, filterFaqs } from './filterFaqs';
import { Page } from '../shell/Page';

/** FAQ (spec section 2): search across questions and answers, matches highlighted. */
export function FaqPage() {
  const [faqs, setFaqs] = useState<Faq[] | null>(null);
  const [query, setQuery] = useState('');

  useEffect(() => {
    let current = true;
    listFaqs().then(
      (list) => current && setFaqs(list),
      (error: unknown) => {
        // Spec section 8: a load failure is only logged.
        console.error('Loading the FAQ failed', error);
        if (current) setFaqs([]);
      },
    );
    return () => {
      current = false;
    };
  }, []);

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
      {faqs === null ? (
        <Text tone="muted">Loading questions…</Text>
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
