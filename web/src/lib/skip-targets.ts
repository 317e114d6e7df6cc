/**
 * The ids of the elements the shell's skip link moves the focus to: the screen's main
 * content, or on the map screens the map itself (which also takes the focus back when a
 * panel over it closes).
 */
export const skipTargets = { main: 'main-content', map: 'map' } as const;

/** Puts the focus on the map, when the screen has one; false when it has none. */
export function focusMap(): boolean {
  const map = document.getElementById(skipTargets.map);
  map?.focus();
  return map !== null;
}
