import type { Layer } from '@geows/contract';
import ErrorIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Radio from '@mui/material/Radio';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { LayerStatus } from '../../../viewer/map-engine';
import { checkState, isBaseLayer, isGroup, type Visibility } from '../layer-tree';

type Props = {
  tree: readonly Layer[];
  visibility: Visibility;
  statuses: Readonly<Record<string, LayerStatus>>;
  onToggle: (id: number, visible: boolean) => void;
};

/** The workspace's layers as a nested list: ticks, a spinner while a layer loads, its error when it fails. */
export function LayerPanel({ tree, visibility, statuses, onToggle }: Props) {
  const { t } = useTranslation();
  if (tree.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
        {t('viewer.noLayers')}
      </Typography>
    );
  }
  return (
    <Box component="ul" role="tree" aria-label={t('viewer.layers')} sx={{ listStyle: 'none', m: 0, p: 0.5 }}>
      {tree.map((layer) => (
        <LayerItem
          key={layer.id}
          layer={layer}
          depth={0}
          visibility={visibility}
          statuses={statuses}
          onToggle={onToggle}
        />
      ))}
    </Box>
  );
}

function LayerItem({
  layer,
  depth,
  visibility,
  statuses,
  onToggle,
}: Omit<Props, 'tree'> & { layer: Layer; depth: number }) {
  const { t } = useTranslation();
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
          slotProps={{ input: { 'aria-label': layer.name } }}
        />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography
            component="label"
            htmlFor={inputId}
            variant="body2"
            sx={{ display: 'block', fontWeight: isGroup(layer) ? 500 : 400, overflowWrap: 'anywhere' }}
          >
            {layer.name}
          </Typography>
          {status?.state === 'error' && (
            <Typography variant="caption" color="error" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
              {status.message}
            </Typography>
          )}
        </Box>
        {status?.state === 'loading' && (
          <CircularProgress
            size={16}
            sx={{ mx: 1 }}
            aria-label={t('viewer.layerLoading', { name: layer.name })}
          />
        )}
        {status?.state === 'error' && (
          <Tooltip title={status.message ?? ''}>
            <ErrorIcon
              color="error"
              fontSize="small"
              sx={{ mx: 1 }}
              role="img"
              aria-hidden={false}
              aria-label={t('viewer.layerError', { name: layer.name })}
            />
          </Tooltip>
        )}
      </Box>
      {isGroup(layer) && (
        <Box component="ul" role="group" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {layer.layers.map((child) => (
            <LayerItem
              key={child.id}
              layer={child}
              depth={depth + 1}
              visibility={visibility}
              statuses={statuses}
              onToggle={onToggle}
            />
          ))}
        </Box>
      )}
    </Box>
  );
}
