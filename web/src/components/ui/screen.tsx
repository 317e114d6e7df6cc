import Box from '@mui/material/Box';
import Container, { type ContainerProps } from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A screen's frame: its h1 (with an optional line above and below) and an action beside it. */
export function Screen({
  title,
  overline,
  intro,
  action,
  maxWidth = 'md',
  children,
}: {
  title: ReactNode;
  overline?: ReactNode;
  intro?: ReactNode;
  action?: ReactNode;
  maxWidth?: ContainerProps['maxWidth'];
  children: ReactNode;
}) {
  return (
    <Container maxWidth={maxWidth} sx={{ py: { xs: 3, md: 6 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 3, alignItems: { xs: 'stretch', sm: 'flex-end' }, justifyContent: 'space-between' }}
      >
        <Box sx={{ minWidth: 0 }}>
          {overline && (
            <Typography variant="overline" color="textSecondary" component="p" sx={{ lineHeight: 2 }}>
              {overline}
            </Typography>
          )}
          <Typography variant="h4" component="h1" sx={{ fontWeight: 400, overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
          {intro && (
            <Typography color="textSecondary" sx={{ mt: 1 }}>
              {intro}
            </Typography>
          )}
        </Box>
        {action && <Box sx={{ flexShrink: 0, display: 'flex', gap: 1 }}>{action}</Box>}
      </Stack>
      {children}
    </Container>
  );
}
