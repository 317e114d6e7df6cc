/** Its screens, each loaded in its own chunk when its route is first visited (app/router.tsx). */
export const layerLibraryScreens = {
  layers: async () => (await import('./components/layer-library-screen')).LayerLibraryScreen,
};
