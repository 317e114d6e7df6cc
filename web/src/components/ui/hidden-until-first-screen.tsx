import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { useFirstScreenDrawn } from '../../lib/ui-store';

/**
 * Keeps its place in the layout but stays unpainted until the visit's first screen has its data
 * and has drawn it (first-screen-watcher.tsx): for what sits below content that grows once its
 * data arrives, which would otherwise be painted first and then pushed down (a layout shift).
 * Its own component, so that the flag re-renders this box only, not the screen around it.
 */
export function HiddenUntilFirstScreen({ children }: { children: ReactNode }) {
  const firstScreenDrawn = useFirstScreenDrawn();
  return <Box sx={firstScreenDrawn ? undefined : { visibility: 'hidden' }}>{children}</Box>;
}
