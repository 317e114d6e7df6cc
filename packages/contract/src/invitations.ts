import { z } from 'zod';
import { dbId, pageOf } from './common.js';
import { email } from './fields.js';

/** Spec §3 "Invitation": a workspace shared with a person by e-mail. */
export const invitation = z.object({
  id: z.number(),
  workspace: z.object({ id: z.number(), name: z.string() }),
  email: z.string(),
  created: z.string(),
});
export type Invitation = z.infer<typeof invitation>;
export const invitationPage = pageOf(invitation);

export const createInvitationRequest = z.object({
  workspace: dbId(),
  email,
});
export type CreateInvitationRequest = z.infer<typeof createInvitationRequest>;
export const invitationListQuery = z.object({ workspace: dbId().optional() });

/** GET /api/demo: the caller's demo workspace id, or 0. */
export const demoResponse = z.number().int().nonnegative();
