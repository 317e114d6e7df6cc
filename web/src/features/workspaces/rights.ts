import type { WorkspaceRights } from '@geows/contract';

/**
 * The server decides a caller's rights on a workspace (its `rights` field); the screens
 * only ask what those rights allow. Admins and editors may change a workspace and
 * invite people to it; viewers may look.
 */
export const canEdit = (rights: WorkspaceRights): boolean => rights === 'admin' || rights === 'edit';
