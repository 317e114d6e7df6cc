import { describe, expect, it } from 'vitest';
import { type MenuItem, menuItems, visibleMenuItems } from './menu-items';

const ids = (state: { isLoggedIn: boolean; demo: boolean }) =>
  visibleMenuItems(menuItems, state).map((item) => item.id);

describe('the menu per state (logged out, logged in, demo)', () => {
  it('shows only Login to a logged-out user', () => {
    expect(ids({ isLoggedIn: false, demo: false })).toEqual(['login']);
  });

  it('shows a logged-in user the account dropdown, then the screens, Profile and Logout', () => {
    expect(ids({ isLoggedIn: true, demo: false })).toEqual([
      'accounts',
      'sharedWorkspaces',
      'datasources',
      'layers',
      'usergroups',
      'profile',
      'logout',
    ]);
  });

  it('shows only the items flagged for demo in demo mode', () => {
    expect(ids({ isLoggedIn: true, demo: true })).toEqual(['sharedWorkspaces', 'profile', 'logout']);
  });

  it("ends the account dropdown with 'Create account' and 'Manage accounts'", () => {
    const dropdown = menuItems.find((item) => item.kind === 'accounts');
    expect(dropdown?.kind === 'accounts' && dropdown.links.map((link) => [link.label, link.path])).toEqual([
      ['menu.createAccount', '/account/create'],
      ['menu.manageAccounts', '/accounts'],
    ]);
  });

  it('links each item to its route', () => {
    const links = menuItems.filter(
      (item): item is Extract<MenuItem, { kind: 'link' }> => item.kind === 'link',
    );
    expect(Object.fromEntries(links.map((item) => [item.id, item.path]))).toEqual({
      login: '/login',
      sharedWorkspaces: '/shared',
      datasources: '/datasources',
      layers: '/layers',
      usergroups: '/usergroups',
      profile: '/profile',
    });
  });
});
