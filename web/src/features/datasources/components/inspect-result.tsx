import type { InspectResult } from '@geows/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type LayerPicker, selectedLayers, toggleLayer } from '../config-fields';

const degrees = (value: number) => value.toFixed(4);

const valueSx = { m: 0, mb: { xs: 0.5, sm: 0 }, overflowWrap: 'anywhere' } as const;

/**
 * What "Test connection" found: the service's title, its extent, its version and its
 * sub-layers; for WMS, WMTS and ArcGIS MapServer the sub-layers can be picked, filling the
 * layers field.
 */
export function InspectResultPanel({
  result,
  picker,
  value,
  onPick,
}: {
  result: InspectResult;
  picker: LayerPicker | null;
  /** The picker field's current text (comma-separated for several). */
  value: string;
  onPick: (value: string) => void;
}) {
  const { t } = useTranslation();
  const listId = useId();
  // The version the service answered in: the one a WMS source is saved with (inspected-version.ts).
  const version = typeof result.details?.version === 'string' ? result.details.version : undefined;
  // A huge service's list is cut by the server (details.layerCount is then the total).
  const layerTotal =
    result.details?.layersTruncated === true && typeof result.details.layerCount === 'number'
      ? result.details.layerCount
      : undefined;
  const chosen = new Set(picker?.multiple ? selectedLayers(value) : [value.trim()]);

  return (
    <Alert
      severity="success"
      variant="outlined"
      sx={{ '& .MuiAlert-message': { width: '100%', minWidth: 0 } }}
    >
      <AlertTitle>{t('datasourceForm.found')}</AlertTitle>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          // On a phone each value goes under its name: beside it, the long names leave it a sliver.
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'auto minmax(0, 1fr)' },
          columnGap: 2,
          rowGap: 0.5,
        }}
      >
        <Typography component="dt" variant="body2" sx={{ fontWeight: 500 }}>
          {t('datasourceForm.title')}
        </Typography>
        <Typography component="dd" variant="body2" sx={valueSx}>
          {result.title || '—'}
        </Typography>
        <Typography component="dt" variant="body2" sx={{ fontWeight: 500 }}>
          {t('datasourceForm.extent')}
        </Typography>
        <Typography component="dd" variant="body2" sx={valueSx}>
          {result.extent ? result.extent.map(degrees).join(', ') : t('datasourceForm.noExtent')}
        </Typography>
        {version && (
          <>
            <Typography component="dt" variant="body2" sx={{ fontWeight: 500 }}>
              {t('datasourceForm.serviceVersion')}
            </Typography>
            <Typography component="dd" variant="body2" sx={valueSx}>
              {version}
            </Typography>
          </>
        )}
      </Box>
      {(picker || result.layers.length > 0) && (
        <Stack spacing={0.5} sx={{ mt: 2 }}>
          <Typography id={listId} variant="subtitle2">
            {t('datasourceForm.layers')} ({(layerTotal ?? result.layers.length).toLocaleString()})
          </Typography>
          {layerTotal !== undefined && (
            <Typography variant="body2" color="textSecondary">
              {t('datasourceForm.layersCut', {
                total: layerTotal.toLocaleString(),
                shown: result.layers.length.toLocaleString(),
              })}
            </Typography>
          )}
          {result.layers.length === 0 ? (
            <Typography variant="body2">{t('datasourceForm.noLayers')}</Typography>
          ) : (
            <>
              {picker && (
                <Typography variant="body2" color="textSecondary">
                  {picker.multiple ? t('datasourceForm.pickLayers') : t('datasourceForm.pickLayer')}
                </Typography>
              )}
              <Box
                role={picker && !picker.multiple ? 'radiogroup' : 'group'}
                aria-labelledby={listId}
                sx={{ maxHeight: 280, overflowY: 'auto', display: 'flex', flexDirection: 'column' }}
              >
                {result.layers.map((layer) => {
                  const label = (
                    <Typography component="span" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                      {layer.title && layer.title !== layer.name
                        ? `${layer.title} (${layer.name})`
                        : layer.name}
                    </Typography>
                  );
                  if (!picker)
                    return (
                      <Box key={layer.name} sx={{ py: 0.5 }}>
                        {label}
                      </Box>
                    );
                  return (
                    <FormControlLabel
                      key={layer.name}
                      label={label}
                      control={
                        picker.multiple ? (
                          <Checkbox
                            size="small"
                            checked={chosen.has(layer.name)}
                            onChange={(event) => onPick(toggleLayer(value, layer.name, event.target.checked))}
                          />
                        ) : (
                          <Radio
                            size="small"
                            checked={chosen.has(layer.name)}
                            onChange={() => onPick(layer.name)}
                          />
                        )
                      }
                    />
                  );
                })}
              </Box>
            </>
          )}
        </Stack>
      )}
    </Alert>
  );
}
