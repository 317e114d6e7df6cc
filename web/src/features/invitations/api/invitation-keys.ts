/** The query keys of the invitation endpoints, in one place. */
export const invitationKeys = {
  all: ['invitations'] as const,
  /** `GET /api/invite`: those addressed to the caller. */
  mine: () => [...invitationKeys.all, 'mine'] as const,
  /** `GET /api/invite?workspace=`: one workspace's. */
  workspace: (workspace: number) => [...invitationKeys.all, 'workspace', workspace] as const,
};
