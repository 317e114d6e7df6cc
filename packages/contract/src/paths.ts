/**
 * The web app's route table (docs/product.md, Screens and routes). `pattern` is what
 * analytics receive: it never contains the tokens of share, reset and activation links.
 */
export const paths = {
  home: '/',
  login: '/login',
  verification: '/verification',
  register: '/register',
  reset: '/reset',
  passwordReset: '/password-reset/:uid/:token',
  activate: '/activate',
  activation: '/activation/:uid/:token',
  profile: '/profile',
  publicWorkspace: '/workspace/share/:id/:token',
  createWorkspace: '/workspace/create',
  workspace: '/workspace/view/:id',
  editWorkspace: '/workspace/:id',
  sharedWorkspaces: '/shared',
  datasources: '/datasources',
  createDataSource: '/datasource/create',
  editDataSource: '/datasource/edit/:id',
  accounts: '/accounts',
  createAccount: '/account/create',
  account: '/account/:slug',
  layers: '/layers',
  usergroups: '/usergroups',
  esriOAuthCallback: '/esri-oauth-callback',
} as const;

export type PathName = keyof typeof paths;

/** Fills a route pattern's `:params`. */
export const pathTo = (pattern: string, params: Record<string, string | number> = {}) =>
  pattern.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing route parameter ${name} for ${pattern}`);
    return encodeURIComponent(String(value));
  });
