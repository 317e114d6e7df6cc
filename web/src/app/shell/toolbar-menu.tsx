import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import type { MenuItem } from './menu-items';
import { useMenuAction } from './use-menu-items';

/** The menu as toolbar buttons, on screens wider than 760 px. */
export function ToolbarMenu({ items }: { items: MenuItem[] }) {
  const { t } = useTranslation();
  const runAction = useMenuAction();
  return (
    <Box component="nav" aria-label={t('shell.navigation')} sx={{ display: 'flex', gap: 0.5 }}>
      {items.map((item) =>
        item.action ? (
          <Button key={item.id} color="inherit" onClick={() => runAction(item.action)} sx={{ px: 2 }}>
            {t(item.label)}
          </Button>
        ) : (
          <Button
            key={item.id}
            component={NavLink}
            to={item.path}
            color="inherit"
            sx={{ px: 2, '&.active': { bgcolor: 'rgba(0, 0, 0, 0.12)' } }}
          >
            {t(item.label)}
          </Button>
        ),
      )}
    </Box>
  );
}
