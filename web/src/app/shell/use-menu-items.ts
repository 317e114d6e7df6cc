import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { logOut, useAuth } from '../../features/auth';
import { type MenuAction, type MenuItem, menuItems, visibleMenuItems } from './menu-items';

/** The menu for the current user; toolbar and bottom drawer show the same list. */
export function useMenuItems(): MenuItem[] {
  const auth = useAuth();
  return visibleMenuItems(menuItems, auth);
}

/** Runs a menu action; Logout logs out and then goes to / (docs/product.md, "Menu"). */
export function useMenuAction(): (action: MenuAction) => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    (action: MenuAction) => {
      switch (action) {
        case 'logout':
          void logOut(queryClient, navigate);
          break;
      }
    },
    [queryClient, navigate],
  );
}
