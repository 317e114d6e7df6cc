import { paths } from '@geows/contract';
import type { Messages } from '../../i18n/en';

/** Menu entries that do something instead of opening a route. */
export type MenuAction = 'logout';

export type MenuLabel = `menu.${keyof Messages['menu']}`;

/** A link inside the account dropdown, after the accounts themselves. */
export type MenuLink = { id: string; label: MenuLabel; path: string };

type MenuItemBase = {
  id: string;
  /** Translation key of the label (for the account dropdown: when no account is active). */
  label: MenuLabel;
  /** Shown to logged-in users when true, to logged-out users when false. */
  auth: boolean;
  /** Still shown in demo mode (docs/product.md, "Menu"). */
  demo: boolean;
};

/**
 * A link to a route, an action such as Logout, or the account dropdown: titled with the
 * active account's name, listing every account, then its own links.
 */
export type MenuItem = MenuItemBase &
  (
    | { kind: 'link'; path: string }
    | { kind: 'action'; action: MenuAction }
    | { kind: 'accounts'; links: readonly MenuLink[] }
  );

/** The menu, in order (docs/product.md, "Menu"). */
export const menuItems: readonly MenuItem[] = [
  { id: 'login', kind: 'link', label: 'menu.login', path: paths.login, auth: false, demo: false },
  {
    id: 'accounts',
    kind: 'accounts',
    label: 'menu.account',
    auth: true,
    demo: false,
    links: [
      { id: 'createAccount', label: 'menu.createAccount', path: paths.createAccount },
      { id: 'manageAccounts', label: 'menu.manageAccounts', path: paths.accounts },
    ],
  },
  {
    id: 'sharedWorkspaces',
    kind: 'link',
    label: 'menu.sharedWorkspaces',
    path: paths.sharedWorkspaces,
    auth: true,
    demo: true,
  },
  {
    id: 'datasources',
    kind: 'link',
    label: 'menu.datasources',
    path: paths.datasources,
    auth: true,
    demo: false,
  },
  {
    id: 'layers',
    kind: 'link',
    label: 'menu.layers',
    path: paths.layers,
    auth: true,
    demo: false,
  },
  {
    id: 'usergroups',
    kind: 'link',
    label: 'menu.userGroups',
    path: paths.usergroups,
    auth: true,
    demo: false,
  },
  { id: 'profile', kind: 'link', label: 'menu.profile', path: paths.profile, auth: true, demo: true },
  { id: 'logout', kind: 'action', label: 'menu.logout', action: 'logout', auth: true, demo: true },
];

export function visibleMenuItems(
  items: readonly MenuItem[],
  { isLoggedIn, demo }: { isLoggedIn: boolean; demo: boolean },
): MenuItem[] {
  return items.filter((item) => item.auth === isLoggedIn && (!demo || item.demo));
}
