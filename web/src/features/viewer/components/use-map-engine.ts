import { useEffect, useRef, useState } from 'react';
import {
  type Camera,
  createMapEngine,
  type LayerStatus,
  type MapEngine,
  type PickedFeature,
  type ViewerLayer,
  type ViewPadding,
  type ViewState,
} from '../../../viewer/map-engine';

/**
 * The 3D map in `container` (created once, at `camera`, framed beside what `paddingNow` says
 * the screen's panels cover of it then), the layers given to it, and each layer's status as
 * the map reports it.
 */
export function useMapEngine(
  camera: Camera | undefined,
  layers: readonly ViewerLayer[],
  paddingNow?: (container: HTMLElement) => ViewPadding,
) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [engine, setEngine] = useState<MapEngine | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [statuses, setStatuses] = useState<Record<string, LayerStatus>>({});
  const [pointer, setPointer] = useState<{ longitude: number; latitude: number } | null>(null);
  /** What the last click on the map found; null until a click, or once closed. */
  const [picked, setPicked] = useState<PickedFeature[] | null>(null);
  const [view, setView] = useState<ViewState | null>(null);
  const started = camera !== undefined;
  const firstCamera = useRef(camera);
  firstCamera.current ??= camera;
  // Asked when the map is made (its code loaded), not when this renders: the panels are laid out by then.
  const padding = useRef(paddingNow);
  padding.current = paddingNow;

  useEffect(() => {
    const container = containerRef.current;
    const initial = firstCamera.current;
    if (!started || !container || !initial) return;
    let cancelled = false;
    let created: MapEngine | null = null;
    const stops: (() => void)[] = [];
    createMapEngine(container, { camera: initial, padding: () => padding.current?.(container) }).then(
      (made) => {
        if (cancelled) {
          made.destroy();
          return;
        }
        created = made;
        stops.push(made.onLayerStatus((status) => setStatuses((all) => ({ ...all, [status.id]: status }))));
        stops.push(made.onPointerMove(setPointer));
        stops.push(made.onPick(setPicked));
        stops.push(made.onViewChange(setView));
        setEngine(made);
      },
      (error: unknown) => {
        if (!cancelled) setFailure(error instanceof Error ? error.message : String(error));
      },
    );
    return () => {
      cancelled = true;
      for (const stop of stops) stop();
      created?.destroy();
      setEngine(null);
    };
  }, [started]);

  useEffect(() => {
    engine?.setLayers(layers);
  }, [engine, layers]);

  return {
    containerRef,
    engine,
    failure,
    statuses,
    pointer,
    picked,
    view,
    clearPicked: () => setPicked(null),
  };
}
