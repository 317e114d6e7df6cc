import Box from '@mui/material/Box';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { type PanelColour, readColour, writeColour } from './css-colour';

/** The browser's colour picker: a swatch that opens the system's picker, named for screen readers. */
export function ColourInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: PanelColour;
  onChange: (hex: string) => void;
}) {
  return (
    <Box
      component="input"
      type="color"
      aria-label={label}
      value={value.hex}
      onChange={(event: React.ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
      sx={{
        width: 44,
        height: 32,
        p: 0.25,
        flexShrink: 0,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'background.paper',
        cursor: 'pointer',
      }}
    />
  );
}

/** A colour and its opacity, written back as one CSS colour. */
export function ColourField({
  label,
  opacityLabel,
  value,
  fallback,
  onChange,
}: {
  label: string;
  opacityLabel: string;
  value: string | undefined;
  /** What the map draws while the template names no colour. */
  fallback: string;
  onChange: (css: string) => void;
}) {
  const { t } = useTranslation();
  const colour = readColour(value) ?? readColour(fallback) ?? { hex: '#000000', alpha: 1 };
  const percent = Math.round(colour.alpha * 100);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
      <Typography variant="body2" aria-hidden sx={{ minWidth: 96 }}>
        {label}
      </Typography>
      <ColourInput
        label={label}
        value={colour}
        onChange={(hex) => onChange(writeColour({ ...colour, hex }))}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flex: '1 1 140px', minWidth: 140 }}>
        <Slider
          size="small"
          min={0}
          max={100}
          step={5}
          value={percent}
          onChange={(_event, next) => onChange(writeColour({ ...colour, alpha: (next as number) / 100 }))}
          aria-label={opacityLabel}
          getAriaValueText={(v) => t('style.percent', { value: v })}
          sx={{ flex: 1 }}
        />
        <Typography variant="body2" color="textSecondary" sx={{ width: 40, textAlign: 'end' }}>
          {t('style.percent', { value: percent })}
        </Typography>
      </Box>
    </Box>
  );
}
