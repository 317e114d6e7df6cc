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

/** Below this width the full logged-in menu does not fit in the toolbar beside the brand. */
const fullMenuMinWidth = 1200;

/**
 * The top bar: brand, spinner, menu (buttons, or a drawer on small screens), theme,
 * language. Mobile (≤ 760 px) always gets the drawer; so does a medium screen whose menu has
 * more items than fit (the logged-in menu), rather than overlapping buttons (docs/decisions.md,
 * "The interface").
 */
export function AppToolbar({ branding }: { branding: SiteBranding }) {
  const items = useMenuItems();
  const narrow = useMediaQuery(`(max-width:${limits.mobileMaxWidth}px)`, { noSsr: true });
  const medium = useMediaQuery(`(max-width:${fullMenuMinWidth - 0.05}px)`, { noSsr: true });
  const mobile = narrow || (medium && items.length > 3);

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
