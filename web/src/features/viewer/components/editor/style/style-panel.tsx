import { type LayerTemplate, pointSymbols } from '@geows/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultFeatureColours, defaultPointSize } from '../../../../../viewer/feature-style';
import { AttributeField } from './attribute-field';
import { type Attributes, attributeNames } from './classify';
import { ColourBySection } from './colour-by-section';
import { ColourField } from './colour-field';
import { readColour, withAlpha } from './css-colour';
import { NumberField } from './number-field';

type Props = {
  template: LayerTemplate;
  onChange: (template: LayerTemplate) => void;
  /** The features' attributes; undefined while loading or when the source refused. */
  rows: readonly Attributes[] | undefined;
  rowsFailed: boolean;
};

const fallbackFill = readColour(defaultFeatureColours.fill) ?? { hex: '#ff6d00', alpha: 0.35 };

/** Sets a key of the template, or leaves it out when undefined (the map's default). */
const withKey = <K extends keyof LayerTemplate>(template: LayerTemplate, key: K, value: LayerTemplate[K]) => {
  const next = { ...template };
  if (value === undefined || value === '') delete next[key];
  else next[key] = value;
  return next;
};

/**
 * The style of a layer of features, field by field: fill, outline, points, labels and
 * colours by an attribute. Keys it has no field for (extrusion, opacity) stay as they are.
 */
export function StylePanel({ template, onChange, rows, rowsFailed }: Props) {
  const { t } = useTranslation();
  const attributes = useMemo(() => (rows ? attributeNames(rows) : []), [rows]);
  const set = <K extends keyof LayerTemplate>(key: K, value: LayerTemplate[K]) =>
    onChange(withKey(template, key, value));
  const fillAlpha = (readColour(template.color) ?? fallbackFill).alpha;
  // One opacity for every fill: the classes follow the fill's.
  const setFill = (color: string) => {
    const alpha = (readColour(color) ?? fallbackFill).alpha;
    const { colorBy } = template;
    const recolour = (css: string) => withAlpha(css, alpha, fallbackFill);
    const classes: LayerTemplate['colorBy'] =
      colorBy?.by === 'category'
        ? { ...colorBy, categories: colorBy.categories.map((c) => ({ ...c, color: recolour(c.color) })) }
        : colorBy?.by === 'range'
          ? { ...colorBy, ranges: colorBy.ranges.map((r) => ({ ...r, color: recolour(r.color) })) }
          : undefined;
    onChange(withKey(withKey(template, 'color', color), 'colorBy', classes));
  };
  return (
    <Stack spacing={2.5}>
      {rowsFailed && (
        <Alert severity="info" variant="outlined">
          {t('style.attributesUnknown')}
        </Alert>
      )}
      <Section title={t('style.fill')}>
        <ColourField
          label={t('style.fillColour')}
          opacityLabel={t('style.fillOpacity')}
          value={template.color}
          fallback={defaultFeatureColours.fill}
          onChange={setFill}
        />
      </Section>
      <Section title={t('style.outline')}>
        <ColourField
          label={t('style.outlineColour')}
          opacityLabel={t('style.outlineOpacity')}
          value={template.outlineColor}
          fallback={defaultFeatureColours.outline}
          onChange={(color) => set('outlineColor', color)}
        />
        <Box sx={{ display: 'flex' }}>
          <NumberField
            label={t('style.outlineWidth')}
            value={template.outlineWidth}
            placeholder={1}
            unit={t('style.pixels')}
            onChange={(value) => set('outlineWidth', value)}
          />
        </Box>
      </Section>
      <Section title={t('style.points')}>
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <TextField
            select
            size="small"
            label={t('style.pointSymbol')}
            value={template.pointSymbol ?? 'circle'}
            onChange={(event) => set('pointSymbol', event.target.value as LayerTemplate['pointSymbol'])}
            sx={{ flex: '1 1 140px' }}
          >
            {pointSymbols.map((symbol) => (
              <MenuItem key={symbol} value={symbol}>
                {t(`style.symbols.${symbol}`)}
              </MenuItem>
            ))}
          </TextField>
          <NumberField
            label={t('style.pointSize')}
            value={template.pointSize}
            placeholder={defaultPointSize}
            unit={t('style.pixels')}
            onChange={(value) => set('pointSize', value)}
          />
        </Box>
      </Section>
      <Section title={t('style.labels')}>
        <AttributeField
          label={t('style.labelAttribute')}
          value={template.label ?? ''}
          attributes={attributes}
          helperText={t('style.labelHelp')}
          onChange={(name) => set('label', name)}
        />
      </Section>
      <Section title={t('style.classesTitle')}>
        <ColourBySection
          colorBy={template.colorBy}
          rows={rows}
          attributes={attributes}
          alpha={fillAlpha}
          onChange={(colorBy) => set('colorBy', colorBy)}
        />
      </Section>
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack component="section" spacing={1.5} aria-label={title}>
      <Typography variant="subtitle2" component="h3">
        {title}
      </Typography>
      {children}
    </Stack>
  );
}
