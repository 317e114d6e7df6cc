import 'uplot/dist/uPlot.min.css';
import Box from '@mui/material/Box';
import { useColorScheme, useTheme } from '@mui/material/styles';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import { chartHeight, type ProfileChartProps } from './profile-chart';

/**
 * The profile drawn by uPlot (about 50 KB): distance along x, heights along y, a gap
 * where a height is null. Its colours follow the theme; its own legend is left out
 * (the panel's table names the lines, with their figures).
 */
export default function UplotChart({ distances, lines, xLabel, yLabel, onHover }: ProfileChartProps) {
  const theme = useTheme();
  // The theme's colours are CSS variables, which a canvas cannot read: the chart is drawn
  // again with the colours the page computes whenever light and dark switch.
  const { mode, systemMode } = useColorScheme();
  const scheme = mode === 'system' ? systemMode : mode;
  const container = useRef<HTMLDivElement>(null);
  const hover = useRef(onHover);
  hover.current = onHover;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the scheme changes the computed colours
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const computed = getComputedStyle(element);
    const text = computed.color;
    const grid = computed.borderTopColor;
    const font = `12px ${theme.typography.fontFamily}`;
    const axis = (label: string): uPlot.Axis => ({
      label,
      stroke: text,
      font,
      labelFont: font,
      grid: { stroke: grid, width: 1 },
      ticks: { stroke: grid, width: 1 },
    });
    const chart = new uPlot(
      {
        width: Math.max(element.clientWidth, 100),
        height: chartHeight,
        legend: { show: false },
        scales: { x: { time: false } },
        cursor: { drag: { x: false, y: false }, points: { size: 7 } },
        series: [
          { label: xLabel },
          ...lines.map(
            (line): uPlot.Series => ({
              label: line.label,
              stroke: line.color,
              width: line.dash ? 1 : 2,
              dash: line.dash ? [4, 4] : undefined,
              points: { show: false },
            }),
          ),
        ],
        axes: [axis(xLabel), { ...axis(yLabel), size: 56 }],
        hooks: {
          setCursor: [(u) => hover.current(u.cursor.idx ?? null)],
        },
      },
      [distances as number[], ...lines.map((line) => line.values as (number | null)[])],
      element,
    );
    // The panel is resized by its edge, and a phone's sheet by its top.
    const observer = new ResizeObserver(() => {
      chart.setSize({ width: Math.max(element.clientWidth, 100), height: chartHeight });
    });
    observer.observe(element);
    const leave = () => hover.current(null);
    element.addEventListener('mouseleave', leave);
    return () => {
      element.removeEventListener('mouseleave', leave);
      observer.disconnect();
      chart.destroy();
    };
  }, [distances, lines, xLabel, yLabel, theme, scheme]);

  return (
    <Box
      ref={container}
      aria-hidden
      sx={{
        width: '100%',
        height: chartHeight,
        color: 'text.secondary',
        borderColor: 'divider',
        '& .u-title': { display: 'none' },
      }}
    />
  );
}
