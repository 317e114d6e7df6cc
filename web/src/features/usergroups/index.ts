export { loadUserGroups, useUserGroups } from './api/get-user-groups';

/** Its screens, each loaded in its own chunk when its route is first visited (app/router.tsx). */
export const userGroupScreens = {
  usergroups: async () => (await import('./components/usergroups-screen')).UserGroupsScreen,
};
