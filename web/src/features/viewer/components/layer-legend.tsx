import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rangeLabel } from '../../../viewer/feature-style';
import { arcgisLegendRows, type FeatureSwatches, type Legend } from '../legend';

/** A layer's legend under its options: the service's images, its symbol list, or the template's colours. */
export function LayerLegend({ name, legend }: { name: string; legend: Legend }) {
  const { t } = useTranslation();
  return (
    <Box component="figure" aria-label={t('viewer.legendOf', { name })} sx={{ m: 0, mt: 0.5 }}>
      <Typography component="figcaption" variant="caption" color="textSecondary">
        {t('viewer.legend')}
      </Typography>
      {legend.kind === 'images' &&
        legend.images.map((image) => <LegendImage key={image.url} title={image.title} url={image.url} />)}
      {legend.kind === 'arcgis' && <ArcgisLegend url={legend.url} layers={legend.layers} />}
      {legend.kind === 'swatch' && <FeatureLegend name={name} swatches={legend} />}
    </Box>
  );
}

function Swatch({ fill, outline }: { fill: string; outline: string }) {
  return (
    <Box
      aria-hidden
      sx={{
        width: 24,
        height: 16,
        borderRadius: 0.5,
        bgcolor: fill,
        border: 2,
        borderColor: outline,
        flexShrink: 0,
      }}
    />
  );
}

function SwatchRow({ fill, outline, label }: { fill: string; outline: string; label: string }) {
  return (
    <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.25 }}>
      <Swatch fill={fill} outline={outline} />
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {label}
      </Typography>
    </Box>
  );
}

/** The layer's colours: one swatch, or one per class its template colours by (and the rest). */
function FeatureLegend({ name, swatches }: { name: string; swatches: FeatureSwatches }) {
  const { t, i18n } = useTranslation();
  const { classes, fill, outline } = swatches;
  return (
    <>
      {classes && (
        <Typography variant="caption" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
          {classes.property}
        </Typography>
      )}
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, py: 0.25 }}>
        {classes?.items.map((item) => {
          const label =
            'value' in item ? item.value || t('style.emptyValue') : rangeLabel(item, i18n.language);
          return <SwatchRow key={`${label}-${item.fill}`} fill={item.fill} outline={outline} label={label} />;
        })}
        <SwatchRow fill={fill} outline={outline} label={classes ? t('style.legendOther') : name} />
      </Box>
    </>
  );
}

/** Legend images are drawn for a white page: they keep one in the dark theme too. */
const paper = {
  bgcolor: '#fff',
  color: '#000',
  borderRadius: 1,
  p: 0.5,
  display: 'inline-block',
  maxWidth: '100%',
};

function LegendImage({ title, url }: { title: string; url: string }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  if (failed)
    return (
      <Typography variant="caption" color="textSecondary" sx={{ display: 'block' }}>
        {t('viewer.legendFailed')}
      </Typography>
    );
  return (
    <Box sx={{ ...paper, mt: 0.5 }}>
      <Box
        component="img"
        src={url}
        alt={t('viewer.legendOf', { name: title })}
        loading="lazy"
        onError={() => setFailed(true)}
        sx={{ display: 'block', maxWidth: '100%' }}
      />
    </Box>
  );
}

function ArcgisLegend({ url, layers }: { url: string; layers?: readonly string[] | undefined }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['arcgis-legend', url, layers],
    // The map service's own legend (not this product's API): read once per visit.
    queryFn: async ({ signal }) => {
      const answer = await fetch(url, { signal });
      if (!answer.ok) throw new Error(`HTTP ${answer.status}`);
      return arcgisLegendRows(await answer.json(), layers);
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  if (query.isPending) return <CircularProgress size={16} aria-label={t('viewer.legendLoading')} />;
  if (query.isError || query.data.length === 0)
    return (
      <Typography variant="caption" color="textSecondary" sx={{ display: 'block' }}>
        {t('viewer.legendFailed')}
      </Typography>
    );
  const several = new Set(query.data.map((row) => row.layer)).size > 1;
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {query.data.map((row) => (
        <Box
          component="li"
          key={`${row.layer}-${row.label}-${row.image}`}
          sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.25 }}
        >
          <Box sx={{ ...paper, p: 0.25, lineHeight: 0 }}>
            <Box
              component="img"
              src={row.image}
              alt=""
              sx={{ width: 20, height: 20, objectFit: 'contain' }}
            />
          </Box>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {several && row.label ? `${row.layer}: ${row.label}` : row.label || row.layer}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
