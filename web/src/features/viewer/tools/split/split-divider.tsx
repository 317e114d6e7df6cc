import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import { type KeyboardEvent, type PointerEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ToolContext } from '../tool';
import { dividerAt, dividerKey, dividerPercent } from './divider-keys';

/**
 * The compare divider over the map, while the split is on: a slider (role, name, value)
 * dragged by mouse, pen or touch and moved by keys. It is a DOM element above the
 * canvas that captures its own pointer (Cesium's splitter demo listens on the canvas,
 * where touch drags pan the globe instead: CesiumGS/cesium#9662).
 */
export function SplitDivider({ split, setSplit }: Pick<ToolContext, 'split' | 'setSplit'>) {
  const { t } = useTranslation();
  const mapRef = useRef<HTMLDivElement>(null);
  // Pointer moves come faster than frames: the last one of a frame moves the divider.
  const frame = useRef<number | undefined>(undefined);
  const next = useRef(0.5);
  useEffect(
    () => () => {
      if (frame.current !== undefined) cancelAnimationFrame(frame.current);
    },
    [],
  );
  if (split === undefined) return null;

  const moveTo = (clientX: number) => {
    const map = mapRef.current;
    if (!map) return;
    next.current = dividerAt(clientX, map.getBoundingClientRect());
    frame.current ??= requestAnimationFrame(() => {
      frame.current = undefined;
      setSplit(next.current);
    });
  };

  const handlePointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    event.currentTarget.focus({ preventScroll: true });
  };

  const handlePointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (event.currentTarget.hasPointerCapture(event.pointerId)) moveTo(event.clientX);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moved = dividerKey(event.key, split, event.shiftKey);
    if (moved === undefined) return;
    event.preventDefault();
    setSplit(moved);
  };

  const percent = dividerPercent(split);
  return (
    <Box ref={mapRef} sx={{ position: 'absolute', inset: 0, pointerEvents: 'none', overflow: 'hidden' }}>
      <Box
        role="slider"
        tabIndex={0}
        aria-label={t('split.divider')}
        aria-orientation="horizontal"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={t('split.dividerValue', { percent })}
        onPointerDown={handlePointerDown}
        onPointerMove={handlePointerMove}
        onKeyDown={handleKeyDown}
        sx={{
          position: 'absolute',
          top: 0,
          bottom: 0,
          left: `${split * 100}%`,
          width: 32,
          transform: 'translateX(-50%)',
          pointerEvents: 'auto',
          cursor: 'ew-resize',
          // The browser must not pan or zoom the page while a finger drags the divider.
          touchAction: 'none',
          outline: 'none',
          '&::before': {
            content: '""',
            position: 'absolute',
            top: 0,
            bottom: 0,
            left: '50%',
            width: 3,
            transform: 'translateX(-50%)',
            bgcolor: '#fff',
            boxShadow: '0 0 0 1px rgba(0, 0, 0, 0.35)',
          },
          '&:focus-visible .split-knob': {
            outline: (theme) => `3px solid ${theme.palette.primary.main}`,
            outlineOffset: 2,
          },
        }}
      >
        <Box
          className="split-knob"
          sx={{
            position: 'absolute',
            top: '50%',
            left: '50%',
            width: 28,
            height: 44,
            transform: 'translate(-50%, -50%)',
            borderRadius: 14,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            bgcolor: '#fff',
            color: '#333',
            boxShadow: 3,
          }}
        >
          <ChevronLeftIcon sx={{ fontSize: 16, mr: -0.5 }} />
          <ChevronRightIcon sx={{ fontSize: 16, ml: -0.5 }} />
        </Box>
      </Box>
    </Box>
  );
}
