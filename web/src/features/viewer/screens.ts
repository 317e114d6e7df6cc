// The router's entry into this feature: lazy loaders only, so that naming a route
// fetches nothing until it is visited (index.ts is for other features and the shell).
/**
 * The screens' chunk. (Fetching Cesium beside it, before the workspace had loaded, kept the
 * page's heading from showing within 15 s in software WebGL on a busy 2-core machine: the
 * 4 MB engine was parsed while the screen waited for its data: to be measured before it is
 * tried again.)
 */
const screens = () => import('./components/viewer-screen');

/** The workspace viewer's screens, each loaded in its own chunk when its route is first visited (app/router.tsx). */
export const viewerScreens = {
  workspaceViewer: async () => (await screens()).WorkspaceViewerScreen,
  workspaceEditor: async () => (await screens()).WorkspaceEditorScreen,
  publicWorkspace: async () => (await screens()).SharedWorkspaceScreen,
};
