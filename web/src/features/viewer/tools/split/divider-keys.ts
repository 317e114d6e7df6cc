/** One arrow key's step of the divider, and PageUp/PageDown's (shares of the map's width). */
export const dividerStep = 0.01;
export const dividerPageStep = 0.1;

const clamp = (value: number) => Math.min(1, Math.max(0, value));
/** Two decimals: no 0.30000000000000004 from a few steps. */
const round = (value: number) => Math.round(value * 100) / 100;

/**
 * Where a key moves the divider (WAI-ARIA slider pattern): arrows a step (Shift a page),
 * PageUp/PageDown a page, Home and End to the map's edges. Undefined: not the divider's key.
 */
export function dividerKey(key: string, position: number, shift = false): number | undefined {
  const step = shift ? dividerPageStep : dividerStep;
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowDown':
      return clamp(round(position - step));
    case 'ArrowRight':
    case 'ArrowUp':
      return clamp(round(position + step));
    case 'PageDown':
      return clamp(round(position - dividerPageStep));
    case 'PageUp':
      return clamp(round(position + dividerPageStep));
    case 'Home':
      return 0;
    case 'End':
      return 1;
    default:
      return undefined;
  }
}

/** The divider's place under a pointer at `clientX`, over a map whose box is `box`. */
export function dividerAt(clientX: number, box: { left: number; width: number }): number {
  if (box.width <= 0) return 0.5;
  return clamp((clientX - box.left) / box.width);
}

/** The divider's place as a whole percentage, for its slider's value. */
export const dividerPercent = (position: number) => Math.round(clamp(position) * 100);
