// The router's entry into this feature: lazy loaders only, so that naming a route
// fetches nothing until it is visited (index.ts is for other features and the shell).
/** Its screens, each loaded in its own chunk when its route is first visited (app/router.tsx). */
export const invitationScreens = {
  sharedWorkspaces: async () =>
    (await import('./components/shared-workspaces-screen')).SharedWorkspacesScreen,
};
