// The router's entry into this feature: lazy loaders only, so that naming a route
// fetches nothing until it is visited (index.ts is for other features and the shell).
/** Its screens, each loaded in its own chunk when its route is first visited (app/router.tsx). */
export const authScreens = {
  login: async () => (await import('./components/login-screen')).LoginScreen,
  verification: async () => (await import('./components/verification-screen')).VerificationScreen,
  register: async () => (await import('./components/register-screen')).RegisterScreen,
  activate: async () => (await import('./components/activate-screen')).ActivateScreen,
  activation: async () => (await import('./components/activation-screen')).ActivationScreen,
  reset: async () => (await import('./components/reset-screen')).ResetScreen,
  passwordReset: async () => (await import('./components/password-reset-screen')).PasswordResetScreen,
};
