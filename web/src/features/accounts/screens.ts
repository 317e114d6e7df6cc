// The router's entry into this feature: lazy loaders only, so that naming a route
// fetches nothing until it is visited (index.ts is for other features and the shell).
/** Its screens, each loaded in its own chunk when its route is first visited (app/router.tsx). */
export const accountScreens = {
  accounts: async () => (await import('./components/accounts-screen')).AccountsScreen,
  createAccount: async () => (await import('./components/create-account-screen')).CreateAccountScreen,
  account: async () => (await import('./components/account-screen')).AccountScreen,
};
