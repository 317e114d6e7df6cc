import Box from '@mui/material/Box';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { Fragment, useEffect, useState } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { usePageViews } from '../../analytics/use-page-views';
import { useSiteBranding } from '../../features/sites';
import { useRouteLoadingFlag } from '../../lib/ui-store';
import { AppToolbar } from './app-toolbar';
import { Footer } from './footer';
import { RouteLoadingOverlay } from './loading-overlay';

/** What a route may tell the shell (its `handle`): `fullScreen` screens (the 3D map) fill the window, without footer. */
export type RouteHandle = { fullScreen?: boolean };

/** Runs `callback` when the browser is idle (at most `timeoutMs` later); answers the cancel. */
function whenIdle(callback: () => void, timeoutMs: number): () => void {
  // Safari has no requestIdleCallback: a short timer stands in.
  if (typeof requestIdleCallback !== 'function') {
    const timer = setTimeout(callback, 50);
    return () => clearTimeout(timer);
  }
  const idle = requestIdleCallback(callback, { timeout: timeoutMs });
  return () => cancelIdleCallback(idle);
}

/**
 * Whether the first screen of this visit has loaded its data and drawn it. Until then the footer
 * keeps its place but is not painted: shown at once, it sits at the bottom of the window and
 * jumps down when a long list arrives, the layout shift people notice on a first visit (and
 * Lighthouse counts). Later screens open on a click, when movement is expected.
 */
function useFirstScreenDrawn(): boolean {
  const queryClient = useQueryClient();
  const loading = useRouteLoadingFlag();
  const fetching = useIsFetching() > 0;
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    if (drawn || loading || fetching) return;
    // Idle: a screen's queries have started (they begin as it mounts) and lists that render in
    // the background (useDeferredValue) have finished; the timeout bounds the wait.
    return whenIdle(() => setDrawn(queryClient.isFetching() === 0), 2000);
  }, [drawn, loading, fetching, queryClient]);
  return drawn;
}

/** The shell around every screen. */
export function RootLayout() {
  const { pathname, search, hash } = useLocation();
  const fullScreen = useMatches().some((match) => (match.handle as RouteHandle | undefined)?.fullScreen);
  const branding = useSiteBranding();
  usePageViews(branding.analytics);
  const firstScreenDrawn = useFirstScreenDrawn();

  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        ...(fullScreen ? { height: '100dvh', overflow: 'hidden' } : { minHeight: '100dvh' }),
      }}
    >
      <AppToolbar branding={branding} />
      <Box component="main" sx={{ flex: 1, display: 'flex', flexDirection: 'column', minHeight: 0 }}>
        {/* Keyed by the full path: every path change renders the screen afresh. */}
        <Fragment key={pathname + search + hash}>
          <Outlet />
        </Fragment>
      </Box>
      {!fullScreen && <Footer email={branding.email} hidden={!firstScreenDrawn} />}
      <RouteLoadingOverlay />
    </Box>
  );
}
