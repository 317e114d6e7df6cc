import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { differenceChoice, earlierChoices, laterChoices } from './difference-choice';
import type { ChartLine } from './profile-chart';
import type { ProfileSeries } from './profile-series';
import { differenceOf, surveyNoise } from './profile-stats';

export type DrawnSeries = ProfileSeries & { heights: (number | null)[] };

/**
 * The change workbench: with two profiles (two surveys), the chart can show how much the
 * later differs from the earlier at each point. By default the second profile minus the
 * first, as the settings list them (older survey first), of two measured from the same
 * height (difference-choice.ts).
 */
export function useDifference(series: readonly DrawnSeries[]) {
  const [on, setOn] = useState(false);
  const [earlier, setEarlier] = useState(0);
  const [later, setLater] = useState(1);
  const choice = differenceChoice(series, earlier, later);
  const possible = choice !== null;
  const from = choice?.from ?? 0;
  const to = choice?.to ?? 1;
  const values = useMemo(() => {
    const a = series[from];
    const b = series[to];
    return on && possible && a && b ? differenceOf(a.heights, b.heights) : null;
  }, [on, possible, series, from, to]);
  return { possible, on, setOn, from, to, setEarlier, setLater, values };
}

export type Difference = ReturnType<typeof useDifference>;

/** The difference, and the survey's noise band around zero as dashed lines. */
export function differenceLines(values: readonly (number | null)[], t: TFunction): ChartLine[] {
  const noise = t('elevation.noiseBand');
  return [
    { label: t('elevation.difference'), color: '#1e88e5', values },
    { label: noise, color: '#9e9e9e', values: values.map(() => surveyNoise), dash: true },
    { label: noise, color: '#9e9e9e', values: values.map(() => -surveyNoise), dash: true },
  ];
}

export function DifferencePicker({
  difference,
  series,
}: {
  difference: Difference;
  series: readonly DrawnSeries[];
}) {
  const { t } = useTranslation();
  if (!difference.possible)
    return series.length >= 2 ? (
      <Typography variant="body2" color="textSecondary" sx={{ px: 2 }}>
        {t('elevation.noDifference')}
      </Typography>
    ) : null;
  const choice = (label: string, value: number, options: number[], onChange: (index: number) => void) => (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(Number(event.target.value))}
      sx={{ minWidth: 140, flex: 1 }}
    >
      {options.map((index) => (
        <MenuItem key={index} value={index}>
          {series[index]?.title}
        </MenuItem>
      ))}
    </TextField>
  );
  const earlierOptions = earlierChoices(series);
  return (
    <Stack spacing={1} sx={{ px: 2 }}>
      <FormControlLabel
        control={
          <Switch checked={difference.on} onChange={(event) => difference.setOn(event.target.checked)} />
        }
        label={t('elevation.showDifference')}
      />
      {difference.on && earlierOptions.length > 2 && (
        <Stack direction="row" spacing={1}>
          {choice(t('elevation.earlier'), difference.from, earlierOptions, difference.setEarlier)}
          {choice(
            t('elevation.later'),
            difference.to,
            laterChoices(series, difference.from),
            difference.setLater,
          )}
        </Stack>
      )}
      {difference.on && (
        <Typography variant="body2" color="textSecondary">
          {t('elevation.differenceOf', {
            later: series[difference.to]?.title,
            earlier: series[difference.from]?.title,
          })}
        </Typography>
      )}
    </Stack>
  );
}
