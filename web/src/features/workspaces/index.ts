export { useWorkspaces } from './api/get-workspaces';
export { DetailsSection } from './components/details-section';
export { EditorsSection } from './components/editors-section';
export { ShareLinksSection } from './components/share-links-section';
export { WorkspacesSection } from './components/workspaces-section';
export { canEdit } from './rights';

/** Its screens, each loaded in its own chunk when its route is first visited (app/router.tsx). */
export const workspaceScreens = {
  createWorkspace: async () => (await import('./components/create-workspace-screen')).CreateWorkspaceScreen,
};
