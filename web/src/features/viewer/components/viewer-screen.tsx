import { camera as cameraSchema, defaultCamera, paths, pathTo, readWorkspacePlugins } from '@geows/contract';
import CloseIcon from '@mui/icons-material/Close';
import EditIcon from '@mui/icons-material/EditOutlined';
import LayersIcon from '@mui/icons-material/LayersOutlined';
import SaveIcon from '@mui/icons-material/SaveOutlined';
import ViewIcon from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { type ReactElement, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { ApiError } from '../../../api/api-error';
import { NotFound } from '../../../components/not-found';
import { useSnackbar } from '../../../components/snackbar/snackbar-context';
import { useRouteLoading } from '../../../lib/use-route-loading';
import { useUserGroups } from '../../usergroups';
import { canEdit } from '../../workspaces';
import { layerSourcesQueryOptions } from '../api/get-layer-sources';
import { layersQueryOptions } from '../api/get-layers';
import { viewerWorkspaceQueryOptions } from '../api/get-workspace';
import { useSaveCamera } from '../api/update-workspace-camera';
import { drawnLayers, initialVisibility, parseCamera, setVisible, type Visibility } from '../layer-tree';
import { legendOf } from '../legend';
import { loadedWithMapPolicy } from '../map-document';
import { type Sources, toViewerLayers } from '../to-viewer-layers';
import { ToolButtons, type ToolContext, ToolDock, useViewerTools } from '../tools';
import { EditorPanel, type EditorTab } from './editor/editor-panel';
import { FeatureInfo } from './feature-info';
import { LayerPanel } from './layer-panel';
import { MapControls, ScaleBar } from './map-controls';
import { useMapEngine } from './use-map-engine';

/** The caller's rights, as the workspace's details name them. */
const rightsLabel = {
  admin: 'workspace.rightsAdmin',
  edit: 'workspace.rightsEdit',
  view: 'workspace.rightsView',
} as const;

const toId = (value: string | undefined) => (value && /^[1-9]\d*$/.test(value) ? Number(value) : undefined);

/** /workspace/view/{id}: the workspace's 3D map for its members. */
export function WorkspaceViewerScreen() {
  const id = toId(useParams().id);
  return <ViewerGate id={id} token={undefined} />;
}

/** /workspace/{id}: the same map with the editor's panel, for the workspace's admin and editors. */
export function WorkspaceEditorScreen() {
  const id = toId(useParams().id);
  return <ViewerGate id={id} token={undefined} editing />;
}

/** /workspace/share/{id}/{token}: the same map, read-only, for whoever holds a live share link. */
export function SharedWorkspaceScreen() {
  const params = useParams();
  return <ViewerGate id={toId(params.id)} token={params.token} />;
}

/** Reloads the page once when it was opened by a client-side navigation: only a map route's HTML carries the map's CSP. */
function ViewerGate({ id, token, editing = false }: ViewerProps) {
  const [allowed] = useState(loadedWithMapPolicy);
  useEffect(() => {
    if (!allowed) window.location.reload();
  }, [allowed]);
  if (!allowed) return null;
  return <WorkspaceViewer id={id} token={token} editing={editing} />;
}

type ViewerProps = { id: number | undefined; token: string | undefined; editing?: boolean };

function WorkspaceViewer({ id, token, editing = false }: ViewerProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  // Phones: a tool's panel is a sheet under the map rather than a column beside it.
  const toolSheet = useMediaQuery('(max-width: 760px)');
  const snackbar = useSnackbar();
  const workspaceQuery = useQuery({
    ...viewerWorkspaceQueryOptions(id ?? 0, token),
    enabled: id !== undefined,
  });
  const layersQuery = useQuery({ ...layersQueryOptions(id ?? 0, token), enabled: id !== undefined });
  const workspace = workspaceQuery.data;
  const tree = layersQuery.data;
  // The shell's loading overlay (guard 4) stays up until the workspace and its layers are read.
  useRouteLoading(id !== undefined && (workspaceQuery.isPending || layersQuery.isPending));
  const [visibility, setVisibility] = useState<Visibility | null>(null);
  const [panelOpen, setPanelOpen] = useState(!narrow);
  const [editorTab, setEditorTab] = useState<EditorTab>('layers');
  const [conflict, setConflict] = useState(false);
  const save = useSaveCamera(id ?? 0);

  useEffect(() => {
    if (tree && visibility === null) setVisibility(initialVisibility(tree));
  }, [tree, visibility]);

  const savedCamera = useMemo(
    () => (workspace ? (parseCamera(workspace.camera, cameraSchema) ?? defaultCamera) : undefined),
    [workspace],
  );

  const sourcesQuery = useQuery({ ...layerSourcesQueryOptions(id ?? 0, token), enabled: id !== undefined });
  const sourceList = sourcesQuery.data;
  const sources = useMemo<Sources>(
    () =>
      sourceList
        ? { state: 'ready', byLayer: new Map(sourceList.map((source) => [source.layer, source])) }
        : sourcesQuery.isError
          ? { state: 'ready', byLayer: new Map() }
          : { state: 'loading' },
    [sourceList, sourcesQuery.isError],
  );

  // The editor shows the ticks as saved; the viewer's ticks are the visitor's own.
  const shownVisibility = useMemo(
    () => (editing ? initialVisibility(tree ?? []) : (visibility ?? {})),
    [editing, tree, visibility],
  );
  const groupsQuery = useUserGroups(editing ? workspace?.account : undefined);

  const { layers, problems } = useMemo(
    () =>
      toViewerLayers(drawnLayers(tree ?? [], shownVisibility), sources, {
        unreadable: t('viewer.sourceUnreadable'),
        unsupported: t('viewer.unsupportedType'),
      }),
    [tree, shownVisibility, sources, t],
  );

  // Opacity set in the panel, for this visit only (the template's opacity is the saved one).
  const [opacityOverrides, setOpacityOverrides] = useState<Record<string, number>>({});
  const shownLayers = useMemo(
    () => layers.map((layer) => ({ ...layer, opacity: opacityOverrides[layer.id] ?? layer.opacity })),
    [layers, opacityOverrides],
  );
  const opacity = useMemo(
    () => Object.fromEntries(shownLayers.map((layer) => [layer.id, layer.opacity])),
    [shownLayers],
  );
  const legends = useMemo(
    () =>
      Object.fromEntries(
        layers.flatMap((layer) => {
          const legend = legendOf(layer, window.location.origin);
          return legend ? [[layer.id, legend] as const] : [];
        }),
      ),
    [layers],
  );
  const { containerRef, engine, failure, statuses, pointer, picked, view, clearPicked } = useMapEngine(
    savedCamera,
    shownLayers,
  );
  const allStatuses = useMemo(() => ({ ...statuses, ...problems }), [statuses, problems]);

  // The workspace's tools (tools/registry.ts): their toolbar toggles and the open one's panel.
  const toolContext = useMemo<ToolContext | undefined>(
    () =>
      workspace
        ? {
            workspace,
            plugins: readWorkspacePlugins(workspace.workspacePlugins),
            token,
            engine: engine ?? undefined,
          }
        : undefined,
    [workspace, token, engine],
  );
  const tools = useViewerTools(toolContext);
  // On a phone the layer sheet and a tool's sheet would cover each other: one at a time.
  const toolOpen = tools.open !== undefined;
  useEffect(() => {
    if (narrow && toolOpen) setPanelOpen(false);
  }, [narrow, toolOpen]);
  const onTogglePanel = () => {
    if (narrow && !panelOpen) tools.close();
    setPanelOpen((open) => !open);
  };

  const onToggle = useCallback(
    (layerId: number, visible: boolean) =>
      setVisibility((current) => (tree && current ? setVisible(tree, current, layerId, visible) : current)),
    [tree],
  );

  const onSave = () => {
    if (!engine || !workspace) return;
    save.mutate(
      { version: workspace.version, camera: engine.getCamera() },
      {
        onSuccess: () => snackbar.show(t('viewer.viewSaved')),
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) setConflict(true);
          else snackbar.show(error.message, 'error');
        },
      },
    );
  };

  const onReload = async () => {
    await workspaceQuery.refetch();
    setConflict(false);
  };

  if (id === undefined || (workspaceQuery.error instanceof ApiError && workspaceQuery.error.status === 404)) {
    return <NotFound />;
  }
  if (editing && workspace && !canEdit(workspace.rights)) {
    return <Navigate replace to={pathTo(paths.workspace, { id })} />;
  }
  if (workspaceQuery.error) {
    return (
      <Box sx={{ p: 3 }}>
        <Alert severity="error">{workspaceQuery.error.message}</Alert>
      </Box>
    );
  }

  const panel =
    editing && workspace ? (
      <EditorPanel
        workspace={workspace}
        tree={tree ?? []}
        statuses={allStatuses}
        groups={groupsQuery.data ?? []}
        onZoomTo={(layerId) => engine?.zoomToLayer(String(layerId))}
        tab={editorTab}
        onTab={setEditorTab}
      />
    ) : (
      <LayerPanel
        tree={tree ?? []}
        visibility={visibility ?? {}}
        statuses={allStatuses}
        onToggle={onToggle}
        opacity={opacity}
        onOpacity={(layerId, value) => setOpacityOverrides((all) => ({ ...all, [layerId]: value }))}
        onZoomTo={(layerId) => engine?.zoomToLayer(String(layerId))}
        legends={legends}
      />
    );
  const panelTitle = editing ? t('editor.title') : t('viewer.layers');
  const panelHeader = (
    <Box sx={{ display: 'flex', alignItems: 'center', px: 1.5, pt: 1 }}>
      <Typography component="h2" variant="subtitle2" sx={{ flex: 1 }}>
        {panelTitle}
      </Typography>
      <IconButton size="small" aria-label={t('viewer.hideLayers')} onClick={() => setPanelOpen(false)}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </Box>
  );

  return (
    <Box
      sx={{
        flex: 1,
        minHeight: 0,
        display: 'flex',
        flexDirection: toolSheet ? 'column' : 'row',
        overflow: 'hidden',
        bgcolor: '#000',
      }}
    >
      <Box sx={{ position: 'relative', flex: 1, minWidth: 0, minHeight: 0, overflow: 'hidden' }}>
        <Box
          ref={containerRef}
          role="region"
          aria-label={t('viewer.map', { name: workspace?.name ?? '' })}
          sx={{
            position: 'absolute',
            inset: 0,
            '& .cesium-widget-credits': { left: 'auto !important', right: 4, bottom: '4px !important' },
            // Cesium's own error panel sits at z-index 99999, above every dialog of the page.
            '& .cesium-widget-errorPanel': { zIndex: 1 },
          }}
        />

        {/* Top left: the workspace's name, the layer panel's toggle and the panel (desktop). */}
        <Box
          sx={{
            position: 'absolute',
            top: 8,
            left: 8,
            right: 64,
            display: 'flex',
            flexDirection: 'column',
            gap: 1,
            alignItems: 'flex-start',
            pointerEvents: 'none',
            '& > *': { pointerEvents: 'auto' },
          }}
        >
          <Paper
            elevation={3}
            sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1, py: 0.5, maxWidth: '100%' }}
          >
            <IconButton
              aria-label={panelOpen ? t('viewer.hideLayers') : t('viewer.showLayers')}
              aria-expanded={panelOpen}
              onClick={onTogglePanel}
              size="small"
            >
              <LayersIcon />
            </IconButton>
            <Typography component="h1" variant="subtitle1" noWrap sx={{ fontWeight: 500, minWidth: 0 }}>
              {workspace?.name ?? ''}
            </Typography>
            {workspace && token && <Chip size="small" label={t('viewer.readOnly')} />}
            {workspace && !token && (
              <Chip
                size="small"
                variant="outlined"
                label={t(rightsLabel[workspace.rights])}
                title={t('workspace.rights')}
                sx={{ flexShrink: 0, display: { xs: 'none', sm: 'inline-flex' } }}
              />
            )}
            <ToolButtons
              tools={tools.available}
              openId={tools.open?.id}
              onToggle={tools.toggle}
              narrow={narrow}
            />
            {workspace && !token && canEdit(workspace.rights) && (
              <ToolbarAction
                narrow={narrow}
                label={t('viewer.saveView')}
                icon={<SaveIcon />}
                variant="contained"
                onClick={onSave}
                disabled={!engine || save.isPending}
              />
            )}
            {workspace && !token && canEdit(workspace.rights) && (
              <ToolbarAction
                narrow={narrow}
                label={editing ? t('workspace.view') : t('workspace.edit')}
                icon={editing ? <ViewIcon /> : <EditIcon />}
                variant="outlined"
                to={pathTo(editing ? paths.workspace : paths.editWorkspace, { id: workspace.id })}
              />
            )}
          </Paper>
          {conflict && (
            <Alert
              severity="warning"
              action={
                <Button color="inherit" size="small" onClick={onReload}>
                  {t('viewer.reload')}
                </Button>
              }
              sx={{ maxWidth: 420 }}
            >
              {t('viewer.conflict')}
            </Alert>
          )}
          {failure && <Alert severity="error">{t('viewer.mapFailed', { message: failure })}</Alert>}
          {layersQuery.error && <Alert severity="error">{layersQuery.error.message}</Alert>}
          {!narrow && panelOpen && (
            <Paper
              elevation={3}
              component="section"
              aria-label={panelTitle}
              sx={{
                width: editing ? 400 : 320,
                maxWidth: '100%',
                maxHeight: 'calc(100dvh - 140px)',
                overflow: 'auto',
              }}
            >
              {panelHeader}
              {panel}
            </Paper>
          )}
        </Box>

        {picked && (
          <Box sx={{ position: 'absolute', right: 8, bottom: 36 }}>
            <FeatureInfo features={picked} tree={tree ?? []} onClose={clearPicked} />
          </Box>
        )}

        <Box sx={{ position: 'absolute', top: 8, right: 8 }}>
          <MapControls
            disabled={!engine}
            view={view}
            onHome={() => savedCamera && engine?.flyTo(savedCamera, 1)}
            onZoomIn={() => engine?.zoomIn()}
            onZoomOut={() => engine?.zoomOut()}
            onFaceNorth={() => engine?.faceNorth()}
            onTilt={(pitch) => engine?.tiltTo(pitch)}
          />
        </Box>

        <Box sx={{ position: 'absolute', left: 8, bottom: 36 }}>
          <ScaleBar metresPerPixel={view?.metresPerPixel} />
        </Box>

        <Paper
          elevation={0}
          aria-label={t('viewer.pointer')}
          role="status"
          aria-live="off"
          sx={{
            position: 'absolute',
            left: 8,
            bottom: 8,
            px: 1,
            py: 0.25,
            bgcolor: 'rgba(0,0,0,0.6)',
            color: '#fff',
            fontFamily: 'monospace',
            fontSize: 12,
            minHeight: 20,
          }}
        >
          {pointer ? `${pointer.latitude.toFixed(5)}, ${pointer.longitude.toFixed(5)}` : '–'}
        </Paper>

        {narrow && (
          // A sheet over the lower part of the map, not a modal: the map above it stays usable.
          <Drawer
            anchor="bottom"
            variant="persistent"
            open={panelOpen}
            slotProps={{
              paper: {
                sx: {
                  maxHeight: editing ? '75dvh' : '60dvh',
                  boxShadow: 8,
                  borderTopLeftRadius: 12,
                  borderTopRightRadius: 12,
                },
              },
            }}
          >
            <Box component="section" aria-label={panelTitle}>
              {panelHeader}
              {panel}
            </Box>
          </Drawer>
        )}
      </Box>
      {tools.open && toolContext && (
        <ToolDock tool={tools.open} context={toolContext} sheet={toolSheet} onClose={tools.close} />
      )}
    </Box>
  );
}

/** A button of the map's title bar: with its text when there is room, an icon with the same name on a phone. */
function ToolbarAction({
  narrow,
  label,
  icon,
  variant,
  onClick,
  disabled,
  to,
}: {
  narrow: boolean;
  label: string;
  icon: ReactElement;
  variant: 'contained' | 'outlined';
  onClick?: () => void;
  disabled?: boolean;
  to?: string;
}) {
  const link = to === undefined ? {} : { component: Link, to };
  if (narrow)
    return (
      <Tooltip title={label}>
        <span>
          <IconButton size="small" aria-label={label} onClick={onClick} disabled={disabled} {...link}>
            {icon}
          </IconButton>
        </span>
      </Tooltip>
    );
  return (
    <Button
      size="small"
      variant={variant}
      startIcon={icon}
      onClick={onClick}
      disabled={disabled}
      sx={{ flexShrink: 0 }}
      {...link}
    >
      {label}
    </Button>
  );
}
