import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Text, TextField } from '@fantasy-cricket/ui';
import { emailField, messages, VERIFY_REDIRECT_MS } from '@fantasy-cricket/rules';
import { type ReactNode, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { ApiError } from '../../../shared/api';
import { notify, notifySuccess } from '../../../shared/notify';
import { Page } from '../../../shared/Page/Page';
import { useVerifyEmailQuery } from '../../../data/account/verify-email-query';
import { resendVerificationEmail } from '../../../data/account/resend-verification-email';
import { emailFromBody, type LoginState } from '../login-state';
import * as styles from '../auth.css';
import { Outcome } from '../../../shared/Outcome/Outcome';

const m = messages.verify;

type State =
  | { kind: 'verifying' }
  | { kind: 'verified' }
  | { kind: 'failed'; email?: string }
  | { kind: 'invalid-link' };

const resendSchema = z.object({ email: emailField });

/** Asks for the address when the failed verification did not tell us whose token it was. */
function ResendForm({ onSend, sending }: { onSend: (email: string) => void; sending: boolean }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(resendSchema), mode: 'onTouched', defaultValues: { email: '' } });
  return (
    <form noValidate className={styles.form} onSubmit={handleSubmit((values) => onSend(values.email))}>
      <Text tone="muted">Enter the email you registered with and we will send a new link.</Text>
      <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      <Button type="submit" loading={sending}>
        Send verification email
      </Button>
    </form>
  );
}

/**
 * Verify-email (spec sections 2 and 4): verifies the token from the link. Verified → /login after
 * 3 s; failed → Try Again or Resend Verification Email; no token → 'Invalid verification link.'
 */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const verification = useVerifyEmailQuery(token);
  const [askForEmail, setAskForEmail] = useState(false);
  const [sending, setSending] = useState(false);
  // Try Again posts the token again (the query's refetch); the outcome shows "verifying" meanwhile.
  const state: State = !token
    ? { kind: 'invalid-link' }
    : verification.isFetching || verification.isPending
      ? { kind: 'verifying' }
      : verification.isSuccess
        ? { kind: 'verified' }
        : {
            kind: 'failed',
            email: verification.error instanceof ApiError ? emailFromBody(verification.error.body) : undefined,
          };
  const verify = () => verification.refetch();

  // The login form opens with the verified address filled in (router state: it stays out of the address).
  const verifiedEmail = verification.data?.email ?? '';
  const loginState: LoginState | undefined = verifiedEmail ? { email: verifiedEmail } : undefined;
  useEffect(() => {
    if (state.kind !== 'verified') return;
    const timer = setTimeout(
      () => navigate('/login', verifiedEmail ? { state: { email: verifiedEmail } satisfies LoginState } : undefined),
      VERIFY_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [state.kind, navigate, verifiedEmail]);

  const resend = async (email: string) => {
    setSending(true);
    try {
      await resendVerificationEmail(email);
      notifySuccess(messages.login.resendSuccessAlt);
      setAskForEmail(false);
    } catch {
      notify('error', messages.login.resendError);
    } finally {
      setSending(false);
    }
  };

  let body: ReactNode;
  switch (state.kind) {
    case 'verifying':
      body = <Outcome tone="pending" title="Verifying your email…" />;
      break;
    case 'verified':
      body = (
        <Outcome
          tone="success"
          title={m.success}
          actions={
            <Button asChild>
              <Link to="/login" state={loginState}>
                Log in now
              </Link>
            </Button>
          }
        >
          <Text tone="muted">Taking you to the login page…</Text>
        </Outcome>
      );
      break;
    case 'invalid-link':
      body = (
        <Outcome tone="error" title={m.invalidLink}>
          <Text tone="muted">Open the link from your verification email again, or log in to request a new one.</Text>
        </Outcome>
      );
      break;
    case 'failed':
      body = (
        <>
          <Outcome
            tone="error"
            title={m.failed}
            actions={
              <>
                <Button onClick={() => void verify()}>{m.tryAgain}</Button>
                <Button
                  variant="secondary"
                  loading={sending && !askForEmail}
                  onClick={() => (state.email ? void resend(state.email) : setAskForEmail(true))}
                >
                  {messages.login.resendLink}
                </Button>
              </>
            }
          />
          {askForEmail ? (
            <Card title="Resend the verification email">
              <ResendForm onSend={(email) => void resend(email)} sending={sending} />
            </Card>
          ) : null}
        </>
      );
      break;
  }

  return (
    <Page title="Verify Email" width="narrow">
      {body}
    </Page>
  );
}
