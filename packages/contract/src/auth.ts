import { z } from 'zod';
import { detailResponse } from './common.js';
import { endpoint } from './endpoint.js';
import { email, password, requiredString, username, withConfirmation } from './fields.js';
import { messages } from './messages.js';
import { mfaCode, mfaMethodName } from './mfa.js';

// POST /auth/login/
export const loginRequest = z.object({
  username: requiredString(messages.usernameRequired, 254),
  password: z.string({ error: messages.passwordRequired }).min(1, messages.passwordRequired).max(4096),
});
export type LoginRequest = z.infer<typeof loginRequest>;
/** The login form applies the forms' password rule; the API stays lenient (any wrong password is just wrong). */
export const loginForm = z.object({ username: requiredString(messages.usernameRequired, 254), password });
export const loginResponse = z.union([
  z.object({ auth_token: z.string() }),
  z.object({ ephemeral_token: z.string(), method: mfaMethodName }),
]);
export type LoginResponse = z.infer<typeof loginResponse>;

// POST /auth/login/code/
export const loginCodeRequest = z.object({
  code: mfaCode,
  ephemeral_token: requiredString('This field is required', 200),
});
export type LoginCodeRequest = z.infer<typeof loginCodeRequest>;
export const authTokenResponse = z.object({ auth_token: z.string() });

// POST /api/auth/register
export const registerRequest = z.object({ username, email, password });
export type RegisterRequest = z.infer<typeof registerRequest>;
export const registerForm = withConfirmation({ username, email, password });
export type RegisterForm = z.infer<typeof registerForm>;
export const registeredUser = z.object({ id: z.number(), username: z.string(), email: z.string() });

// GET /api/activate/{uid}/{token}/
export const activationParams = z.object({ uid: z.string().max(64), token: z.string().max(200) });

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

const tag = 'auth';
export const authApi = {
  login: endpoint({
    method: 'POST',
    path: '/auth/login/',
    auth: 'none',
    access: 'public',
    status: 200,
    tag,
    summary: 'Log in: a token, or an ephemeral token when a second factor is on',
    body: loginRequest,
    response: loginResponse,
  }),
  loginCode: endpoint({
    method: 'POST',
    path: '/auth/login/code/',
    auth: 'none',
    access: 'public',
    status: 200,
    tag,
    summary: 'Second step of a login: the code',
    body: loginCodeRequest,
    response: authTokenResponse,
  }),
  logout: endpoint({
    method: 'GET',
    path: '/api/auth/logout',
    auth: 'token',
    access: 'signed-in',
    status: 200,
    tag,
    summary: 'Revokes the token of the request',
    response: detailResponse,
  }),
  register: endpoint({
    method: 'POST',
    path: '/api/auth/register',
    auth: 'none',
    access: 'public',
    status: 201,
    tag,
    summary: 'Registers an inactive user and mails the activation link',
    body: registerRequest,
    response: registeredUser,
  }),
  activate: endpoint({
    method: 'GET',
    path: '/api/activate/:uid/:token/',
    auth: 'none',
    access: 'public',
    status: 200,
    tag,
    summary: "Activates the user of an e-mailed link; answers the text 'Activated'",
    params: activationParams,
    response: z.literal('Activated'),
  }),
  reset: endpoint({
    method: 'POST',
    path: '/api/auth/reset',
    auth: 'none',
    access: 'public',
    status: 200,
    tag,
    summary: 'Mails a password reset link, if the address has an account',
    body: resetRequest,
    response: detailResponse,
  }),
  /** By link the token header is not needed; signed in (uid false, token false) it is. */
  resetPassword: endpoint({
    method: 'POST',
    path: '/api/auth/resetPassword',
    auth: 'optional',
    access: 'public',
    status: 200,
    tag,
    summary: 'Sets a new password: by e-mailed link (uid, pw_token), or signed in (uid false, token false)',
    body: resetPasswordRequest,
    response: detailResponse,
  }),
};
