import Box from '@mui/material/Box';
import { Fragment } from 'react';
import { Outlet, useLocation } from 'react-router';
import { usePageViews } from '../../analytics/use-page-views';
import { useSiteBranding } from '../../features/sites';
import { AppToolbar } from './app-toolbar';
import { Footer } from './footer';
import { RouteLoadingOverlay } from './loading-overlay';

/** The shell around every screen. */
export function RootLayout() {
  const { pathname, search, hash } = useLocation();
  const branding = useSiteBranding();
  usePageViews(branding.analytics);

  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <AppToolbar branding={branding} />
      <Box component="main" sx={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
        {/* Keyed by the full path: every path change renders the screen afresh. */}
        <Fragment key={pathname + search + hash}>
          <Outlet />
        </Fragment>
      </Box>
      <Footer email={branding.email} />
      <RouteLoadingOverlay />
    </Box>
  );
}
