import { z } from 'zod';
import { detailResponse, pageOf, pageQuery } from './common.js';
import { endpoint } from './endpoint.js';
import { requiredString } from './fields.js';
import { messages } from './messages.js';

/** Second factors (django-trench's calls, as the product's clients make them). */
export const mfaMethodName = z.enum(['app', 'email'], { error: 'Unknown second-factor method.' });
export type MfaMethodName = z.infer<typeof mfaMethodName>;

export const mfaCode = requiredString(messages.codeRequired, 64);
/** A code typed by the user: the verification form, and the body of confirm and deactivate. */
export const mfaCodeRequest = z.object({ code: mfaCode });
export const verificationForm = mfaCodeRequest;

export const activeMfaMethod = z.object({ name: mfaMethodName, is_primary: z.boolean() });
export type ActiveMfaMethod = z.infer<typeof activeMfaMethod>;
export const activeMethodsPage = pageOf(activeMfaMethod);

export const mfaMethodParams = z.object({ method: mfaMethodName });

/** With a method already on, adding another needs a current code of it. */
export const mfaActivateRequest = z.object({ code: z.string().trim().max(64).optional() }).nullish();
export const mfaActivateResponse = z.object({
  /** For the app method: the otpauth:// URI the QR code encodes. */
  details: z.string(),
  /** For the app method: the secret, for typing into an authenticator by hand. */
  secret: z.string().optional(),
});
export const backupCodesResponse = z.object({ backup_codes: z.array(z.string()) });
export const mfaCodeMailRequest = z.object({ method: z.literal('email') });

const tag = 'mfa';
export const mfaApi = {
  activeMethods: endpoint({
    method: 'GET',
    path: '/auth/mfa/user-active-methods',
    auth: 'token',
    access: 'signed-in',
    status: 200,
    tag,
    summary: "The signed-in user's active second factors",
    query: pageQuery,
    response: activeMethodsPage,
  }),
  activate: endpoint({
    method: 'POST',
    path: '/auth/:method/activate/',
    auth: 'token',
    access: 'signed-in',
    status: 200,
    tag,
    summary:
      'Starts setting up a method: the otpauth URI for the app, or a code by e-mail. With a method already on, a current code is needed.',
    params: mfaMethodParams,
    body: mfaActivateRequest,
    response: mfaActivateResponse,
  }),
  confirm: endpoint({
    method: 'POST',
    path: '/auth/:method/activate/confirm/',
    auth: 'token',
    access: 'signed-in',
    status: 200,
    tag,
    summary: 'Turns the method on with a first code; answers 10 single-use backup codes',
    params: mfaMethodParams,
    body: mfaCodeRequest,
    response: backupCodesResponse,
  }),
  deactivate: endpoint({
    method: 'POST',
    path: '/auth/:method/deactivate/',
    auth: 'token',
    access: 'signed-in',
    status: 200,
    tag,
    summary: 'Turns a method off; needs a current code (or a backup code)',
    params: mfaMethodParams,
    body: mfaCodeRequest,
    response: detailResponse,
  }),
  requestCode: endpoint({
    method: 'POST',
    path: '/auth/code/request/',
    auth: 'token',
    access: 'signed-in',
    status: 200,
    tag,
    summary: 'Mails a fresh code for the e-mail method',
    body: mfaCodeMailRequest,
    response: detailResponse,
  }),
};
