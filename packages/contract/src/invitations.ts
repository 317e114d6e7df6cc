import { z } from 'zod';
import { dbId, idParam, noContent, pageOf, pageQuery } from './common.js';
import { endpoint } from './endpoint.js';
import { email } from './fields.js';

/** A workspace shared with a person by e-mail. */
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
export const invitationListQuery = pageQuery.extend({ workspace: dbId().optional() });

const tag = 'invitations';
export const invitationsApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/invite',
    auth: 'token',
    access: 'signed-in',
    status: 200,
    tag,
    summary: "The caller's invitations, or (?workspace=) one workspace's, for its admin and editors",
    query: invitationListQuery,
    response: invitationPage,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/invite',
    auth: 'token',
    access: 'workspace-editor',
    status: 201,
    tag,
    summary: 'Invites a person by e-mail to a workspace (admin and editors)',
    body: createInvitationRequest,
    response: invitation,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/invite/:id',
    auth: 'token',
    access: 'invitee-or-workspace-editor',
    status: 204,
    tag,
    summary: 'Withdraws (admin, editors) or declines (invitee) an invitation',
    params: idParam,
    response: noContent,
  }),
};
