import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { DrawerAccountList } from './drawer-account-list';
import type { MenuItem } from './menu-items';
import { useMenuAction } from './use-menu-items';

/** The bottom drawer's contents (bottom-drawer.tsx loads them on demand): the menu as a list. */
export function BottomDrawerPanel({
  id,
  items,
  open,
  onClose,
}: {
  id: string;
  items: MenuItem[];
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const runAction = useMenuAction();
  // Mounted closed first: a Drawer slides in only when it opens after its own first render.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);

  return (
    <Drawer
      id={id}
      anchor="bottom"
      open={open && mounted}
      onClose={onClose}
      slotProps={{ paper: { sx: { borderTopLeftRadius: 16, borderTopRightRadius: 16 } } }}
    >
      <Box
        aria-hidden
        sx={{ width: 40, height: 4, borderRadius: 2, bgcolor: 'divider', mx: 'auto', mt: 1.5 }}
      />
      <Box component="nav" aria-label={t('shell.navigation')} sx={{ pb: 'env(safe-area-inset-bottom)' }}>
        <List>
          {items.map((item) => {
            switch (item.kind) {
              case 'accounts':
                return (
                  <DrawerAccountList key={item.id} label={item.label} links={item.links} onChoose={onClose} />
                );
              case 'action':
                return (
                  <ListItemButton
                    key={item.id}
                    onClick={() => {
                      onClose();
                      runAction(item.action);
                    }}
                    sx={{ py: 1.5, px: 3 }}
                  >
                    <ListItemText primary={t(item.label)} />
                  </ListItemButton>
                );
              default:
                return (
                  <ListItemButton
                    key={item.id}
                    component={NavLink}
                    to={item.path}
                    onClick={onClose}
                    sx={{ py: 1.5, px: 3 }}
                  >
                    <ListItemText primary={t(item.label)} />
                  </ListItemButton>
                );
            }
          })}
        </List>
      </Box>
    </Drawer>
  );
}
