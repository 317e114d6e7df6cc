export { UserGroupsDialog } from './components/editor/layer-dialogs';

/** The workspace viewer's screens, each loaded in its own chunk when its route is first visited (app/router.tsx). */
export const viewerScreens = {
  workspaceViewer: async () => (await import('./components/viewer-screen')).WorkspaceViewerScreen,
  workspaceEditor: async () => (await import('./components/viewer-screen')).WorkspaceEditorScreen,
  publicWorkspace: async () => (await import('./components/viewer-screen')).SharedWorkspaceScreen,
};
