import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { forgetEarlyReads } from '../../api/early-reads';
import { setFirstScreenDrawn, useRouteLoadingFlag, useSectionsLoading } from '../../lib/ui-store';
import { dropEarlyScreen } from '../../prerender/early-screen';
import { whenIdle } from './when-idle';

/**
 * Tells the shell when the first screen of this visit has loaded its data and drawn it, then is
 * no longer rendered: it follows every query only until then, and re-renders nothing but itself.
 * Until then the footer keeps its place unpainted: shown at once, it sits at the bottom of the
 * window and jumps down when a long list arrives, the layout shift people notice on a first visit
 * (and Lighthouse counts). Later screens open on a click, when movement is expected.
 */
export function FirstScreenWatcher() {
  const queryClient = useQueryClient();
  const loading = useRouteLoadingFlag();
  const fetching = useIsFetching() > 0;
  const sectionsLoading = useSectionsLoading();
  useEffect(() => {
    if (loading || fetching || sectionsLoading) return;
    // Idle: a screen's queries have started (they begin as it mounts) and lists that render in
    // the background (useDeferredValue) have finished; the timeout bounds the wait.
    return whenIdle(() => {
      if (queryClient.isFetching() !== 0) return;
      setFirstScreenDrawn();
      forgetEarlyReads();
      // Whatever the page drew instead (an error, a redirect), the early heading has had its time.
      dropEarlyScreen();
    }, 2000);
  }, [loading, fetching, sectionsLoading, queryClient]);
  return null;
}
