import { describe, expect, it, vi } from 'vitest';
import { authRequired, type Guard, mfaSetupRequired, runGuards } from './guards';
import { context, user } from './test-context';

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

  it('stops when a later navigation overtook this one while a guard waited', async () => {
    const overtaken = new AbortController();
    const calls: string[] = [];
    const waits: Guard = async () => {
      calls.push('waits');
      overtaken.abort();
      return undefined;
    };
    const later: Guard = () => {
      calls.push('later');
      return { redirect: '/account/create' };
    };
    expect(await runGuards([waits, later], context(), overtaken.signal)).toBeUndefined();
    expect(calls).toEqual(['waits']);
  });
});
