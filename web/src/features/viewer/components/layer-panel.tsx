import type { Layer } from '@geows/contract';
import ErrorIcon from '@mui/icons-material/ErrorOutlineOutlined';
import TuneIcon from '@mui/icons-material/Tune';
import ZoomInMapIcon from '@mui/icons-material/ZoomInMap';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import Slider from '@mui/material/Slider';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LayerStatus } from '../../../viewer/map-engine';
import { checkState, displayName, isBaseLayer, isGroup, type Visibility } from '../layer-tree';
import type { Legend } from '../legend';
import { LayerLegend } from './layer-legend';

type Props = {
  tree: readonly Layer[];
  visibility: Visibility;
  statuses: Readonly<Record<string, LayerStatus>>;
  onToggle: (id: number, visible: boolean) => void;
  /** The opacity each drawn layer has now (0…1), by id. */
  opacity: Readonly<Record<string, number>>;
  onOpacity: (id: number, opacity: number) => void;
  onZoomTo: (id: number) => void;
  /** The legend of each drawn layer that has one, by id. */
  legends: Readonly<Record<string, Legend>>;
};

/** The workspace's layers as a nested list: ticks, a spinner while a layer loads, its error when it fails. */
export function LayerPanel({ tree, ...rest }: Props) {
  const { t } = useTranslation();
  if (tree.length === 0) {
    return (
      <Typography variant="body2" color="textSecondary" sx={{ p: 2 }}>
        {t('viewer.noLayers')}
      </Typography>
    );
  }
  return (
    <Box component="ul" role="tree" aria-label={t('viewer.layers')} sx={{ listStyle: 'none', m: 0, p: 0.5 }}>
      {tree.map((layer) => (
        <LayerItem key={layer.id} layer={layer} depth={0} {...rest} />
      ))}
    </Box>
  );
}

function LayerItem({ layer, depth, ...rest }: Omit<Props, 'tree'> & { layer: Layer; depth: number }) {
  const { visibility, statuses, onToggle, opacity, onOpacity, onZoomTo, legends } = rest;
  const legend = legends[String(layer.id)];
  const { t } = useTranslation();
  const [toolsOpen, setToolsOpen] = useState(false);
  const name = displayName(layer.name);
  const drawn = opacity[String(layer.id)] !== undefined;
  const toolsId = `layer-tools-${layer.id}`;
  const state = checkState(layer, visibility);
  const status = statuses[String(layer.id)];
  const base = isBaseLayer(layer) && !isGroup(layer);
  const inputId = `layer-${layer.id}`;
  const Control = base ? Radio : Checkbox;
  return (
    <Box
      component="li"
      role="treeitem"
      aria-selected={false}
      aria-expanded={isGroup(layer) ? true : undefined}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', pl: depth * 2.5, minHeight: 40 }}>
        <Control
          id={inputId}
          size="small"
          checked={state === 'checked'}
          indeterminate={base ? undefined : state === 'mixed'}
          onChange={(event) => onToggle(layer.id, base ? true : event.target.checked)}
          slotProps={{ input: { 'aria-label': name } }}
        />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography
            component="label"
            htmlFor={inputId}
            variant="body2"
            sx={{ display: 'block', fontWeight: isGroup(layer) ? 500 : 400, overflowWrap: 'anywhere' }}
          >
            {name}
          </Typography>
          {status?.state === 'error' && (
            <Typography variant="caption" color="error" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
              {status.message}
            </Typography>
          )}
        </Box>
        {status?.state === 'loading' && (
          <CircularProgress size={16} sx={{ mx: 1 }} aria-label={t('viewer.layerLoading', { name })} />
        )}
        {status?.state === 'error' && (
          <Tooltip title={status.message ?? ''}>
            <ErrorIcon
              color="error"
              fontSize="small"
              sx={{ mx: 1 }}
              role="img"
              aria-hidden={false}
              aria-label={t('viewer.layerError', { name })}
            />
          </Tooltip>
        )}
        {drawn && (
          <IconButton
            size="small"
            aria-label={t('viewer.layerTools', { name })}
            aria-expanded={toolsOpen}
            aria-controls={toolsId}
            onClick={() => setToolsOpen((open) => !open)}
          >
            <TuneIcon fontSize="small" />
          </IconButton>
        )}
      </Box>
      {drawn && toolsOpen && (
        <Box id={toolsId} sx={{ pl: depth * 2.5 + 5, pr: 1.5, pb: 1 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
            <Typography variant="caption" color="textSecondary" id={`${toolsId}-opacity`}>
              {t('viewer.opacity')}
            </Typography>
            <Slider
              size="small"
              min={0}
              max={100}
              step={5}
              value={Math.round((opacity[String(layer.id)] ?? 1) * 100)}
              onChange={(_event, value) => onOpacity(layer.id, (value as number) / 100)}
              valueLabelDisplay="auto"
              valueLabelFormat={(value) => `${value} %`}
              slotProps={{ input: { 'aria-labelledby': `${toolsId}-opacity` } }}
              sx={{ flex: 1 }}
            />
          </Box>
          <Button size="small" startIcon={<ZoomInMapIcon />} onClick={() => onZoomTo(layer.id)}>
            {t('viewer.zoomToLayer')}
          </Button>
          {legend && <LayerLegend name={name} legend={legend} />}
        </Box>
      )}
      {isGroup(layer) && (
        <Box component="ul" role="group" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {layer.layers.map((child) => (
            <LayerItem key={child.id} layer={child} depth={depth + 1} {...rest} />
          ))}
        </Box>
      )}
    </Box>
  );
}
