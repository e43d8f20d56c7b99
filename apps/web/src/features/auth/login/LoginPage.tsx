import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, FormErrorSummary, Stack, Text, TextField, TextLink } from '@fantasy-cricket/ui';
import { messages } from '@fantasy-cricket/rules';
import { useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { ApiError } from '../../../shared/api';
import { storedUserAtom } from '../../../shared/atoms';
import { notify, notifySuccess } from '../../../shared/notify';
import { Page } from '../../../shared/Page/Page';
import { takeInvite } from '../../../shared/returnTo';
import { authenticateUser } from '../../../data/account/authenticate-user';
import { initiateChangePassword } from '../../../data/account/initiate-change-password';
import { resendVerificationEmail } from '../../../data/account/resend-verification-email';
import { emailFromLoginState } from '../login-state';
import * as styles from '../auth.css';
import { defaultValues, type LoginValues, schema } from './schema';

const m = messages.login;

/** Log In (spec sections 2, 5, 8): sign in, resend a pending verification, or ask for a reset link. */
export function LoginPage() {
  const navigate = useNavigate();
  const arrivedWith = emailFromLoginState(useLocation().state);
  const setUser = useSetAtom(storedUserAtom);
  const [formError, setFormError] = useState<string>();
  /** Set when the server said the email is not verified yet: reveals the resend link. */
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const [requestingReset, setRequestingReset] = useState(false);

  const {
    register,
    handleSubmit,
    getValues,
    setFocus,
    trigger,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    // Sent here from a verified email link: the address is filled in, the password is next.
    defaultValues: { ...defaultValues, email: arrivedWith },
  });
  useEffect(() => {
    if (arrivedWith) setFocus('password');
  }, [arrivedWith, setFocus]);

  const onValid = async (values: LoginValues) => {
    setFormError(undefined);
    try {
      const result = await authenticateUser(values);
      if (result.status !== 'success' || result.user_id === undefined) {
        setFormError(m.invalidCredentials);
        return;
      }
      setUser({
        userId: result.user_id,
        firstName: result.first_name ?? '',
        lastName: result.last_name ?? '',
        email: result.email ?? values.email,
      });
      // An invite link (or a result email's score details link) opened while signed out opens now.
      navigate(takeInvite() ?? '/home');
    } catch (error) {
      const serverMessage = error instanceof ApiError ? error.serverMessage : undefined;
      setFormError(m.failed(serverMessage ?? messages.common.unexpected));
      const pending =
        error instanceof ApiError && error.status === 400 && serverMessage?.includes(m.verificationPendingMarker);
      setPendingEmail(pending ? values.email : null);
    }
  };

  const resend = async () => {
    if (!pendingEmail) return;
    setResending(true);
    try {
      await resendVerificationEmail(pendingEmail);
      notifySuccess(m.resendSuccess);
      setPendingEmail(null);
      setFormError(undefined);
    } catch {
      notify('error', m.resendFailure);
    } finally {
      setResending(false);
    }
  };

  const forgotPassword = async () => {
    const email = getValues('email').trim();
    // Shown in the form-level box rather than under the field: a field message would vanish on
    // blur and shift the button away from under the pointer before the second click lands.
    if (!email) {
      setFormError(m.forgotEmailRequired);
      setFocus('email');
      return;
    }
    if (!(await trigger('email', { shouldFocus: true }))) return;
    setFormError(undefined);
    setRequestingReset(true);
    try {
      await initiateChangePassword(email);
      notifySuccess(m.forgotSuccess);
    } catch {
      notify('error', m.forgotFailure);
    } finally {
      setRequestingReset(false);
    }
  };

  return (
    <Page title="Log In" intro="Welcome back. Your leagues are waiting." width="narrow">
      <Card>
        <form
          noValidate
          onSubmit={handleSubmit(onValid, () => setFormError(messages.common.checkForm))}
          className={styles.form}
        >
          <FormErrorSummary message={formError} />
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...register('password')}
          />
          <div className={styles.inlineActions}>
            <Button type="button" variant="link" size="sm" onClick={forgotPassword} loading={requestingReset}>
              Forgot password?
            </Button>
            {pendingEmail ? (
              <Button type="button" variant="link" size="sm" onClick={resend} loading={resending}>
                {m.resendLink}
              </Button>
            ) : null}
          </div>
          <Button type="submit" fullWidth size="lg" loading={isSubmitting}>
            Log In
          </Button>
        </form>
      </Card>
      <Stack gap="xs" align="center">
        <Text tone="muted">
          New to Fantasy Cricket?{' '}
          <TextLink asChild>
            <Link to="/register">Create an account</Link>
          </TextLink>
        </Text>
      </Stack>
    </Page>
  );
}
