import { paths, pathTo } from '@geows/contract';
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
import { type ReactElement, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { ApiError } from '../../../api/api-error';
import { NotFound } from '../../../components/not-found';
import { skipTargets } from '../../../lib/skip-targets';
import { useUserGroups } from '../../usergroups';
import { canEdit } from '../../workspaces';
import { loadedWithMapPolicy } from '../map-document';
import { ToolButtons, ToolDock, useViewerTools } from '../tools';
import { EditorPanel, type EditorTab } from './editor/editor-panel';
import { FeatureInfo } from './feature-info';
import { LayerPanel } from './layer-panel';
import { MapControls, ScaleBar } from './map-controls';
import { ShareLinkGone } from './share-link-gone';
import { paddingOver, useViewPadding } from './use-view-padding';
import { useWorkspaceViewer } from './use-workspace-viewer';

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
  // The panels over the map: fly-tos frame their target beside them, and so does the map's first view.
  const [sidePanel, setSidePanel] = useState<HTMLElement | null>(null);
  const [sheet, setSheet] = useState<HTMLElement | null>(null);
  const covers = useMemo(() => [sidePanel, sheet], [sidePanel, sheet]);
  const coversNow = useRef(covers);
  coversNow.current = covers;
  const paddingNow = useCallback((map: HTMLElement) => paddingOver(map, coversNow.current), []);
  const viewer = useWorkspaceViewer(id, token, editing, paddingNow);
  const { workspaceQuery, layersQuery, workspace, tree, statuses: allStatuses, toolContext, map } = viewer;
  const { containerRef, engine, failure, pointer, picked, view, clearPicked } = map;
  const [panelOpen, setPanelOpen] = useState(!narrow);
  const [editorTab, setEditorTab] = useState<EditorTab>('layers');
  const groupsQuery = useUserGroups(editing ? workspace?.account : undefined);
  useViewPadding(engine, containerRef, covers);

  // The workspace's tools (tools/registry.ts): their toolbar toggles, overlays and the open one's panel.
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

  if (id === undefined || (workspaceQuery.error instanceof ApiError && workspaceQuery.error.status === 404)) {
    return token === undefined ? <NotFound /> : <ShareLinkGone />;
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
        tree={tree}
        statuses={allStatuses}
        groups={groupsQuery.data ?? []}
        onZoomTo={(layerId) => engine?.zoomToLayer(String(layerId))}
        tab={editorTab}
        onTab={setEditorTab}
      />
    ) : (
      <LayerPanel
        tree={tree}
        visibility={viewer.visibility}
        statuses={allStatuses}
        onToggle={viewer.onToggle}
        opacity={viewer.opacity}
        onOpacity={viewer.onOpacity}
        onZoomTo={(layerId) => engine?.zoomToLayer(String(layerId))}
        legends={viewer.legends}
      />
    );
  const panelTitle = editing ? t('editor.title') : t('viewer.layers');
  const panelHeader = (
    <Box sx={{ display: 'flex', alignItems: 'center', px: 1.5, pt: 1 }}>
      <Typography component="h2" variant="subtitle2" sx={{ flex: 1 }}>
        {panelTitle}
      </Typography>
      <IconButton size="small" aria-label={t('viewer.closeLayers')} onClick={() => setPanelOpen(false)}>
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
          // Where the shell's skip link (and a closed feature panel) puts the focus.
          id={skipTargets.map}
          tabIndex={-1}
          sx={{
            position: 'absolute',
            inset: 0,
            '& .cesium-widget-credits': { left: 'auto !important', right: 4, bottom: '4px !important' },
            // Cesium's own error panel sits at z-index 99999, above every dialog of the page.
            '& .cesium-widget-errorPanel': { zIndex: 1 },
          }}
        />
        {/* The tools' parts over the map (the compare divider), under the title bar and the panels. */}
        {toolContext &&
          tools.available.map(({ id: toolId, Overlay }) =>
            Overlay ? <Overlay key={toolId} {...toolContext} /> : null,
          )}

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
            {workspace && viewer.mayEdit && (
              <ToolbarAction
                narrow={narrow}
                label={t('viewer.saveView')}
                icon={<SaveIcon />}
                variant="contained"
                onClick={viewer.saveCamera}
                disabled={!engine || viewer.saving}
              />
            )}
            {workspace && viewer.mayEdit && (
              <ToolbarAction
                narrow={narrow}
                label={editing ? t('workspace.view') : t('workspace.edit')}
                icon={editing ? <ViewIcon /> : <EditIcon />}
                variant="outlined"
                to={pathTo(editing ? paths.workspace : paths.editWorkspace, { id: workspace.id })}
              />
            )}
          </Paper>
          {/* The workspace's tools in a row of their own: the title bar keeps room for the workspace's name. */}
          {tools.available.length > 0 && (
            <Paper
              elevation={3}
              role="toolbar"
              aria-label={t('tools.toolbar')}
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'center',
                gap: 0.5,
                p: 0.5,
                maxWidth: '100%',
              }}
            >
              <ToolButtons
                tools={tools.available}
                openId={tools.open?.id}
                onToggle={tools.toggle}
                narrow={narrow}
              />
            </Paper>
          )}
          {viewer.conflict && (
            <Alert
              severity="warning"
              action={
                <Button color="inherit" size="small" onClick={viewer.reload}>
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
              ref={setSidePanel}
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
            <FeatureInfo features={picked} tree={tree} onClose={clearPicked} />
          </Box>
        )}

        <Box sx={{ position: 'absolute', top: 8, right: 8 }}>
          <MapControls
            disabled={!engine}
            view={view}
            onHome={() => viewer.savedCamera && engine?.flyTo(viewer.savedCamera, 1)}
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
                ref: setSheet,
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
