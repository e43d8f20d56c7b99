import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Card,
  Checkbox,
  Column,
  Columns,
  FormErrorSummary,
  Stack,
  Text,
  TextField,
  TextLink,
} from '@fantasy-cricket/ui';
import { messages, PASSWORD_MIN_REGISTER } from '@fantasy-cricket/rules';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { TermsModal } from '../../legal/TermsModal';
import { Page } from '../../../shared/Page/Page';
import { addUser } from '../../../data/account/add-user';
import * as styles from '../auth.css';
import { Outcome } from '../../../shared/Outcome/Outcome';
import { registrationErrorText } from './registrationError';
import { defaultValues, type RegisterValues, schema } from './schema';

const m = messages.register;

/** Sign Up (spec sections 2, 5, 8): the form, then the success view. */
export function RegisterPage() {
  const [formError, setFormError] = useState<string>();
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  const [termsOpen, setTermsOpen] = useState(false);

  const { register, handleSubmit, getFieldState, trigger, formState } = useForm({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues,
  });
  const { errors, isSubmitting } = formState;

  /** Re-checks the confirmation when the password changes, once the confirmation has been visited. */
  const recheckConfirmation = () => {
    if (getFieldState('confirmPassword', formState).isTouched || formState.isSubmitted) void trigger('confirmPassword');
  };

  const onValid = async (values: RegisterValues) => {
    setFormError(undefined);
    try {
      await addUser({
        first_name: values.firstName,
        last_name: values.lastName,
        email: values.email,
        password: values.password,
      });
      setRegisteredEmail(values.email);
    } catch (error) {
      setFormError(registrationErrorText(error));
    }
  };

  if (registeredEmail) {
    return (
      <Page title="Sign Up" width="narrow">
        <Outcome
          tone="success"
          title={m.success}
          actions={
            <Button asChild size="lg">
              <Link to="/login">{m.proceedToLogin}</Link>
            </Button>
          }
        >
          <Text>
            We sent a verification link to <strong>{registeredEmail}</strong>. Open it to activate your account, then
            log in.
          </Text>
        </Outcome>
      </Page>
    );
  }

  return (
    <Page title="Sign Up" intro="Create your account and start playing in minutes." width="narrow">
      <Card>
        <form
          noValidate
          onSubmit={handleSubmit(onValid, () => setFormError(messages.common.checkForm))}
          className={styles.form}
        >
          <FormErrorSummary message={formError} />
          <Columns gap="md" collapseBelow="sm">
            <Column>
              <TextField
                label="First name"
                autoComplete="given-name"
                error={errors.firstName?.message}
                {...register('firstName')}
              />
            </Column>
            <Column>
              <TextField
                label="Last name"
                autoComplete="family-name"
                error={errors.lastName?.message}
                {...register('lastName')}
              />
            </Column>
          </Columns>
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
            autoComplete="new-password"
            hint={`At least ${PASSWORD_MIN_REGISTER} characters.`}
            error={errors.password?.message}
            {...register('password', { onChange: recheckConfirmation })}
          />
          <TextField
            label="Confirm password"
            type="password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...register('confirmPassword')}
          />
          <Stack gap="xs">
            <Checkbox
              label="I accept the Terms and Conditions"
              error={errors.acceptTerms?.message}
              {...register('acceptTerms')}
            />
            <div>
              <Button type="button" variant="link" size="sm" onClick={() => setTermsOpen(true)}>
                Read the Terms and Conditions
              </Button>
            </div>
          </Stack>
          <Button type="submit" fullWidth size="lg" loading={isSubmitting}>
            Sign Up
          </Button>
        </form>
      </Card>
      <Stack gap="xs" align="center">
        <Text tone="muted">
          Already have an account?{' '}
          <TextLink asChild>
            <Link to="/login">Log in</Link>
          </TextLink>
        </Text>
      </Stack>
      <TermsModal open={termsOpen} onOpenChange={setTermsOpen} />
    </Page>
  );
}
