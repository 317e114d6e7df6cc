import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import RestartIcon from '@mui/icons-material/RestartAlt';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { responseBodyText } from '../../../../components/form/error-text';
import { layerSourcesQueryOptions } from '../../api/get-layer-sources';
import type { ToolPanelProps } from '../tool';
import { ToolPanelHeader } from '../tool-panel-header';
import { DifferencePicker, type DrawnSeries, differenceLines, useDifference } from './difference';
import { formatLength, formatMetres } from './format';
import { profileQueryOptions } from './profile-api';
import { ProfileChart } from './profile-chart';
import { downloadText, profileCsv, profileFileName } from './profile-csv';
import { DifferenceTable, FiguresTable, heightLabel, referenceLabel } from './profile-figures-table';
import { mergeSeries, type ProfileSeries, planProfiles, terrainLayersOf } from './profile-series';
import { profileFigures } from './profile-stats';
import { useProfileLine } from './use-profile-line';

/**
 * The elevation profile: a line drawn on the map, then its heights along it, one line
 * per configured profile (RUNTIME.md `elevation`), with figures, a CSV download and,
 * with two profiles, their difference. Hovering the chart marks the point on the map.
 */
export function ElevationPanel({
  workspace,
  plugins,
  token,
  engine,
  tree,
  visibleLayers,
  onClose,
}: ToolPanelProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { profiles } = plugins.elevation;
  const { line, placed, restart } = useProfileLine(engine, profiles[0]?.color ?? 'orange');

  const sources = useQuery(layerSourcesQueryOptions(workspace.id, token));
  const plan = useMemo(
    () => planProfiles(profiles, sources.data ?? [], tree, visibleLayers),
    [profiles, sources.data, tree, visibleLayers],
  );
  const profile = useQuery({
    ...profileQueryOptions(workspace.id, token, profiles, line),
    enabled: line.length >= 2,
  });
  const points = profile.data?.points;

  // The map's own heights along the line: the globe's terrain (where the marker stands),
  // each `cesium-terrain` profile's own layer and, over 3D Tiles, the surface.
  const terrainLayers = useMemo(() => terrainLayersOf(plan), [plan]);
  const browser = useQuery({
    queryKey: ['elevation', 'map', workspace.id, points, terrainLayers, plan.surface, visibleLayers],
    enabled: Boolean(engine && points),
    queryFn: async () => {
      if (!engine || !points) return { ground: null, layers: {}, surface: null };
      const ground = await engine.sampleHeights(points, 'terrain');
      const layers: Record<string, (number | null)[]> = {};
      for (const layer of terrainLayers) layers[layer] = await engine.sampleHeights(points, { layer });
      const surface = plan.surface ? await engine.sampleHeights(points, 'surface') : null;
      return { ground, layers, surface };
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

  const series: ProfileSeries[] = useMemo(
    () =>
      profile.data ? mergeSeries(plan, profile.data.profiles, browser.data, t('elevation.surface')) : [],
    [profile.data, plan, browser.data, t],
  );
  const drawn = useMemo(() => series.filter((s): s is DrawnSeries => s.heights !== null), [series]);
  const difference = useDifference(drawn);
  const distances = useMemo(() => points?.map((point) => point.distance) ?? [], [points]);

  const lines = useMemo(
    () =>
      difference.values
        ? differenceLines(difference.values, t)
        : drawn.map((s) => ({ label: s.title, color: s.color, values: s.heights })),
    [difference.values, drawn, t],
  );

  const handleHover = useCallback(
    (index: number | null) => {
      const point = index === null ? undefined : points?.[index];
      if (!engine) return;
      if (!point) {
        engine.setMarker(undefined);
        return;
      }
      // On the globe as the map draws it, not at the profile's height: AHN gives heights
      // above NAP, which the map's ellipsoid (or terrain) does not know.
      const height = browser.data?.ground?.[index ?? 0] ?? 0;
      engine.setMarker({ longitude: point.longitude, latitude: point.latitude, height }, drawn[0]?.color);
    },
    [engine, points, browser.data, drawn],
  );
  useEffect(() => () => engine?.setMarker(undefined), [engine]);

  const handleDownload = () => {
    if (!points) return;
    const csv = profileCsv(
      points,
      // The server's columns are titled as the API titles them; the map's say they differ.
      drawn.map((s) => ({
        title: s.reference === 'sea' ? s.title : `${s.title} (${t('elevation.referenceEllipsoid')})`,
        heights: s.heights,
      })),
    );
    downloadText(csv, profileFileName(workspace.name, new Date()));
  };

  const mixed = new Set(drawn.map((s) => s.reference)).size > 1;
  const length = profile.data ? formatLength(profile.data.length, language) : '';
  const summary = profile.data
    ? t('elevation.chartSummary', {
        length,
        lines: drawn
          .map((s) => {
            const { min, max } = profileFigures(distances, s.heights);
            return t('elevation.lineSummary', {
              title: s.title,
              reference: t(referenceLabel[s.reference]),
              min: formatMetres(min, language),
              max: formatMetres(max, language),
            });
          })
          .join('; '),
      })
    : '';

  const actions = (
    <>
      <Tooltip title={t('elevation.newLine')}>
        <IconButton size="small" aria-label={t('elevation.newLine')} onClick={restart} disabled={!engine}>
          <RestartIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('elevation.download')}>
        <span>
          <IconButton
            size="small"
            aria-label={t('elevation.download')}
            onClick={handleDownload}
            disabled={!profile.data || drawn.length === 0}
          >
            <DownloadIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    </>
  );

  return (
    <>
      <ToolPanelHeader
        title={t('elevation.name')}
        actions={actions}
        closeLabel={t('elevation.close')}
        onClose={onClose}
      />
      {(profile.isFetching || browser.isFetching) && (
        <LinearProgress aria-label={t('elevation.loading')} sx={{ flexShrink: 0 }} />
      )}
      <Box
        sx={{
          flex: 1,
          minHeight: 0,
          overflowY: 'auto',
          py: 1.5,
          display: 'flex',
          flexDirection: 'column',
          gap: 1.5,
        }}
      >
        {!profile.data && !profile.error && (
          <Typography variant="body2" color="textSecondary" sx={{ px: 2 }}>
            {placed === 0
              ? t('elevation.hint')
              : placed === 1
                ? t('elevation.hintNext')
                : t('elevation.sampling')}
          </Typography>
        )}
        {plan.hidden.map((hidden) => (
          <Alert key={hidden.title} severity="info" sx={{ mx: 2 }}>
            {t('elevation.terrainHidden', hidden)}
          </Alert>
        ))}
        {profile.error && (
          <Alert severity="error" sx={{ mx: 2, whiteSpace: 'pre-line' }}>
            {responseBodyText(profile.error, t)}
          </Alert>
        )}
        {browser.error && (
          <Alert severity="warning" sx={{ mx: 2 }}>
            {t('elevation.mapHeightsFailed')}
          </Alert>
        )}
        {profile.data && (
          <>
            <Typography variant="body2" sx={{ px: 2 }}>
              {t('elevation.length', { length })}
            </Typography>
            {drawn.length > 0 && (
              <ProfileChart
                distances={distances}
                lines={lines}
                xLabel={t('elevation.distance')}
                yLabel={difference.values ? t('elevation.change') : t(heightLabel(drawn))}
                summary={summary}
                onHover={handleHover}
              />
            )}
            {drawn.length === 0 && (
              <Typography variant="body2" color="textSecondary" sx={{ px: 2 }}>
                {t('elevation.noProfiles')}
              </Typography>
            )}
            {mixed && (
              <Typography variant="body2" color="textSecondary" sx={{ px: 2 }}>
                {t('elevation.mixedReferences')}
              </Typography>
            )}
            <DifferencePicker difference={difference} series={drawn} />
            {difference.values ? (
              <DifferenceTable values={difference.values} language={language} />
            ) : (
              drawn.length > 0 && <FiguresTable series={drawn} distances={distances} language={language} />
            )}
          </>
        )}
      </Box>
    </>
  );
}
