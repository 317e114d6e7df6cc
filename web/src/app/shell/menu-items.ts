import { paths } from '@geows/contract';
import type { Messages } from '../../i18n/en';

export type MenuItem = {
  id: string;
  /** Translation key of the label. */
  label: `menu.${keyof Messages['menu']}`;
  path: string;
  /** Shown to logged-in users when true, to logged-out users when false. */
  auth: boolean;
  /** Still shown in demo mode (spec §2 "Menu"). */
  demo: boolean;
};

/**
 * The menu, in order. Logged out: only Login. The logged-in items (Shared Workspaces,
 * Datasources, User groups, Profile, Logout, the account dropdown) arrive with their screens.
 */
export const menuItems: readonly MenuItem[] = [
  { id: 'login', label: 'menu.login', path: paths.login, auth: false, demo: false },
];

export function visibleMenuItems(
  items: readonly MenuItem[],
  { isLoggedIn, demo }: { isLoggedIn: boolean; demo: boolean },
): MenuItem[] {
  return items.filter((item) => item.auth === isLoggedIn && (!demo || item.demo));
}
