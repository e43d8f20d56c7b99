import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, FormErrorSummary, Text, TextField } from '@fantasy-cricket/ui';
import { messages, PASSWORD_MIN_RESET, RESET_REDIRECT_MS } from '@fantasy-cricket/rules';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Page } from '../../../shared/Page/Page';
import { changePassword } from '../../../data/account/change-password';
import * as styles from '../auth.css';
import { Outcome } from '../../../shared/Outcome/Outcome';
import { resetErrorDetail, resetErrorText } from './resetError';
import { defaultValues, type ResetValues, schema } from './schema';

/** Reset-password (spec sections 2, 4, 5, 8): new password, then the success view and /login after 5 s. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string>();
  const [formErrorDetail, setFormErrorDetail] = useState<string>();
  const [done, setDone] = useState(false);

  const { register, handleSubmit, getFieldState, trigger, formState } = useForm({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues,
  });
  const { errors, isSubmitting } = formState;

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/login'), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const invalid = () => {
    setFormError(messages.common.checkFormDot);
    setFormErrorDetail(undefined);
  };

  const onValid = async (values: ResetValues) => {
    if (!token) {
      invalid();
      return;
    }
    setFormError(undefined);
    setFormErrorDetail(undefined);
    try {
      await changePassword(token, values.newPassword);
      setDone(true);
    } catch (error) {
      setFormError(resetErrorText(error));
      setFormErrorDetail(resetErrorDetail(error));
    }
  };

  if (done) {
    return (
      <Page title="Reset Password" width="narrow">
        <Outcome
          tone="success"
          title={messages.reset.success}
          actions={
            <Button asChild size="lg">
              <Link to="/login">{messages.register.proceedToLogin}</Link>
            </Button>
          }
        >
          <Text tone="muted">You can now log in with your new password. Taking you to the login page…</Text>
        </Outcome>
      </Page>
    );
  }

  return (
    <Page title="Reset Password" intro="Choose a new password for your account." width="narrow">
      <Card>
        <form noValidate onSubmit={handleSubmit(onValid, invalid)} className={styles.form}>
          <FormErrorSummary message={formError} />
          {formErrorDetail ? <Text tone="muted">{formErrorDetail}</Text> : null}
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            hint={`At least ${PASSWORD_MIN_RESET} characters.`}
            error={errors.newPassword?.message}
            {...register('newPassword', {
              onChange: () => {
                if (getFieldState('confirmPassword', formState).isTouched || formState.isSubmitted) {
                  void trigger('confirmPassword');
                }
              },
            })}
          />
          <TextField
            label="Confirm password"
            type="password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...register('confirmPassword')}
          />
          <Button type="submit" fullWidth size="lg" loading={isSubmitting}>
            Reset Password
          </Button>
        </form>
      </Card>
    </Page>
  );
}
