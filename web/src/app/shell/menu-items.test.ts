import { describe, expect, it } from 'vitest';
import { type MenuItem, menuItems, visibleMenuItems } from './menu-items';

const item = (id: string, auth: boolean, demo: boolean): MenuItem => ({
  id,
  label: 'menu.login',
  path: `/${id}`,
  auth,
  demo,
});

describe('visibleMenuItems', () => {
  it('shows only Login to a logged-out user', () => {
    expect(visibleMenuItems(menuItems, { isLoggedIn: false, demo: false }).map((i) => i.id)).toEqual([
      'login',
    ]);
  });

  it('shows logged-in items, and in demo mode only those flagged for demo', () => {
    const items = [item('login', false, false), item('shared', true, true), item('datasources', true, false)];
    expect(visibleMenuItems(items, { isLoggedIn: true, demo: false }).map((i) => i.id)).toEqual([
      'shared',
      'datasources',
    ]);
    expect(visibleMenuItems(items, { isLoggedIn: true, demo: true }).map((i) => i.id)).toEqual(['shared']);
  });
});
