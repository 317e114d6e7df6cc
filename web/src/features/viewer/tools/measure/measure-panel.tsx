import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GeoPoint } from '../../../../viewer/map-engine';
import type { ToolPanelProps } from '../tool';
import { ToolPanelHeader } from '../tool-panel-header';
import { formatArea, formatHeight, formatHeightChange, formatLength } from '../units';
import { measureArea, measureLine } from './measurement';
import { type MeasureMode, useMeasureSketch } from './use-measure-sketch';
import { type SurfaceArea, useSurfaceArea } from './use-surface-area';

/** Measuring on the map: a distance along points or an area inside them, with how to place, move and remove them. */
export function MeasurePanel({ engine, onClose }: ToolPanelProps) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<MeasureMode>('distance');
  const { points, finished, clear, finish } = useMeasureSketch(engine, mode);
  const enough = points.length >= (mode === 'area' ? 3 : 2);
  const surface = useSurfaceArea(engine, points, mode === 'area');

  return (
    <>
      <ToolPanelHeader title={t('measure.name')} closeLabel={t('measure.close')} onClose={onClose} />
      <Box
        sx={{
          flex: 1,
          minHeight: 0,
          overflow: 'auto',
          p: 1.5,
          display: 'flex',
          flexDirection: 'column',
          gap: 1.5,
        }}
      >
        <ToggleButtonGroup
          exclusive
          fullWidth
          size="small"
          color="primary"
          value={mode}
          sx={{ '& .MuiToggleButton-root': { textTransform: 'none' } }}
          aria-label={t('measure.mode')}
          onChange={(_, value: MeasureMode | null) => value && setMode(value)}
        >
          <ToggleButton value="distance">{t('measure.distance')}</ToggleButton>
          <ToggleButton value="area">{t('measure.area')}</ToggleButton>
        </ToggleButtonGroup>

        <Box aria-live="polite">
          <Typography variant="caption" color="textSecondary">
            {t('measure.points', { count: points.length })}
          </Typography>
          {enough ? (
            <Results mode={mode} points={points} surface={surface} />
          ) : (
            <Typography variant="body2">
              {t(mode === 'area' ? 'measure.needThree' : 'measure.needTwo')}
            </Typography>
          )}
        </Box>

        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button
            variant="contained"
            size="small"
            disabled={finished || points.length === 0}
            onClick={finish}
          >
            {t('measure.finish')}
          </Button>
          <Button variant="outlined" size="small" disabled={points.length === 0} onClick={clear}>
            {t('measure.clear')}
          </Button>
        </Box>

        <Box component="ul" sx={{ m: 0, pl: 2.5, color: 'text.secondary', typography: 'body2' }}>
          {!engine && <li>{t('measure.noMap')}</li>}
          {finished ? (
            <li>{t('measure.finished')}</li>
          ) : (
            <>
              <li>{t('measure.hintPlace')}</li>
              <li>{t('measure.hintFinish')}</li>
            </>
          )}
          <li>{t('measure.hintEdit')}</li>
        </Box>
      </Box>
    </>
  );
}

/** A share of the area without heights from the map above which the panel says so. */
const noticeableMissing = 0.1;

function Results({
  mode,
  points,
  surface,
}: {
  mode: MeasureMode;
  points: readonly GeoPoint[];
  surface: SurfaceArea | undefined;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  // The area in plan shows at once; the one over the surface waits for the map's heights.
  function surfaceRow(plan: number): [value: string, notes: string[]] {
    if (surface?.state === 'failed') return ['–', [t('measure.surfaceFailed')]];
    if (surface?.state !== 'done') return [t('measure.calculating'), []];
    const notes = [t('measure.surfaceAreaNote', { spacing: formatLength(surface.spacing, language) })];
    if (surface.missing >= noticeableMissing)
      notes.push(
        t('measure.surfaceMissing', {
          share: new Intl.NumberFormat(language, { style: 'percent' }).format(surface.missing),
        }),
      );
    return [formatArea(plan * surface.ratio, language), notes];
  }

  const rows: [label: string, value: string, notes?: string[]][] = [];
  if (mode === 'area') {
    const area = measureArea(points);
    rows.push(
      [t('measure.planArea'), formatArea(area.plan, language)],
      [t('measure.surfaceArea'), ...surfaceRow(area.plan)],
      [t('measure.perimeter'), formatLength(area.perimeter, language)],
    );
  } else {
    const line = measureLine(points);
    rows.push(
      [t('measure.ground'), formatLength(line.ground, language)],
      [t('measure.straight'), formatLength(line.straight, language)],
      [t('measure.heightDifference'), formatHeightChange(line.heightDifference, language)],
      [t('measure.ascent'), formatHeight(line.ascent, language)],
      [t('measure.descent'), formatHeight(line.descent, language)],
    );
  }

  return (
    <Table size="small" aria-label={t('measure.results')}>
      <TableBody>
        {rows.map(([label, value, notes = []]) => (
          <TableRow key={label}>
            <TableCell component="th" scope="row" sx={{ pl: 0 }}>
              {label}
              {notes.map((note) => (
                <Typography key={note} variant="caption" color="textSecondary" sx={{ display: 'block' }}>
                  {note}
                </Typography>
              ))}
            </TableCell>
            <TableCell align="right" sx={{ pr: 0, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
              {value}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
