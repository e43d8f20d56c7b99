import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Column, Columns, Text, TextArea, TextField, TextLink } from '@fantasy-cricket/ui';
import { messages } from '@fantasy-cricket/rules';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { storedUserAtom } from '../../shared/atoms';
import { Outcome } from '../../shared/Outcome/Outcome';
import { Page } from '../../shared/Page/Page';
import { addContactMessage } from '../../data/contact/add-contact-message';
import { company } from './company';
import * as styles from './Contact.css';
import { type ContactValues, emptyValues, schema } from './schema';

function CompanyCard() {
  return (
    <Card title="Fantasy Cricket">
      <address className={styles.address}>
        <span className={styles.lines}>
          <span>{company.name}</span>
          {company.addressLines.map((line) => (
            <span key={line}>{line}</span>
          ))}
        </span>
        <span>
          Email: <TextLink href={`mailto:${company.email}`}>{company.email}</TextLink>
        </span>
        <Text tone="muted" size="sm">
          {company.hours}
        </Text>
      </address>
    </Card>
  );
}

/**
 * Contact Us (spec sections 2, 5, 8): address block, email link and the form. Send stays disabled
 * while the form is invalid; once sent the screen shows the confirmation whatever the server said
 * (a failure is only logged).
 */
export function ContactPage() {
  const user = useAtomValue(storedUserAtom);
  const [submitted, setSubmitted] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isValid, isSubmitting },
  } = useForm({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: user
      ? { ...emptyValues, name: `${user.firstName} ${user.lastName}`.trim(), email: user.email }
      : emptyValues,
  });

  const onValid = async (values: ContactValues) => {
    try {
      await addContactMessage(values);
    } catch (error) {
      console.error('Sending the contact message failed', error);
    }
    setSubmitted(true);
  };

  return (
    <Page
      title="Contact Us"
      intro="Questions about leagues, scoring or your account? We read every message."
      width="wide"
    >
      <Columns gap="lg" collapseBelow="md">
        <Column width="2/3">
          {submitted ? (
            <Outcome tone="success" title={messages.contact.sent} />
          ) : (
            <Card title="Write to us">
              <form noValidate onSubmit={handleSubmit(onValid)} className={styles.form}>
                <TextField label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
                <TextField
                  label="Email"
                  type="email"
                  autoComplete="email"
                  inputMode="email"
                  error={errors.email?.message}
                  {...register('email')}
                />
                <TextArea label="Message" rows={6} error={errors.message?.message} {...register('message')} />
                <div>
                  <Button type="submit" disabled={!isValid} loading={isSubmitting}>
                    Send
                  </Button>
                </div>
              </form>
            </Card>
          )}
        </Column>
        <Column>
          <CompanyCard />
        </Column>
      </Columns>
    </Page>
  );
}
