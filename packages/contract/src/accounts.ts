import { z } from 'zod';
import { dbId, pageOf } from './common.js';
import { requiredString } from './fields.js';
import { messages } from './messages.js';

/** Spec §3 "Account". */
export const account = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  slug: z.string(),
  admin: z.number(),
});
export type Account = z.infer<typeof account>;
export const accountPage = pageOf(account);

export const accountForm = z.object({
  name: requiredString(messages.nameRequired, 100),
  description: requiredString(messages.nameRequired, 1000),
});
export type AccountForm = z.infer<typeof accountForm>;

/** POST /api/accounts: `admin` must be the caller. */
export const createAccountRequest = accountForm.extend({
  admin: dbId(),
});
export type CreateAccountRequest = z.infer<typeof createAccountRequest>;
