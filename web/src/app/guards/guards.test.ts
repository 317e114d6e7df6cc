import type { AuthUser } from '@geows/contract';
import { describe, expect, it, vi } from 'vitest';
import {
  authRequired,
  type Guard,
  type GuardContext,
  loggedInHome,
  mfaSetupRequired,
  runGuards,
} from './guards';

const user = (overrides: Partial<AuthUser> = {}): AuthUser => ({
  id: 1,
  username: 'ada',
  email: 'ada@example.org',
  date_joined: '2025-01-01T00:00:00.000Z',
  last_login: null,
  profile: { mfa_required: false },
  mfa: [],
  ...overrides,
});

const context = (overrides: Partial<GuardContext> = {}): GuardContext => ({
  route: 'register',
  access: 'public',
  pathname: '/register',
  isLoggedIn: true,
  demo: false,
  authUser: async () => user(),
  ...overrides,
});

const mfaRequiredUser = user({ profile: { mfa_required: true } });

describe('guard 5: multi-factor authentication required but not set up', () => {
  it('sends every route but the profile to /profile with a Dutch warning', async () => {
    for (const route of ['home', 'register', 'activation', 'notFound'] as const) {
      const result = await mfaSetupRequired(context({ route, authUser: async () => mfaRequiredUser }));
      expect(result).toEqual({
        redirect: '/profile',
        message: {
          text: 'Activeer tweestapsverificatie (multi-factor authenticatie) om verder te gaan.',
          color: 'warning',
        },
      });
    }
  });

  it('lets the profile through', async () => {
    const result = await mfaSetupRequired(
      context({ route: 'profile', access: 'auth', authUser: async () => mfaRequiredUser }),
    );
    expect(result).toBeUndefined();
  });

  it('is satisfied by any active method', async () => {
    const withApp = user({ profile: { mfa_required: true }, mfa: [{ name: 'app', is_primary: true }] });
    expect(await mfaSetupRequired(context({ authUser: async () => withApp }))).toBeUndefined();
  });

  it('does nothing when not required, or when logged out (without asking for the user)', async () => {
    expect(await mfaSetupRequired(context())).toBeUndefined();
    const authUser = vi.fn(async () => mfaRequiredUser);
    expect(await mfaSetupRequired(context({ isLoggedIn: false, authUser }))).toBeUndefined();
    expect(authUser).not.toHaveBeenCalled();
  });

  it('lets the navigation proceed when the user could not be loaded', async () => {
    expect(await mfaSetupRequired(context({ authUser: async () => undefined }))).toBeUndefined();
  });
});

describe('guard 6: auth routes while logged out', () => {
  it('sends a logged-out user from an auth or account route home', () => {
    expect(authRequired(context({ route: 'profile', access: 'auth', isLoggedIn: false }))).toEqual({
      redirect: '/',
    });
    expect(authRequired(context({ route: 'datasources', access: 'account', isLoggedIn: false }))).toEqual({
      redirect: '/',
    });
  });

  it('leaves public routes and logged-in users alone', () => {
    expect(authRequired(context({ isLoggedIn: false }))).toBeUndefined();
    expect(authRequired(context({ route: 'profile', access: 'auth' }))).toBeUndefined();
  });
});

describe('guard 3 (stand-in): a logged-in user on home', () => {
  const guard = loggedInHome('/profile');
  it('goes where a login goes, from / and /login', () => {
    expect(guard(context({ route: 'home' }))).toEqual({ redirect: '/profile' });
    expect(guard(context({ route: 'login' }))).toEqual({ redirect: '/profile' });
  });
  it('leaves logged-out users and other routes alone', () => {
    expect(guard(context({ route: 'home', isLoggedIn: false }))).toBeUndefined();
    expect(guard(context({ route: 'register' }))).toBeUndefined();
  });
});

describe('runGuards', () => {
  it('runs guards in order and stops at the first redirect', async () => {
    const calls: string[] = [];
    const pass: Guard = () => {
      calls.push('pass');
      return undefined;
    };
    const first: Guard = async () => {
      calls.push('first');
      return { redirect: '/a' };
    };
    const never: Guard = () => {
      calls.push('never');
      return { redirect: '/b' };
    };
    expect(await runGuards([pass, first, never], context())).toEqual({ redirect: '/a' });
    expect(calls).toEqual(['pass', 'first']);
    expect(await runGuards([pass], context())).toBeUndefined();
  });
});
