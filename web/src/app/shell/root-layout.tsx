import Box from '@mui/material/Box';
import { Fragment, useEffect, useLayoutEffect } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { usePageViews } from '../../analytics/use-page-views';
import { useSiteBranding } from '../../features/sites';
import { skipTargets } from '../../lib/skip-targets';
import { useFirstScreenDrawn } from '../../lib/ui-store';
import { dropEarlyScreenOutside } from '../../prerender/early-screen';
import { prefetchEngine } from '../../viewer/engine-files';
import { AppToolbar } from './app-toolbar';
import { FirstScreenWatcher } from './first-screen-watcher';
import { Footer } from './footer';
import { RouteLoadingOverlay } from './loading-overlay';
import { SkipLink } from './skip-link';
import { whenIdle } from './when-idle';

/** What a route may tell the shell (its `handle`): `fullScreen` screens (the 3D map) fill the window, without footer. */
export type RouteHandle = { fullScreen?: boolean };

/** The shell around every screen. */
export function RootLayout() {
  const { pathname, search, hash } = useLocation();
  const fullScreen = useMatches().some((match) => (match.handle as RouteHandle | undefined)?.fullScreen);
  const branding = useSiteBranding();
  usePageViews(branding.analytics);
  // An account page's early heading (prerender/early-screen.ts) stands in for that page alone.
  useLayoutEffect(() => dropEarlyScreenOutside(pathname), [pathname]);

  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        ...(fullScreen ? { height: '100dvh', overflow: 'hidden' } : { minHeight: '100dvh' }),
      }}
    >
      <SkipLink toMap={fullScreen} />
      <AppToolbar branding={branding} />
      <Box
        component="main"
        id={skipTargets.main}
        tabIndex={-1}
        sx={{
          flex: 1,
          display: 'flex',
          flexDirection: 'column',
          minHeight: 0,
          '&:focus': { outline: 'none' },
        }}
      >
        {/* Keyed by the full path: every path change renders the screen afresh. */}
        <Fragment key={pathname + search + hash}>
          <Outlet />
        </Fragment>
      </Box>
      {!fullScreen && <FooterAfterFirstScreen email={branding.email} />}
      <FirstScreenTasks />
      <RouteLoadingOverlay />
    </Box>
  );
}

// The first screen's flag is read by these two alone: when it turns, they re-render, not the
// whole shell (toolbar and menus) in the same task.

/** The footer stays unpainted until the first screen is drawn (first-screen-watcher.tsx). */
function FooterAfterFirstScreen({ email }: { email: string }) {
  const firstScreenDrawn = useFirstScreenDrawn();
  return <Footer email={email} hidden={!firstScreenDrawn} />;
}

/** Watches for the first screen; once it is drawn, fetches the 3D engine when the browser is idle. */
function FirstScreenTasks() {
  const firstScreenDrawn = useFirstScreenDrawn();
  // Most visits go on to a workspace: its 3D engine is fetched while the first screen is read,
  // once it is drawn and the browser has nothing else to do (a map route fetches it at once).
  useEffect(() => (firstScreenDrawn ? whenIdle(prefetchEngine, 5000) : undefined), [firstScreenDrawn]);
  return firstScreenDrawn ? null : <FirstScreenWatcher />;
}
