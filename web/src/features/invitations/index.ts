export { InviteSection } from './components/invite-section';

/** Its screens, each loaded in its own chunk when its route is first visited (app/router.tsx). */
export const invitationScreens = {
  sharedWorkspaces: async () =>
    (await import('./components/shared-workspaces-screen')).SharedWorkspacesScreen,
};
