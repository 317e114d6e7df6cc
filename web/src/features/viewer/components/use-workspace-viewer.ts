import { camera as cameraSchema, defaultCamera, type Layer, readWorkspacePlugins } from '@geows/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../api/api-error';
import { useSnackbar } from '../../../components/snackbar/snackbar-context';
import { useRouteLoading } from '../../../lib/use-route-loading';
import type { ViewPadding } from '../../../viewer/map-engine';
import { canEdit } from '../../workspaces';
import { layerSourcesQueryOptions } from '../api/get-layer-sources';
import { layersQueryOptions } from '../api/get-layers';
import { viewerWorkspaceQueryOptions } from '../api/get-workspace';
import { readBeforeThisOpening } from '../api/opening-reads';
import { useSaveCamera } from '../api/update-workspace-camera';
import {
  drawnLayers,
  initialVisibility,
  parseCamera,
  setVisible,
  tickedIds,
  type Visibility,
  visibilityOf,
} from '../layer-tree';
import { legendOf } from '../legend';
import { viewById } from '../opening-view';
import { splitSides, unsplittable } from '../split-sides';
import { type HeldSource, steadySources } from '../steady-sources';
import { type Sources, toViewerLayers } from '../to-viewer-layers';
import type { ToolContext } from '../tools';
import { useMapEngine } from './use-map-engine';

const noLayers: readonly Layer[] = [];

/**
 * Everything the workspace's map screen shows, as state: the workspace and its layers as
 * read, the visitor's ticks and opacities, the compare divider, the map and what it
 * reports, and the context the tools get. The screen (viewer-screen.tsx) only lays it
 * out; a tool reaches all of this through `toolContext`, never through the screen.
 */
