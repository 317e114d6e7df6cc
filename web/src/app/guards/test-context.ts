import type { Account, AuthUser } from '@geows/contract';
import type { GuardContext } from './guards';

/** For the guards' tests: a user, an account, and a navigation context with harmless defaults. */
export const user = (overrides: Partial<AuthUser> = {}): AuthUser => ({
  id: 1,
  username: 'ada',
  email: 'ada@example.org',
  date_joined: '2025-01-01T00:00:00.000Z',
  last_login: null,
  profile: { mfa_required: false },
  mfa: [],
  ...overrides,
});

export const account = (id: number, slug = `account-${id}`): Account => ({
  id,
  name: `Account ${id}`,
  description: '',
  slug,
  admin: 1,
});

export const context = (overrides: Partial<GuardContext> = {}): GuardContext => ({
  route: 'register',
  access: 'public',
  pathname: '/register',
  isLoggedIn: true,
  demo: false,
  authUser: async () => user(),
  accounts: () => [],
  fetchAccounts: async () => {},
  activeAccount: () => null,
  demoWorkspace: async () => 0,
  ...overrides,
});
