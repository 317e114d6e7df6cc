import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense } from 'react';

/** uPlot is its own chunk, fetched when a profile is first drawn (never with the viewer). */
const UplotChart = lazy(() => import('./uplot-chart'));

export type ChartLine = { label: string; color: string; values: readonly (number | null)[]; dash?: boolean };

export type ProfileChartProps = {
  /** Metres along the line: the x of every line's values. */
  distances: readonly number[];
  lines: readonly ChartLine[];
  /** The y axis' name, e.g. "Height (m)". */
  yLabel: string;
  xLabel: string;
  /** What the chart shows, for screen readers (the table below has the figures). */
  summary: string;
  /** The point under the pointer, or null when it leaves the chart. */
  onHover: (index: number | null) => void;
};

export const chartHeight = 220;

export function ProfileChart(props: ProfileChartProps) {
  return (
    <Box role="img" aria-label={props.summary} sx={{ height: chartHeight, flexShrink: 0, px: 1 }}>
      <Suspense fallback={<Skeleton variant="rectangular" height={chartHeight} />}>
        <UplotChart {...props} />
      </Suspense>
    </Box>
  );
}
