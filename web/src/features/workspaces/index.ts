export { useWorkspaces } from './api/get-workspaces';
export { WorkspacesSection } from './components/workspaces-section';
export { canEdit } from './rights';

/** Its screens, each loaded in its own chunk when its route is first visited (app/router.tsx). */
export const workspaceScreens = {
  createWorkspace: async () => (await import('./components/create-workspace-screen')).CreateWorkspaceScreen,
  workspace: async () => (await import('./components/workspace-screen')).WorkspaceScreen,
};
