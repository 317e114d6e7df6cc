import { limits } from '@geows/contract';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { SiteBranding } from '../../features/sites';
import { BottomDrawer } from './bottom-drawer';
import { BusyIndicator } from './busy-indicator';
import { LanguageMenu } from './language-menu';
import { SiteBrand } from './site-brand';
import { ThemeToggle } from './theme-toggle';
import { ToolbarMenu } from './toolbar-menu';
import { useMenuItems } from './use-menu-items';

/** The top bar: brand, spinner, menu (buttons, or a drawer on small screens), theme, language. */
export function AppToolbar({ branding }: { branding: SiteBranding }) {
  const mobile = useMediaQuery(`(max-width:${limits.mobileMaxWidth}px)`, { noSsr: true });
  const items = useMenuItems();

  return (
    <AppBar
      position="sticky"
      color="primary"
      elevation={2}
      // Material's dark theme keeps large areas dark: a dark bar with an orange edge.
      sx={(theme) =>
        theme.applyStyles('dark', { borderBottom: `3px solid ${(theme.vars ?? theme).palette.primary.main}` })
      }
    >
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1 } }}>
        <SiteBrand branding={branding} />
        <Box sx={{ flexGrow: 1 }} />
        <BusyIndicator />
        {!mobile && <ToolbarMenu items={items} />}
        <ThemeToggle />
        <LanguageMenu />
        {mobile && <BottomDrawer items={items} />}
      </Toolbar>
    </AppBar>
  );
}
