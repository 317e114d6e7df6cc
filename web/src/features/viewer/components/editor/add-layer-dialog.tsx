import { datasourceTypeById } from '@geows/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inspectStoredSourceQueryOptions, workspaceDatasourcesQueryOptions } from '../../../datasources';
import { SourceListbox } from './source-listbox';

/** Types whose service offers sub-layers to choose from (what inspect lists). */
const withSubLayers = new Set(['wms', 'wmts', 'arcgis-mapserver', 'arcgis-featureserver']);

export type NewLayer = { name: string; data_source: number; template?: string };

/**
 * Adds a data source as a layer: pick the source (searchable), then, for a service with
 * several layers, which one; the name comes from the choice. The sources offered are those
 * the caller may attach to this workspace: the account's for its admin, the ones already
 * in the workspace for an editor. An editor cannot read a source's settings, so is offered
 * no sub-layer: the source's own settings apply.
 */
export function AddLayerDialog({
  open,
  onClose,
  busy,
  workspace,
  onSubmit,
}: {
  open: boolean;
  onClose: () => void;
  busy: boolean;
  /** The workspace the layer goes into: it decides which sources are offered. */
  workspace: number;
  onSubmit: (layer: NewLayer) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const [chosen, setChosen] = useState<{ id: number; name: string; key: string; type: number } | null>(null);
  const [subLayer, setSubLayer] = useState('');
  const [name, setName] = useState('');
  const sources = useQuery({
    ...workspaceDatasourcesQueryOptions(workspace, deferredSearch),
    enabled: open,
  });
  const inspect = useQuery({
    ...inspectStoredSourceQueryOptions({ id: chosen?.id ?? 0, type: chosen?.type ?? 0 }),
    enabled: open && chosen !== null && withSubLayers.has(chosen.key),
  });
  // Null: the caller may not read the source's settings (an editor), so there is no choice to offer.
  const subLayers = inspect.data?.layers ?? [];

  const choose = (source: { id: number; name: string; type: number }) => {
    setChosen({
      id: source.id,
      name: source.name,
      key: datasourceTypeById(source.type)?.key ?? '',
      type: source.type,
    });
    setSubLayer('');
    setName(source.name);
  };
  const chooseSubLayer = (value: string) => {
    setSubLayer(value);
    const title = subLayers.find((layer) => layer.name === value)?.title;
    if (chosen) setName(title || chosen.name);
  };
  const submit = () => {
    if (!chosen || name.trim() === '') return;
    onSubmit({
      name: name.trim(),
      data_source: chosen.id,
      ...(subLayer ? { template: JSON.stringify({ layers: subLayer }) } : {}),
    });
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('editor.addLayerTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={t('editor.searchSources')}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            fullWidth
            size="small"
          />
          {sources.isError ? (
            <Alert severity="info">{t('editor.sourcesUnavailable')}</Alert>
          ) : sources.isPending ? (
            <CircularProgress size={24} aria-label={t('editor.loadingSources')} />
          ) : sources.data.sources.length === 0 ? (
            <Alert severity="info">{t('editor.noSources')}</Alert>
          ) : (
            <SourceListbox
              sources={sources.data.sources}
              chosen={chosen?.id}
              onChoose={choose}
              label={t('editor.sources')}
            />
          )}
          {sources.data && sources.data.total > sources.data.sources.length && (
            <Typography variant="caption" color="textSecondary">
              {t('editor.moreSources', { shown: sources.data.sources.length, total: sources.data.total })}
            </Typography>
          )}
          {chosen && withSubLayers.has(chosen.key) && (
            <>
              {inspect.isPending && <CircularProgress size={24} aria-label={t('editor.readingService')} />}
              {inspect.isError && <Alert severity="warning">{t('editor.inspectFailed')}</Alert>}
              {subLayers.length > 0 && (
                <TextField
                  select
                  label={t('editor.subLayer')}
                  value={subLayer}
                  onChange={(event) => chooseSubLayer(event.target.value)}
                  helperText={t('editor.subLayerHelp')}
                  size="small"
                >
                  <MenuItem value="">{t('editor.sourceDefault')}</MenuItem>
                  {subLayers.map((layer) => (
                    <MenuItem key={layer.name} value={layer.name}>
                      {layer.title || layer.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            </>
          )}
          {chosen && (
            <TextField
              label={t('editor.name')}
              value={name}
              onChange={(event) => setName(event.target.value)}
              error={name.trim() === ''}
              helperText={name.trim() === '' ? t('validation.nameRequired') : undefined}
              size="small"
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('editor.cancel')}</Button>
        <Button variant="contained" disabled={!chosen || name.trim() === '' || busy} onClick={submit}>
          {t('editor.addLayer')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
