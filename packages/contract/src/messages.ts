/**
 * Every user-facing validation text of the product (docs/product.md, Validation), word for word.
 * Forms and the API's 400 answers both take them from here, so they cannot drift.
 */
export const messages = {
  nameRequired: 'Name is required',
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be more than 4 characters',
  confirmPasswordRequired: 'Confirm password is required',
  passwordMismatch: 'The password confirmation does not match.',
  emailRequired: 'Email is required',
  emailInvalid: 'E-mail must be valid',
  codeRequired: 'Verificatie code is verplicht',
  fieldRequired: 'This field is required',
} as const;

export const limits = {
  /**
   * docs/product.md, Validation and Limits: the forms' minimum; the server's policy
   * asks more (docs/decisions.md).
   */
  passwordMinLength: 4,
  passwordMaxLength: 128,
  /** docs/product.md, Limits: a screen this wide or narrower is "mobile". */
  mobileMaxWidth: 760,
  snackbarTimeoutMs: 5000,
  dataSourcesPageSize: 25,
  qrCodeSize: 200,
} as const;

export const defaultLoadingText = 'Loading content';
