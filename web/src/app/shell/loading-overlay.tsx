import Backdrop from '@mui/material/Backdrop';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';
import { setHydrating, useLoadText, useRouteLoadingFlag } from '../../lib/ui-store';

/** Loads shorter than this never show the overlay, so fast navigation does not flash. */
const showAfterMs = 150;
const spinnerSize = 40;

/**
 * The overlay with the current loading text, over the content but under the toolbar:
 * the menu stays usable while a screen loads. (Over the toolbar, an overlay that rises
 * after its short delay swallowed a click on Logout aimed a moment before.)
 */
export function LoadingOverlay({ open }: { open: boolean }) {
  const { t } = useTranslation();
  const loadText = useLoadText() ?? t('shell.loadingContent');
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!open) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), showAfterMs);
    return () => clearTimeout(timer);
  }, [open]);

  return (
    <Backdrop
      open={visible}
      sx={(theme) => ({
        zIndex: theme.zIndex.appBar - 1,
        color: '#fff',
        // No backdrop-filter: a blurred full-screen layer is redrawn every frame while the
        // spinner turns, and in software GL (SwiftShader) that starves the map's WebGL start
        // under it (first globe 6 s → 16 s in `npm run bench:globe`).
        bgcolor: 'rgba(0, 0, 0, 0.6)',
      })}
    >
      <Stack role="status" aria-live="polite" spacing={2} sx={{ alignItems: 'center' }}>
        {/* Mounted only while shown: a hidden indeterminate spinner still animates, restyling the page every frame.
            Its place stays while the overlay fades out, so the text does not jump up. */}
        {visible ? (
          <CircularProgress color="inherit" size={spinnerSize} aria-hidden />
        ) : (
          <Box sx={{ width: spinnerSize, height: spinnerSize }} />
        )}
        <Typography variant="h6" component="p">
          {loadText}
        </Typography>
      </Stack>
    </Backdrop>
  );
}

/** The overlay while the router loads a route (lazy code, loaders), or a screen its data (guard 4). */
export function RouteLoadingOverlay() {
  const navigation = useNavigation();
  const routeLoading = useRouteLoadingFlag();
  return <LoadingOverlay open={navigation.state === 'loading' || routeLoading} />;
}

/**
 * In place of a route's content during the very first load of its code: raises the
 * shell's one overlay (RouteLoadingOverlay), so a screen that keeps it up for its data
 * (guard 4) does not stack a second one on it.
 */
export function RouteLoadingFallback() {
  useEffect(() => {
    setHydrating(true);
    return () => setHydrating(false);
  }, []);
  return null;
}
