import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import type { DrawnSeries } from './difference';
import { formatChange, formatMetres, formatPercent } from './format';
import type { HeightReference } from './profile-series';
import {
  differenceFigures,
  type ProfileFigures,
  profileFigures,
  surveyNoise,
  withinNoise,
} from './profile-stats';

const figureRows = [
  { key: 'min', label: 'elevation.min' },
  { key: 'max', label: 'elevation.max' },
  { key: 'mean', label: 'elevation.mean' },
  { key: 'ascent', label: 'elevation.ascent' },
  { key: 'descent', label: 'elevation.descent' },
  { key: 'steepestSlope', label: 'elevation.steepestSlope', percent: true },
] as const satisfies readonly { key: keyof ProfileFigures; label: string; percent?: boolean }[];

/** How a line's height reference is named (profile-series.ts `HeightReference`). */
export const referenceLabel = {
  sea: 'elevation.referenceSea',
  ellipsoid: 'elevation.referenceEllipsoid',
} as const satisfies Record<HeightReference, string>;

/** The chart's y axis: named by the reference when every line shares it. */
export function heightLabel(series: readonly { reference: HeightReference }[]) {
  const references = new Set(series.map((s) => s.reference));
  if (references.size !== 1) return 'elevation.height';
  return references.has('sea') ? 'elevation.heightSea' : 'elevation.heightEllipsoid';
}

const swatch = (color: string) => (
  <Box
    component="span"
    aria-hidden
    sx={{ display: 'inline-block', width: 12, height: 3, bgcolor: color, mr: 0.75, verticalAlign: 'middle' }}
  />
);

/** Each profile's figures, a column per profile: the chart's accessible alternative. */
export function FiguresTable({
  series,
  distances,
  language,
}: {
  series: readonly DrawnSeries[];
  distances: readonly number[];
  language: string;
}) {
  const { t } = useTranslation();
  const figures = series.map((s) => profileFigures(distances, s.heights));
  return (
    <Box sx={{ overflowX: 'auto', px: 1 }}>
      <Table size="small" aria-label={t('elevation.figures')}>
        <TableHead>
          <TableRow>
            <TableCell />
            {series.map((s, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two profiles may share a title
              <TableCell key={index} align="right" scope="col" sx={{ whiteSpace: 'nowrap' }}>
                {swatch(s.color)}
                {s.title}{' '}
                <Box
                  component="span"
                  sx={{
                    display: 'block',
                    typography: 'caption',
                    color: 'text.secondary',
                    fontWeight: 'normal',
                  }}
                >
                  {t(referenceLabel[s.reference])}
                </Box>
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {figureRows.map((row) => (
            <TableRow key={row.key}>
              <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                {t(row.label)}
              </TableCell>
              {figures.map((figure, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: columns follow the series
                <TableCell key={index} align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {'percent' in row
                    ? formatPercent(figure[row.key], language)
                    : formatMetres(figure[row.key], language)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** The difference's figures; a change smaller than the survey's noise is said to be one. */
export function DifferenceTable({
  values,
  language,
}: {
  values: readonly (number | null)[];
  language: string;
}) {
  const { t } = useTranslation();
  const figures = differenceFigures(values);
  const change = (value: number | null) =>
    value !== null && withinNoise(value)
      ? t('elevation.withinNoiseValue', { value: formatChange(value, language) })
      : formatChange(value, language);
  const rows: [string, string][] = [
    [t('elevation.meanChange'), change(figures.meanChange)],
    [t('elevation.largestRise'), change(figures.largestRise)],
    [t('elevation.largestFall'), change(figures.largestFall)],
    [
      t('elevation.withinNoise', { noise: formatMetres(surveyNoise, language) }),
      t('elevation.pointsOf', { count: figures.withinNoise, total: figures.compared }),
    ],
  ];
  return (
    <Box sx={{ overflowX: 'auto', px: 1 }}>
      <Table size="small" aria-label={t('elevation.differenceFigures')}>
        <TableBody>
          {rows.map(([label, value]) => (
            <TableRow key={label}>
              <TableCell component="th" scope="row">
                {label}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {value}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
