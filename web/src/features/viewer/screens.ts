// The router's entry into this feature: lazy loaders only, so that naming a route
// fetches nothing until it is visited (index.ts is for other features and the shell).
import { preloadMapEngine } from '../../viewer/map-engine';

/** The screens' chunk and Cesium's, fetched side by side rather than one after the other. */
const screens = () => {
  preloadMapEngine();
  return import('./components/viewer-screen');
};

/** The workspace viewer's screens, each loaded in its own chunk when its route is first visited (app/router.tsx). */
export const viewerScreens = {
  workspaceViewer: async () => (await screens()).WorkspaceViewerScreen,
  workspaceEditor: async () => (await screens()).WorkspaceEditorScreen,
  publicWorkspace: async () => (await screens()).SharedWorkspaceScreen,
};