export function useWorkspaceViewer(
  id: number | undefined,
  token: string | undefined,
  editing: boolean,
  paddingNow?: (map: HTMLElement) => ViewPadding,
) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const [searchParams] = useSearchParams();
  // Read by the route beside its guards (opening-reads.ts): not again when the screen mounts.
  const reads = { enabled: id !== undefined, refetchOnMount: readBeforeThisOpening };
  const workspaceQuery = useQuery({ ...viewerWorkspaceQueryOptions(id ?? 0, token), ...reads });
  const layersQuery = useQuery({ ...layersQueryOptions(id ?? 0, token), ...reads });
  const sourcesQuery = useQuery({ ...layerSourcesQueryOptions(id ?? 0, token), ...reads });
  const workspace = workspaceQuery.data;
  const tree = layersQuery.data ?? noLayers;
  // The shell's loading overlay (guard 4) stays up until the workspace and its layers are read.
  useRouteLoading(id !== undefined && (workspaceQuery.isPending || layersQuery.isPending));

  const plugins = useMemo(
    () => (workspace ? readWorkspacePlugins(workspace.workspacePlugins) : undefined),
    [workspace],
  );
  const savedCamera = useMemo(
    () => (workspace ? (parseCamera(workspace.camera, cameraSchema) ?? defaultCamera) : undefined),
    [workspace],
  );

  // `?view=`: the saved view the page opens at, decided once, when the workspace is first read.
  const [startView, setStartView] = useState<{ view: ReturnType<typeof viewById> } | undefined>(undefined);
  const viewId = searchParams.get('view');
  useEffect(() => {
    if (!plugins || startView !== undefined) return;
    const view = viewById(plugins, viewId);
    if (viewId !== null && !view) snackbar.show(t('viewer.viewMissing'), 'warning');
    setStartView({ view });
  }, [plugins, startView, viewId, snackbar, t]);
  const openingView = startView?.view;

  const [visibility, setVisibility] = useState<Visibility | null>(null);
  useEffect(() => {
    if (!layersQuery.data || !startView || visibility !== null) return;
    setVisibility(
      startView.view
        ? visibilityOf(layersQuery.data, startView.view.visible)
        : initialVisibility(layersQuery.data),
    );
  }, [layersQuery.data, startView, visibility]);

  // The compare divider for this visit: where the view or the workspace puts it, while the
  // split is on; turned on or off again when the workspace's setting changes (the editor saved).
  const [split, setSplit] = useState<number | undefined>(undefined);
  const [splitEnabled, setSplitEnabled] = useState<boolean | undefined>(undefined);
  useEffect(() => {
    if (!plugins || !startView) return;
    const { enabled, position } = plugins.splitPanel;
    if (enabled === splitEnabled) return;
    const first = splitEnabled === undefined;
    setSplitEnabled(enabled);
    setSplit(enabled ? ((first ? startView.view?.split : undefined) ?? position) : undefined);
  }, [plugins, startView, splitEnabled]);
  const splitOn = split !== undefined;
  const sides = useMemo(
    () => (plugins ? splitSides(tree, plugins.splitPanel) : new Map<number, 'left' | 'right'>()),
    [tree, plugins],
  );

  // Read again after tree edits: a source whose answer changed only by its capability stays
  // the one held, so its layer stays on the map as it is (steady-sources.ts).
  const heldSources = useRef<ReadonlyMap<number, HeldSource>>(new Map());
  const sources = useMemo<Sources>(() => {
    const list = sourcesQuery.data;
    if (!list) return sourcesQuery.isError ? { state: 'ready', byLayer: new Map() } : { state: 'loading' };
    heldSources.current = steadySources(heldSources.current, list, Date.now());
    const byLayer = new Map([...heldSources.current].map(([layer, held]) => [layer, held.source]));
    return { state: 'ready', byLayer, refreshing: sourcesQuery.isFetching };
  }, [sourcesQuery.data, sourcesQuery.isError, sourcesQuery.isFetching]);

  // The editor shows the ticks as saved; the viewer's ticks are the visitor's own.
  const shownVisibility = useMemo(
    () => (editing ? initialVisibility(tree) : (visibility ?? {})),
    [editing, tree, visibility],
  );

  const { layers, problems } = useMemo(
    () =>
      toViewerLayers(drawnLayers(tree, shownVisibility), sources, {
        unreadable: t('viewer.sourceUnreadable'),
        unsupported: t('viewer.unsupportedType'),
      }),
    [tree, shownVisibility, sources, t],
  );

  // Opacity set in the panel, for this visit only (the template's opacity is the saved one).
  const [opacityOverrides, setOpacityOverrides] = useState<Record<string, number>>({});
  // Depends on whether the split is on, not on where the divider is: dragging it must not resend every layer.
  const shownLayers = useMemo(
    () =>
      layers.map((layer) => ({
        ...layer,
        opacity: opacityOverrides[layer.id] ?? layer.opacity,
        split:
          splitOn && !unsplittable(layer.kind) ? (sides.get(Number(layer.id)) ?? 'both') : ('both' as const),
      })),
    [layers, opacityOverrides, splitOn, sides],
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

  // The map starts once it knows where: at the view asked for, else at the workspace's camera.
  const startCamera = startView ? (openingView?.camera ?? savedCamera) : undefined;
  const map = useMapEngine(startCamera, shownLayers, paddingNow);
  const { engine } = map;
  const statuses = useMemo(() => ({ ...map.statuses, ...problems }), [map.statuses, problems]);

  useEffect(() => {
    engine?.setSplitPosition(split);
  }, [engine, split]);

  const onToggle = useCallback(
    (layerId: number, visible: boolean) =>
      setVisibility((current) => (current ? setVisible(tree, current, layerId, visible) : current)),
    [tree],
  );
  const onOpacity = useCallback(
    (layerId: number, value: number) => setOpacityOverrides((all) => ({ ...all, [layerId]: value })),
    [],
  );
  const showLayers = useCallback(
    (ids: readonly number[]) => {
      if (!editing) setVisibility(visibilityOf(tree, ids));
    },
    [editing, tree],
  );

  const mayEdit = Boolean(workspace && !token && canEdit(workspace.rights));
  const visibleLayers = useMemo(() => tickedIds(tree, shownVisibility), [tree, shownVisibility]);
  const toolContext = useMemo<ToolContext | undefined>(
    () =>
      workspace && plugins
        ? {
            workspace,
            plugins,
            token,
            engine: engine ?? undefined,
            tree,
            canEdit: mayEdit,
            visibleLayers,
            showLayers,
            split,
            setSplit,
            openingView: openingView?.id === undefined ? undefined : String(openingView.id),
          }
        : undefined,
    [workspace, plugins, token, engine, tree, mayEdit, visibleLayers, showLayers, split, openingView],
  );

  // Save view: the camera as the workspace's own (a 409 when someone saved meanwhile).
  const save = useSaveCamera(id ?? 0);
  const [conflict, setConflict] = useState(false);
  const saveCamera = () => {
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
  const reload = async () => {
    await workspaceQuery.refetch();
    setConflict(false);
  };

  return {
    workspaceQuery,
    layersQuery,
    workspace,
    tree,
    savedCamera,
    visibility: visibility ?? {},
    onToggle,
    opacity,
    onOpacity,
    legends,
    statuses,
    map,
    toolContext,
    mayEdit,
    saveCamera,
    saving: save.isPending,
    conflict,
    reload,
  };
}
