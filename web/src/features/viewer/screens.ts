// The router's entry into this feature: lazy loaders only, so that naming a route
// fetches nothing until it is visited (index.ts is for other features and the shell).
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction, RouteObject } from 'react-router';
import { getToken } from '../../api/token-storage';
import { preloadEngine } from '../../viewer/engine-files';
import { documentLoadedOnMapRoute } from './map-document';

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

/**
 * A map route whose loader (the guards) also starts the screen's reads, in parallel with the
 * guards' calls (api/opening-reads.ts): the map opens at the workspace's camera, so it waited
 * for the guards, the screen's code and then the workspace, one after the other.
 */
export function withOpeningReads(queryClient: QueryClient, route: RouteObject): RouteObject {
  const loader = route.loader as LoaderFunction | undefined;
  return {
    ...route,
    loader: (args, context) => {
      // A map route reached from another page reloads first (map-document.ts): its reads would be lost.
      if (documentLoadedOnMapRoute()) {
        const signedIn = Boolean(getToken());
        // Imported here, not statically: with the workspace's fetchers it would join the code every page loads.
        void import('./api/opening-reads').then(({ startOpeningReads }) =>
          startOpeningReads(queryClient, args.params, signedIn),
        );
      }
      return loader?.(args, context) ?? null;
    },
  };
}
