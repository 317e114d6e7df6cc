import ToggleButton from '@mui/material/ToggleButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import type { ViewerTool } from './tool';

/** The map's title bar's toggles, one per tool the workspace offers (aria-pressed while its panel is open). */
export function ToolButtons({
  tools,
  openId,
  onToggle,
  narrow,
}: {
  tools: readonly ViewerTool[];
  openId: string | undefined;
  onToggle: (id: string) => void;
  /** Icons only, each with its name as its label and tooltip. */
  narrow: boolean;
}) {
  const { t } = useTranslation();
  return tools.map((tool) => {
    const label = tool.label(t);
    const Icon = tool.icon;
    const button = (
      <ToggleButton
        key={tool.id}
        value={tool.id}
        selected={tool.id === openId}
        onChange={() => onToggle(tool.id)}
        size="small"
        color="primary"
        aria-label={narrow ? label : undefined}
        sx={{
          flexShrink: 0,
          gap: 0.75,
          // As the title bar's other buttons: sentence case, not the toggle's capitals.
          textTransform: 'none',
          fontWeight: 500,
          py: narrow ? 0.5 : 0.25,
          px: narrow ? 0.5 : 1,
          border: narrow ? 0 : undefined,
        }}
      >
        <Icon fontSize="small" />
        {!narrow && label}
      </ToggleButton>
    );
    return narrow ? (
      <Tooltip key={tool.id} title={label}>
        {button}
      </Tooltip>
    ) : (
      button
    );
  });
}
