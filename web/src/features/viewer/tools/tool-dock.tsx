import Box from '@mui/material/Box';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePanelSize } from './panel-size';
import { ResizeHandle } from './resize-handle';
import type { ToolContext, ViewerTool } from './tool';

type Props = {
  tool: ViewerTool;
  context: ToolContext;
  /** A phone: the panel is a sheet under the map instead of a column beside it. */
  sheet: boolean;
  onClose: () => void;
};

/**
 * Where an open tool's panel lives: a column at the map's right, or a sheet below it on a
 * phone, resizable by its edge. It takes its room from the map (which follows its
 * container's size) instead of covering it.
 */
export function ToolDock({ tool, context, sheet, onClose }: Props) {
  const { t } = useTranslation();
  const panelId = useId();
  const axis = sheet ? 'y' : 'x';
  const { size, limits, set } = usePanelSize(tool.id, axis);
  // While dragging, frames in the panel must not swallow the pointer.
  const [dragging, setDragging] = useState(false);
  const name = tool.label(t);
  const { Panel } = tool;
  return (
    <Box
      component="section"
      id={panelId}
      aria-label={name}
      sx={{
        position: 'relative',
        flexShrink: 0,
        display: 'flex',
        flexDirection: 'column',
        minWidth: 0,
        minHeight: 0,
        bgcolor: 'background.paper',
        color: 'text.primary',
        ...(sheet
          ? {
              height: size,
              pt: '20px',
              borderTopLeftRadius: 12,
              borderTopRightRadius: 12,
              boxShadow: 8,
            }
          : { width: size, borderLeft: 1, borderColor: 'divider' }),
      }}
    >
      <ResizeHandle
        axis={axis}
        size={size}
        limits={limits}
        onSize={set}
        onDragging={setDragging}
        label={t('tools.resize', { name })}
        controls={panelId}
      />
      <Box
        sx={{
          flex: 1,
          minHeight: 0,
          display: 'flex',
          flexDirection: 'column',
          pointerEvents: dragging ? 'none' : undefined,
        }}
      >
        <Panel {...context} onClose={onClose} />
      </Box>
    </Box>
  );
}
