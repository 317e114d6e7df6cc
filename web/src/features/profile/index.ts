/** Its screens, each loaded in its own chunk when its route is first visited (app/router.tsx). */
export const profileScreens = {
  profile: async () => (await import('./components/profile-screen')).ProfileScreen,
};
