import { type Page, expect, test } from '@playwright/test';
import { PASSWORD, fillRegister as fillForm, linkFromEmail, mailsTo, signIn, snapshot, uniqueEmail } from './support';

function fillRegister(page: Page, email: string, first = 'Smriti') {
  return fillForm(page, email, first, 'Mandhana');
}

async function register(page: Page, email: string, first = 'Smriti') {
  await page.goto('/register');
  await fillRegister(page, email, first);
  await page.getByRole('button', { name: /sign up|register|create account/i }).click();
  await expect(page.getByText('Registration Successful !!')).toBeVisible();
}

async function registerAndVerify(page: Page, email: string, first = 'Smriti') {
  await register(page, email, first);
  await page.goto(await linkFromEmail(email, '/verify-email'));
  await expect(page.getByText('Your email has been verified successfully!')).toBeVisible();
}

test.describe('guards and routing', () => {
  test('empty, unknown and protected paths lead to the landing page', async ({ page }) => {
    for (const path of ['/', '/no-such-page', '/home', '/home/view-profile', '/home/view-faqs']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/landing$/);
    }
    await expect(page.getByRole('heading', { name: 'Welcome to Fantasy Cricket' })).toBeVisible();
    await expect(page.getByText('Cricket, Strategy, and Ultimate Bragging Rights !')).toBeVisible();
    await snapshot(page, 'landing');
    await page
      .getByRole('link', { name: /sign up/i })
      .first()
      .click();
    await expect(page).toHaveURL(/\/register$/);
    await page.goto('/landing');
    await page
      .getByRole('link', { name: /log ?in/i })
      .first()
      .click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('registration and verification', () => {
  test('every register validation message', async ({ page }) => {
    await page.goto('/register');
    await page.getByRole('button', { name: /sign up|register|create account/i }).click();
    await expect(page.getByText('Please check your form for errors', { exact: true })).toBeVisible();
    for (const message of [
      'First name is required.',
      'Last name is required.',
      'Email is required.',
      'Password is required.',
      'You must accept the Terms and Conditions',
    ]) {
      await expect(page.getByText(message, { exact: true }).first()).toBeVisible();
    }
    await snapshot(page, 'register-errors');
    await page.getByLabel(/first name/i).fill('S');
    await page.getByLabel(/last name/i).fill('M');
    await page.getByLabel(/^email/i).fill('not-an-email');
    await page.getByLabel(/^password/i).fill('short');
    await page.getByLabel(/confirm password/i).fill('different');
    await page.getByLabel(/confirm password/i).blur();
    for (const message of [
      'First name must be at least 2 characters long.',
      'Last name must be at least 2 characters long.',
      'Please enter a valid email.',
      'Password must be at least 8 characters long.',
      'Passwords do not match.',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
  });

  test('register, verify from the emailed link, sign in, profile, sign out', async ({ page }) => {
    const email = uniqueEmail('smriti');
    await page.goto('/register');
    await fillRegister(page, email);
    await snapshot(page, 'register');
    await page.getByRole('button', { name: /sign up|register|create account/i }).click();
    await expect(page.getByText('Registration Successful !!')).toBeVisible();
    await snapshot(page, 'register-success');
    await expect(page.getByRole('link', { name: 'Proceed to Login' })).toBeVisible();

    // Signing in before verifying offers the resend link; resending works and hides it.
    await signIn(page, email);
    await expect(page.getByText(/Email verification is pending/)).toBeVisible();
    const resend = page
      .getByRole('button', { name: 'Resend Verification Email' })
      .or(page.getByRole('link', { name: 'Resend Verification Email' }));
    await expect(resend).toBeVisible();
    await snapshot(page, 'login-verification-pending');
    const before = mailsTo(email).length;
    await resend.click();
    await expect(
      page.getByText(
        /A new verification email has been sent\.|Verification email resent successfully\. Please check your inbox\./,
      ),
    ).toBeVisible();
    await expect(resend).toBeHidden();
    await expect.poll(() => mailsTo(email).length).toBe(before + 1);

    // The newest link verifies; the page moves to /login after 3 seconds.
    const link = await linkFromEmail(email, '/verify-email', before);
    await page.goto(link);
    await expect(page.getByText('Your email has been verified successfully!')).toBeVisible();
    await snapshot(page, 'verify-email-success');
    await expect(page).toHaveURL(/\/login$/, { timeout: 6_000 });

    await signIn(page, email);
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByText('Hi, Smriti !')).toBeVisible();
    await snapshot(page, 'home');

    // Profile: read-only identity, two preferences saved on the server.
    await page.getByRole('link', { name: 'My Profile' }).click();
    await expect(page).toHaveURL(/\/home\/view-profile$/);
    await expect(page.getByLabel(/^email/i)).toHaveValue(email);
    await expect(page.getByLabel(/first name/i)).not.toBeEditable();
    const autoPick = page.getByRole('checkbox', { name: 'Enable Auto-Picks by AI' });
    const reminders = page.getByRole('checkbox', { name: 'Get Reminder Emails' });
    await expect(autoPick).not.toBeChecked();
    await autoPick.check();
    await reminders.uncheck();
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expect(page.getByText('Profile updated successfully.')).toBeVisible();
    await snapshot(page, 'profile');
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Enable Auto-Picks by AI' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Get Reminder Emails' })).not.toBeChecked();

    // Sign out clears the stored user and the session.
    await page
      .getByRole('button', { name: 'Sign Out' })
      .or(page.getByRole('link', { name: 'Sign Out' }))
      .click();
    await expect(page).toHaveURL(/\/landing$/);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    await page.goto('/home');
    await expect(page).toHaveURL(/\/landing$/);
    const session = await page.request.get('/api/session');
    // Not signed in is an expected answer: 204, not an error (issue 14).
    expect(session.status()).toBe(204);
  });

  test('an anonymous visit logs no error in the browser console', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    const session = page.waitForResponse((r) => r.url().endsWith('/api/session'));
    await page.goto('/landing');
    expect((await session).status()).toBe(204);
    await page.goto('/login');
    await expect(page.getByRole('button', { name: /^(log ?in|sign ?in)$/i })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('verification link outcomes', async ({ page }) => {
    await page.goto('/verify-email');
    await expect(page.getByText('Invalid verification link.')).toBeVisible();
    await page.goto('/verify-email?token=not-a-real-token');
    await expect(page.getByText('Verification failed. Please try again.')).toBeVisible();
    await expect(
      page.getByRole('button', { name: 'Try Again' }).or(page.getByRole('link', { name: 'Try Again' })),
    ).toBeVisible();
    await expect(
      page
        .getByRole('button', { name: 'Resend Verification Email' })
        .or(page.getByRole('link', { name: 'Resend Verification Email' })),
    ).toBeVisible();
    await snapshot(page, 'verify-email-failed');
  });
});

test.describe('signing in', () => {
  test('login validation, wrong password', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: /^(log ?in|sign ?in)$/i }).click();
    await expect(page.getByText('Please check your form for errors', { exact: true })).toBeVisible();
    await expect(page.getByText('Email is required.')).toBeVisible();
    await expect(page.getByText('Password is required.')).toBeVisible();
    await page.getByLabel(/^email/i).fill('nope');
    await page.getByLabel(/^email/i).blur();
    await expect(page.getByText('Please enter a valid email.')).toBeVisible();
    await snapshot(page, 'login-errors');

    const email = uniqueEmail('wrongpw');
    await registerAndVerify(page, email);
    await signIn(page, email, 'not-the-password');
    await expect(page.getByText('Invalid credentials, please try again.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('forgot password, reset, sign in with the new password', async ({ page }) => {
    const email = uniqueEmail('reset');
    await registerAndVerify(page, email, 'Rohit');
    await page.goto('/login');
    await page
      .getByRole('button', { name: /forgot/i })
      .or(page.getByRole('link', { name: /forgot/i }))
      .click();
    await expect(page.getByText('Please enter your email before requesting a password reset.')).toBeVisible();
    await page.getByLabel(/^email/i).fill(email);
    await page
      .getByRole('button', { name: /forgot/i })
      .or(page.getByRole('link', { name: /forgot/i }))
      .click();
    await expect(page.getByText('A password reset email has been sent. Please check your inbox.')).toBeVisible();

    await page.goto(await linkFromEmail(email, '/reset-password'));
    const newPassword = page.getByLabel(/new password/i);
    const confirm = page.getByLabel(/confirm/i);
    await newPassword.fill('12345');
    await confirm.fill('123456');
    await confirm.blur();
    await expect(page.getByText('Password must be at least 6 characters long.')).toBeVisible();
    await expect(page.getByText('Passwords do not match.')).toBeVisible();
    await snapshot(page, 'reset-password');
    await newPassword.fill('Brand-new-pass');
    await confirm.fill('Brand-new-pass');
    await page.getByRole('button', { name: /reset|save|change/i }).click();
    await expect(page.getByText('Password Reset Successful !!')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Proceed to Login' })).toBeVisible();
    await snapshot(page, 'reset-password-success');
    await expect(page).toHaveURL(/\/login$/, { timeout: 8_000 });

    await signIn(page, email, PASSWORD);
    await expect(page.getByText('Invalid credentials, please try again.')).toBeVisible();
    await signIn(page, email, 'Brand-new-pass');
    await expect(page.getByText('Hi, Rohit !')).toBeVisible();
  });

  test('reset page without a token refuses to submit', async ({ page }) => {
    await page.goto('/reset-password');
    await page.getByLabel(/new password/i).fill('abcdef');
    await page.getByLabel(/confirm/i).fill('abcdef');
    await page.getByRole('button', { name: /reset|save|change/i }).click();
    await expect(page.getByText('Please check your form for errors.')).toBeVisible();
  });
});

test.describe('signed-in pages', () => {
  test('shell, FAQ search, sidebar navigation, mobile sidebar, profile deletion', async ({ page }) => {
    const email = uniqueEmail('shell');
    await registerAndVerify(page, email, 'Jemimah');
    await signIn(page, email);
    await expect(page.getByText('Hi, Jemimah !')).toBeVisible();

    const nav = page.getByRole('navigation').filter({ hasText: 'Start a League' });
    for (const label of [
      'Start a League',
      'Join a League',
      'My Leagues',
      'League Members',
      'My Selections',
      'All Selections',
      'Leaderboard',
      'FAQ',
      'My Profile',
      'Sign Out',
    ]) {
      await expect(nav.getByText(label, { exact: true })).toBeVisible();
    }
    await nav.getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL(/\/home\/view-faqs$/);
    await expect(nav.getByRole('link', { name: 'FAQ' })).toHaveAttribute('aria-current', 'page');
    await page
      .getByRole('searchbox')
      .or(page.getByLabel(/search/i))
      .first()
      .fill('wicketkeeper');
    await expect(page.locator('mark').first()).toBeVisible();
    await expect(page.locator('mark').first()).toHaveText(/wicketkeeper/i);
    await snapshot(page, 'faq');

    await nav.getByRole('link', { name: 'Leaderboard' }).click();
    await expect(page).toHaveURL(/\/home\/view-leaderboard$/);
    await expect(nav.getByRole('link', { name: 'Leaderboard' })).toHaveAttribute('aria-current', 'page');

    // Phone width: the sidebar opens from the hamburger and closes after choosing a link.
    await page.setViewportSize({ width: 390, height: 844 });
    const menu = page.getByRole('button', { name: 'Menu', exact: true });
    await expect(menu).toBeVisible();
    await menu.click();
    await page.waitForTimeout(200);
    await page.screenshot({ path: 'artifacts/screenshots/sidebar-open-390.png' });
    await page.getByRole('link', { name: 'My Profile' }).click();
    await expect(page).toHaveURL(/\/home\/view-profile$/);
    await expect(page.getByRole('link', { name: 'Leaderboard' })).toBeHidden();
    await page.setViewportSize({ width: 1280, height: 800 });

    // Deleting the profile asks first, signs out and erases the account.
    await page.getByRole('button', { name: 'Delete Profile' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your profile?' });
    await expect(dialog).toContainText(/permanently/i);
    await expect(dialog).toContainText(/cannot be undone/i);
    await snapshot(page, 'profile-delete-confirm');
    await dialog.getByRole('button', { name: 'Delete Profile' }).click();
    await expect(page).toHaveURL(/\/landing$/);
    await signIn(page, email);
    await expect(page.getByText('Invalid credentials, please try again.')).toBeVisible();
  });
});

test.describe('public pages', () => {
  test('contact form validation and sending', async ({ page }) => {
    await page.goto('/contact');
    const send = page.getByRole('button', { name: /send/i });
    await expect(send).toBeDisabled();
    await page.getByLabel(/name/i).first().fill('x'.repeat(256));
    await page.getByLabel(/email/i).first().fill('bad');
    await page
      .getByLabel(/message/i)
      .first()
      .fill('');
    await page
      .getByLabel(/message/i)
      .first()
      .blur();
    await expect(page.getByText('Name must be less than 255 characters.')).toBeVisible();
    await expect(page.getByText('Invalid email format.')).toBeVisible();
    await expect(page.getByText('Message is required.')).toBeVisible();
    await page.getByLabel(/name/i).first().fill('');
    await page.getByLabel(/name/i).first().blur();
    await expect(page.getByText('Name is required.')).toBeVisible();
    await page.getByLabel(/email/i).first().fill('');
    await page.getByLabel(/email/i).first().blur();
    await expect(page.getByText('Email is required.')).toBeVisible();
    await expect(send).toBeDisabled();
    await snapshot(page, 'contact-errors');
    await page.getByLabel(/name/i).first().fill('Harmanpreet');
    await page.getByLabel(/email/i).first().fill('hk@example.com');
    await page
      .getByLabel(/message/i)
      .first()
      .fill('How do Daily Challenge leagues work?');
    await expect(send).toBeEnabled();
    await send.click();
    await expect(page.getByText("Your message has been sent. We'll get back to you shortly.")).toBeVisible();
    await snapshot(page, 'contact-sent');
    await expect
      .poll(() => mailsTo('support@').some((m) => m.body.includes('How do Daily Challenge leagues work?')))
      .toBe(true);
  });

  test('unsubscribe and terms', async ({ page }) => {
    await page.goto('/unsubscribe');
    await expect(page.getByText('You have been unsubscribed from all emails.')).toBeVisible();
    await snapshot(page, 'unsubscribe');
    await page.goto('/terms');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: /download/i }).first()).toHaveAttribute('href', /terms\.pdf$/);
    const pdf = await page.request.get('/legal/terms.pdf');
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await snapshot(page, 'terms');
    const footer = page.getByRole('contentinfo');
    await page.keyboard.press('Escape');
    await expect(footer.getByText(/2025/)).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', /privacy\.pdf$/);
    await expect(footer.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', /\/contact$/);
  });
});
