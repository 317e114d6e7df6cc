import type { Layer } from '@geows/contract';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { focusMap } from '../../../lib/skip-targets';
import type { PickedFeature } from '../../../viewer/map-engine';
import { displayName, flattenLayers } from '../layer-tree';

/**
 * Escape's own meaning wins inside what Escape already closes (a dialog, a menu, a list
 * of options) and in a keyboard drag, which takes it as cancel (dnd-kit prevents its default).
 */
const escapeIsTaken = (event: KeyboardEvent) =>
  event.defaultPrevented ||
  (event.target instanceof Element &&
    event.target.closest('[role="dialog"], [role="menu"], [role="listbox"], .MuiPopover-root') !== null);

/**
 * What a click on the map found, layer by layer: the features' properties as a table.
 * HTML from a service (WMS GetFeatureInfo, ArcGIS identify) is someone else's markup:
 * it is shown only inside a sandboxed frame, without scripts or this page's origin.
 * Escape closes it; when the focus was in it, the focus goes back to the map.
 */
export function FeatureInfo({
  features,
  tree,
  onClose,
}: {
  features: readonly PickedFeature[];
  tree: readonly Layer[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const names = new Map(flattenLayers(tree).map((layer) => [String(layer.id), displayName(layer.name)]));
  const panel = useRef<HTMLElement>(null);
  // The latest close, for the window's listener that lives as long as the panel.
  const closeRef = useRef<() => void>(() => {});
  closeRef.current = () => {
    const focusWasInside = panel.current?.contains(document.activeElement) ?? false;
    onClose();
    if (focusWasInside) focusMap();
  };
  useEffect(() => {
    // On the window: after the document's listeners (dnd-kit's drag keys) have had their say.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !escapeIsTaken(event)) closeRef.current();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  return (
    <Paper
      ref={panel}
      elevation={3}
      component="section"
      aria-label={t('viewer.featureInfo')}
      sx={{ width: 340, maxWidth: 'calc(100vw - 16px)', maxHeight: '50dvh', overflow: 'auto' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 1.5, pt: 1 }}>
        <Typography component="h2" variant="subtitle2" sx={{ flex: 1 }}>
          {t('viewer.featureInfo')}
        </Typography>
        <IconButton size="small" aria-label={t('viewer.closeFeatureInfo')} onClick={() => closeRef.current()}>
          <CloseIcon fontSize="small" />
        </IconButton>
      </Box>
      {features.length === 0 ? (
        <Typography variant="body2" color="textSecondary" sx={{ px: 1.5, pb: 1.5 }}>
          {t('viewer.nothingHere')}
        </Typography>
      ) : (
        features.map((feature, index) => (
          // A click's answer never changes once shown: its order is its identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole, never reordered.
          <Box key={`${feature.layerId}-${index}`} sx={{ px: 1.5, pb: 1.5 }}>
            <Typography variant="overline" color="textSecondary" sx={{ display: 'block', lineHeight: 1.6 }}>
              {names.get(feature.layerId) ?? ''}
            </Typography>
            {feature.title && (
              <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                {feature.title}
              </Typography>
            )}
            {Object.keys(feature.properties).length > 0 && (
              <Table
                size="small"
                aria-label={t('viewer.properties', { name: feature.title || names.get(feature.layerId) })}
              >
                <TableBody>
                  {Object.entries(feature.properties).map(([key, value]) => (
                    <TableRow key={key}>
                      <TableCell component="th" scope="row" sx={{ color: 'text.secondary', pl: 0 }}>
                        {key}
                      </TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere', pr: 0 }}>{value}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
            {feature.html && (
              <Box
                component="iframe"
                title={t('viewer.serviceAnswer', { name: names.get(feature.layerId) ?? '' })}
                sandbox=""
                srcDoc={feature.html}
                sx={{
                  width: '100%',
                  height: 200,
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 1,
                  bgcolor: '#fff',
                }}
              />
            )}
          </Box>
        ))
      )}
    </Paper>
  );
}
