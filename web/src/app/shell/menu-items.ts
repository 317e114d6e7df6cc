import { paths } from '@geows/contract';
import type { Messages } from '../../i18n/en';

/** Menu entries that do something instead of opening a route. */
export type MenuAction = 'logout';

type MenuItemBase = {
  id: string;
  /** Translation key of the label. */
  label: `menu.${keyof Messages['menu']}`;
  /** Shown to logged-in users when true, to logged-out users when false. */
  auth: boolean;
  /** Still shown in demo mode (spec §2 "Menu"). */
  demo: boolean;
};

/** A link to a route, or an action such as Logout. */
export type MenuItem = MenuItemBase &
  ({ path: string; action?: never } | { action: MenuAction; path?: never });

/**
 * The menu, in order. Logged out: only Login. Logged in: Profile and Logout so far; the
 * account dropdown, Shared Workspaces, Datasources and User groups arrive with their screens.
 */
export const menuItems: readonly MenuItem[] = [
  { id: 'login', label: 'menu.login', path: paths.login, auth: false, demo: false },
  { id: 'profile', label: 'menu.profile', path: paths.profile, auth: true, demo: true },
  { id: 'logout', label: 'menu.logout', action: 'logout', auth: true, demo: true },
];

export function visibleMenuItems(
  items: readonly MenuItem[],
  { isLoggedIn, demo }: { isLoggedIn: boolean; demo: boolean },
): MenuItem[] {
  return items.filter((item) => item.auth === isLoggedIn && (!demo || item.demo));
}
