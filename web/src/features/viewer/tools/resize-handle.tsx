import Box from '@mui/material/Box';
import type { KeyboardEvent, PointerEvent } from 'react';
import { useRef } from 'react';
import type { Axis, SizeLimits } from './panel-size';

type Props = {
  axis: Axis;
  size: number;
  limits: SizeLimits;
  /** `store`: the change is done (pointer released, key pressed). */
  onSize: (size: number, store?: boolean) => void;
  onDragging: (dragging: boolean) => void;
  label: string;
  controls: string;
};

const step = 16;
const bigStep = 80;

/**
 * The panel's edge that resizes it: a focusable separator (WAI-ARIA window splitter)
 * dragged with a mouse, a pen or a finger, or moved with the arrow keys (Shift and
 * PageUp/PageDown in big steps, Home/End to the limits). Beside the map (`x`) it is the
 * panel's left edge, so moving it left widens the panel; on a sheet (`y`) the top edge.
 */
export function ResizeHandle({ axis, size, limits, onSize, onDragging, label, controls }: Props) {
  const drag = useRef<{ pointer: number; start: number; size: number } | null>(null);
  const position = (event: PointerEvent) => (axis === 'x' ? event.clientX : event.clientY);

  const handlePointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.focus();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { pointer: event.pointerId, start: position(event), size };
    onDragging(true);
  };
  const handlePointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointer !== event.pointerId) return;
    onSize(current.size + current.start - position(event));
  };
  const handlePointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointer !== event.pointerId) return;
    drag.current = null;
    onSize(current.size + current.start - position(event), true);
    onDragging(false);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const grow = axis === 'x' ? 'ArrowLeft' : 'ArrowUp';
    const shrink = axis === 'x' ? 'ArrowRight' : 'ArrowDown';
    const amount = event.shiftKey ? bigStep : step;
    const next =
      event.key === grow
        ? size + amount
        : event.key === shrink
          ? size - amount
          : event.key === 'PageUp'
            ? size + bigStep
            : event.key === 'PageDown'
              ? size - bigStep
              : event.key === 'Home'
                ? limits.min
                : event.key === 'End'
                  ? limits.max
                  : undefined;
    if (next === undefined) return;
    event.preventDefault();
    onSize(next, true);
  };

  return (
    <Box
      role="separator"
      tabIndex={0}
      aria-label={label}
      aria-controls={controls}
      aria-orientation={axis === 'x' ? 'vertical' : 'horizontal'}
      aria-valuenow={size}
      aria-valuemin={limits.min}
      aria-valuemax={limits.max}
      onPointerDown={handlePointerDown}
      onPointerMove={handlePointerMove}
      onPointerUp={handlePointerEnd}
      onPointerCancel={handlePointerEnd}
      onKeyDown={handleKeyDown}
      sx={{
        position: 'absolute',
        zIndex: 2,
        touchAction: 'none',
        outline: 'none',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        ...(axis === 'x'
          ? { top: 0, bottom: 0, left: -6, width: 12, cursor: 'col-resize' }
          : { top: 0, left: 0, right: 0, height: 20, cursor: 'row-resize' }),
        // The grip: a short bar, stronger while hovered, focused or dragged.
        '&::after': {
          content: '""',
          borderRadius: 2,
          bgcolor: 'text.disabled',
          ...(axis === 'x' ? { width: 4, height: 40 } : { width: 40, height: 4 }),
        },
        '&:hover::after, &:focus-visible::after, &:active::after': { bgcolor: 'primary.main' },
        '&:focus-visible': { boxShadow: (theme) => `inset 0 0 0 2px ${theme.palette.primary.main}` },
      }}
    />
  );
}
