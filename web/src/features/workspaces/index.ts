export { getWorkspace, workspaceQueryOptions } from './api/get-workspace';
export { useWorkspaces, workspacesQueryOptions } from './api/get-workspaces';
export { updateWorkspace, useUpdateWorkspace } from './api/update-workspace';
export { workspaceKeys } from './api/workspace-keys';
export { DetailsSection } from './components/details-section';
export { EditorsSection } from './components/editors-section';
export { ShareLinksSection } from './components/share-links-section';
export { WorkspacesSection } from './components/workspaces-section';
export { canEdit } from './rights';
