import { z } from 'zod';
import { email, password, requiredString, username, withConfirmation } from './fields.js';
import { messages } from './messages.js';

export const mfaMethodName = z.enum(['app', 'email'], { error: 'Unknown second-factor method.' });
export type MfaMethodName = z.infer<typeof mfaMethodName>;

// POST /auth/login/
export const loginRequest = z.object({
  username: requiredString(messages.usernameRequired, 254),
  password: z.string({ error: messages.passwordRequired }).min(1, messages.passwordRequired).max(4096),
});
export type LoginRequest = z.infer<typeof loginRequest>;
/** The login form applies §5's password rule; the API stays lenient (any wrong password is just wrong). */
export const loginForm = z.object({ username: requiredString(messages.usernameRequired, 254), password });
export const loginResponse = z.union([
  z.object({ auth_token: z.string() }),
  z.object({ ephemeral_token: z.string(), method: mfaMethodName }),
]);
export type LoginResponse = z.infer<typeof loginResponse>;

// POST /auth/login/code/
export const mfaCode = requiredString(messages.codeRequired, 64);
export const loginCodeRequest = z.object({
  code: mfaCode,
  ephemeral_token: requiredString('This field is required', 200),
});
export type LoginCodeRequest = z.infer<typeof loginCodeRequest>;
export const verificationForm = z.object({ code: mfaCode });
export const authTokenResponse = z.object({ auth_token: z.string() });

// POST /api/auth/register
export const registerRequest = z.object({ username, email, password });
export type RegisterRequest = z.infer<typeof registerRequest>;
export const registerForm = withConfirmation({ username, email, password });
export type RegisterForm = z.infer<typeof registerForm>;
export const registeredUser = z.object({ id: z.number(), username: z.string(), email: z.string() });

// POST /api/auth/reset
export const resetRequest = z.object({ email, site: z.string().max(2048).optional() });
export type ResetRequest = z.infer<typeof resetRequest>;
export const resetForm = z.object({ email });

// POST /api/auth/resetPassword: by e-mailed link (uid, pw_token), or signed in (uid false, token false).
const falseOr = <T extends z.ZodType>(schema: T) => z.union([z.literal(false), schema]);
export const resetPasswordRequest = z.object({
  password,
  uid: falseOr(z.string().max(64)).optional(),
  pw_token: falseOr(z.string().max(200)).optional(),
  token: falseOr(z.string().max(200)).optional(),
  /** Sent by the profile's form; checked when present. */
  current_password: z.string().max(4096).optional(),
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;
export const passwordResetForm = withConfirmation({ password });
export const changePasswordForm = withConfirmation({
  current_password: z.string({ error: messages.passwordRequired }).min(1, messages.passwordRequired),
  password,
});

/** `{"detail": "..."}` answers of the identity endpoints that succeed without data. */
export const detailResponse = z.object({ detail: z.string() });
