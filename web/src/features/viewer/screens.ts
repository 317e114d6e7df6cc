// The router's entry into this feature: lazy loaders only, so that naming a route
// fetches nothing until it is visited (index.ts is for other features and the shell).
import { preloadEngine } from '../../viewer/engine-files';

/** The screens' chunk. */
const screens = () => import('./components/viewer-screen');

/**
 * A map route's screen, with the 3D engine fetched beside it: from the first moment of the
 * navigation, in parallel with the guards' and the screen's API calls, instead of after the
 * workspace has loaded. Only fetched and compiled here, not run: running the 4 MB engine while
 * the screen waited for its data once kept the page's heading from showing within 15 s in
 * software WebGL on a busy 2-core machine; it runs when the map is created (map-engine.ts).
 */
const mapScreen = async () => {
  preloadEngine();
  return screens();
};

/** The workspace viewer's screens, each loaded in its own chunk when its route is first visited (app/router.tsx). */
export const viewerScreens = {
  workspaceViewer: async () => (await mapScreen()).WorkspaceViewerScreen,
  workspaceEditor: async () => (await mapScreen()).WorkspaceEditorScreen,
  publicWorkspace: async () => (await mapScreen()).SharedWorkspaceScreen,
};
