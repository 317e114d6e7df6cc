export { useWorkspaces } from './api/get-workspaces';
export { WorkspacesSection } from './components/workspaces-section';
export { canEdit, workspaceRights } from './rights';
