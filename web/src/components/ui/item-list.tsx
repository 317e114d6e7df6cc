import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A card holding a list of rows (accounts, workspaces, invitations), named for assistive technology. */
export function ItemList({ label, children }: { label: string; children: ReactNode }) {
  return (
    // A container: its rows lay out by the list's own width (a 400 px side sheet on a wide
    // screen is as narrow as a phone), not by the window's.
    <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden', containerType: 'inline-size' }}>
      <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {children}
      </Box>
    </Paper>
  );
}

/** One row: an icon, a title with a line under it, details, and the row's buttons at the end. */
export function ItemRow({
  icon,
  primary,
  secondary,
  meta,
  actions,
}: {
  icon?: ReactNode;
  primary: ReactNode;
  secondary?: ReactNode;
  meta?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        flexWrap: { '@': 'wrap', '@sm': 'nowrap' },
        alignItems: 'center',
        columnGap: 2,
        rowGap: 1,
        px: { '@': 2, '@sm': 3 },
        py: 1.75,
        '& + li': { borderTop: 1, borderColor: 'divider' },
      }}
    >
      {icon && <Box sx={{ display: 'flex', color: 'text.secondary', flexShrink: 0, width: 24 }}>{icon}</Box>}
      {/* With details, in a narrow list the text takes the first line whole; the rest wraps below it. */}
      <Box sx={{ flex: meta ? { '@': `1 1 calc(100% - ${icon ? 40 : 0}px)`, '@sm': 1 } : 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{primary}</Typography>
        {secondary && (
          <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
            {secondary}
          </Typography>
        )}
      </Box>
      {meta && <Box sx={{ flexShrink: 0, ml: { '@': icon ? 5 : 0, '@sm': 0 } }}>{meta}</Box>}
      {actions && (
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', flexShrink: 0, ml: { '@': 'auto', '@sm': 0 } }}
        >
          {actions}
        </Stack>
      )}
    </Box>
  );
}

/** What an empty list shows instead: an icon and one line. */
export function EmptyState({ icon, text, action }: { icon: ReactNode; text: string; action?: ReactNode }) {
  return (
    <Paper
      variant="outlined"
      sx={{ borderRadius: 3, borderStyle: 'dashed', px: 3, py: { xs: 4, sm: 6 }, textAlign: 'center' }}
    >
      <Stack spacing={2} sx={{ alignItems: 'center' }}>
        <Box sx={{ color: 'text.disabled', display: 'flex', '& svg': { fontSize: 48 } }}>{icon}</Box>
        <Typography color="textSecondary">{text}</Typography>
        {action}
      </Stack>
    </Paper>
  );
}
