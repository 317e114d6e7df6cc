import { useAuth } from '../../features/auth/use-auth';
import { type MenuItem, menuItems, visibleMenuItems } from './menu-items';

/** The menu for the current user; toolbar and bottom drawer show the same list. */
export function useMenuItems(): MenuItem[] {
  const auth = useAuth();
  return visibleMenuItems(menuItems, auth);
}
