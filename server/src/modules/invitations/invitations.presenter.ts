import type { Invitation } from '@geows/contract';
import type { InvitationRow } from './invitations.repository.js';

export const presentInvitation = (row: InvitationRow): Invitation => ({
  id: row.id,
  workspace: { id: row.workspaceId, name: row.workspaceName },
  email: row.email,
  created: row.createdAt.toISOString(),
});
