import { z } from 'zod';
import { mfaMethodName } from './auth.js';
import { pageOf } from './common.js';
import { optionalText } from './fields.js';

export const activeMfaMethod = z.object({ name: mfaMethodName, is_primary: z.boolean() });
export type ActiveMfaMethod = z.infer<typeof activeMfaMethod>;

/** GET /api/users → results[0]: the signed-in user only (spec §3 "Auth user"). */
export const authUser = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  date_joined: z.string(),
  last_login: z.string().nullable(),
  profile: z.object({ mfa_required: z.boolean() }),
  mfa: z.array(activeMfaMethod),
});
export type AuthUser = z.infer<typeof authUser>;
export const authUserPage = pageOf(authUser);

/** GET /api/extendUsers → results[0]; PATCH /api/extendUsers/{id} (spec §3 "Profile"). */
export const profile = z.object({
  id: z.number(),
  company: z.string(),
  street: z.string(),
  number: z.string(),
  city: z.string(),
  country: z.string(),
});
export type Profile = z.infer<typeof profile>;
export const profilePage = pageOf(profile);
export const profileUpdate = z
  .object({
    company: optionalText(255),
    street: optionalText(255),
    number: optionalText(50),
    city: optionalText(255),
    country: optionalText(255),
  })
  .partial();
export type ProfileUpdate = z.infer<typeof profileUpdate>;

// Second factor (django-trench's calls).
export const activeMethodsPage = pageOf(activeMfaMethod);
export const mfaActivateResponse = z.object({
  /** For the app method: the otpauth:// URI the QR code encodes. */
  details: z.string(),
  /** For the app method: the secret, for typing into an authenticator by hand. */
  secret: z.string().optional(),
});
export const mfaCodeRequest = z.object({
  code: z
    .string({ error: 'Verificatie code is verplicht' })
    .trim()
    .min(1, 'Verificatie code is verplicht')
    .max(64),
});
export const backupCodesResponse = z.object({ backup_codes: z.array(z.string()) });
