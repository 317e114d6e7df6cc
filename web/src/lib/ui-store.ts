import { useSyncExternalStore } from 'react';

/**
 * The shell's loading state (loadText, routeLoading in docs/product.md, "Data"), outside
 * React so that route guards can set it too.
 */
type UiState = {
  /** The overlay's text; null means the default, 'Loading content' in the current language. */
  loadText: string | null;
  /** Guard 4: a screen that loads its data after it opens keeps the overlay up until then. */
  routeLoading: boolean;
  /** The first screen's code and loaders are loading (the router's hydration). */
  hydrating: boolean;
  /** The first screen of this visit has its data and has drawn it (true from then on). */
  firstScreenDrawn: boolean;
  /** Sections of the screen whose code is still loading (a lazy section below the fold). */
  sectionsLoading: number;
};

let state: UiState = {
  loadText: null,
  routeLoading: false,
  hydrating: false,
  firstScreenDrawn: false,
  sectionsLoading: 0,
};
const listeners = new Set<() => void>();

function update(changes: Partial<UiState>): void {
  const next = { ...state, ...changes };
  if (
    next.loadText === state.loadText &&
    next.routeLoading === state.routeLoading &&
    next.hydrating === state.hydrating &&
    next.firstScreenDrawn === state.firstScreenDrawn &&
    next.sectionsLoading === state.sectionsLoading
  )
    return;
  state = next;
  for (const listener of listeners) listener();
}

export const setLoadText = (loadText: string | null): void => update({ loadText });
export const setRouteLoading = (routeLoading: boolean): void => update({ routeLoading });
export const setHydrating = (hydrating: boolean): void => update({ hydrating });
export const setFirstScreenDrawn = (): void => update({ firstScreenDrawn: true });
/** A section's code started (+1) or stopped (-1) loading. */
export const countSectionLoading = (change: 1 | -1): void =>
  update({ sectionsLoading: state.sectionsLoading + change });

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

// Each getter also serves as the server snapshot: the build-time prerender (src/prerender/) renders
// these stores in their first state, which is what the browser's first render reads too.
const loadText = () => state.loadText;
const routeLoadingFlag = () => state.routeLoading || state.hydrating;
const firstScreenDrawn = () => state.firstScreenDrawn;
const sectionsLoading = () => state.sectionsLoading > 0;
export const useLoadText = (): string | null => useSyncExternalStore(subscribe, loadText, loadText);
/** Whether the route-loading overlay is wanted: a screen's data (guard 4) or the first screen loading. */
export const useRouteLoadingFlag = (): boolean =>
  useSyncExternalStore(subscribe, routeLoadingFlag, routeLoadingFlag);
export const useFirstScreenDrawn = (): boolean =>
  useSyncExternalStore(subscribe, firstScreenDrawn, firstScreenDrawn);
/** Whether a section's code is still loading (a screen is not drawn until it is there). */
export const useSectionsLoading = (): boolean =>
  useSyncExternalStore(subscribe, sectionsLoading, sectionsLoading);
