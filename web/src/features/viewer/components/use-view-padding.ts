import { type RefObject, useEffect } from 'react';
import type { MapEngine, ViewPadding } from '../../../viewer/map-engine';
import { coveredPadding } from '../covered-padding';

/**
 * Tells the map what the screen's panels cover of it (the side panel, a phone's sheet),
 * whenever the map or a panel changes size, appears or goes: fly-tos then frame their
 * target in the part left free.
 */
export function useViewPadding(
  engine: MapEngine | null,
  mapRef: RefObject<HTMLElement | null>,
  covers: readonly (HTMLElement | null)[],
) {
  useEffect(() => {
    const map = mapRef.current;
    if (!engine || !map) return;
    const measure = () => engine.setViewPadding(paddingOver(map, covers));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(map);
    for (const cover of covers) if (cover) observer.observe(cover);
    // A sheet slides in and out without changing size: where it is is known once the slide ends.
    document.addEventListener('transitionend', measure);
    return () => {
      observer.disconnect();
      document.removeEventListener('transitionend', measure);
    };
  }, [engine, mapRef, covers]);
}

/** What the panels (`covers`, null when not shown) cover of the map now. */
export function paddingOver(map: HTMLElement, covers: readonly (HTMLElement | null)[]): ViewPadding {
  return coveredPadding(
    map.getBoundingClientRect(),
    covers
      .filter((cover): cover is HTMLElement => cover !== null)
      .map((cover) => cover.getBoundingClientRect()),
  );
}
