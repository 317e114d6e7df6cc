import MenuIcon from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { DrawerAccountList } from './drawer-account-list';
import type { MenuItem } from './menu-items';
import { useMenuAction } from './use-menu-items';

const drawerId = 'navigation-drawer';

/** The menu on small screens: a button opening a temporary drawer from the bottom. */
export function BottomDrawer({ items }: { items: MenuItem[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const runAction = useMenuAction();
  const handleClose = () => setOpen(false);

  return (
    <>
      <IconButton
        color="inherit"
        edge="end"
        aria-label={t('shell.menu')}
        aria-controls={open ? drawerId : undefined}
        aria-expanded={open}
        aria-haspopup="true"
        onClick={() => setOpen(true)}
      >
        <MenuIcon />
      </IconButton>
      <Drawer
        id={drawerId}
        anchor="bottom"
        open={open}
        onClose={handleClose}
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
                    <DrawerAccountList
                      key={item.id}
                      label={item.label}
                      links={item.links}
                      onChoose={handleClose}
                    />
                  );
                case 'action':
                  return (
                    <ListItemButton
                      key={item.id}
                      onClick={() => {
                        handleClose();
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
                      onClick={handleClose}
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
    </>
  );
}
