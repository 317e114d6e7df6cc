import Box from '@mui/material/Box';
import { type ReactNode, Suspense, useEffect } from 'react';
import { countSectionLoading, useFirstScreenDrawn } from '../../lib/ui-store';

/**
 * Keeps its place in the layout but stays unpainted until the visit's first screen has its data
 * and has drawn it (first-screen-watcher.tsx): for what sits below content that grows once its
 * data arrives, which would otherwise be painted first and then pushed down (a layout shift).
 * Its own component, so that the flag re-renders this box only, not the screen around it.
 * A lazy section inside counts as part of the first screen while its code loads: declared drawn
 * before it arrived, a short page showed its footer at the bottom of the window and then pushed
 * it down as the section came (a layout shift of 0.02 on every account page with few workspaces).
 */
export function HiddenUntilFirstScreen({ children }: { children: ReactNode }) {
  const firstScreenDrawn = useFirstScreenDrawn();
  return (
    <Box sx={firstScreenDrawn ? undefined : { visibility: 'hidden' }}>
      <Suspense fallback={<SectionLoading />}>{children}</Suspense>
    </Box>
  );
}

/** Counted while mounted: the first screen waits for the section's code. */
function SectionLoading() {
  useEffect(() => {
    countSectionLoading(1);
    return () => countSectionLoading(-1);
  }, []);
  return null;
}
