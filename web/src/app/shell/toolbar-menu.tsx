import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { AccountMenu } from './account-menu';
import type { MenuItem } from './menu-items';
import { useMenuAction } from './use-menu-items';

/** The menu as toolbar buttons, on screens wider than 760 px. */
export function ToolbarMenu({ items }: { items: MenuItem[] }) {
  const { t } = useTranslation();
  const runAction = useMenuAction();
  return (
    <Box
      component="nav"
      aria-label={t('shell.navigation')}
      sx={{
        display: 'flex',
        gap: 0.5,
        flexShrink: 0,
        '& .MuiButton-root': { whiteSpace: 'nowrap', px: 1.5 },
      }}
    >
      {items.map((item) => {
        switch (item.kind) {
          case 'accounts':
            return <AccountMenu key={item.id} label={item.label} links={item.links} />;
          case 'action':
            return (
              <Button key={item.id} color="inherit" onClick={() => runAction(item.action)}>
                {t(item.label)}
              </Button>
            );
          default:
            return (
              <Button
                key={item.id}
                component={NavLink}
                to={item.path}
                color="inherit"
                sx={{ '&.active': { bgcolor: 'rgba(0, 0, 0, 0.12)' } }}
              >
                {t(item.label)}
              </Button>
            );
        }
      })}
    </Box>
  );
}
