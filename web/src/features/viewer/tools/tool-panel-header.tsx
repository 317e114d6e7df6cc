import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The top of a tool's panel: its heading, the tool's own actions, and Close. */
export function ToolPanelHeader({
  title,
  actions,
  closeLabel,
  onClose,
}: {
  title: string;
  actions?: ReactNode;
  closeLabel: string;
  onClose: () => void;
}) {
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: 1.5,
        py: 0.75,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Typography component="h2" variant="subtitle2" noWrap title={title} sx={{ flex: 1, minWidth: 0 }}>
        {title}
      </Typography>
      {actions}
      <IconButton size="small" aria-label={closeLabel} onClick={onClose}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}
