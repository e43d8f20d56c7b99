/** Texts every screen uses (form summaries, the generic error, the loading overlay, email and password rules). Character for character; functions fill the spec's {placeholders}. */
export const commonMessages = {
  checkForm: 'Please check your form for errors',
  checkFormDot: 'Please check your form for errors.',
  fixForm: 'Please fix the errors in the form.',
  unexpected: 'An unexpected error occurred. Please try again later.',
  success: 'Success.',
  loading: 'Processing your request, please wait...',
  emailRequired: 'Email is required.',
  emailInvalid: 'Please enter a valid email.',
  passwordRequired: 'Password is required.',
  passwordsDoNotMatch: 'Passwords do not match.',
} as const;
