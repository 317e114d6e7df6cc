import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';

/** One titled part of a screen (a card with an h2), labelled by its heading. */
export function SectionCard({
  title,
  intro,
  action,
  children,
}: {
  title: string;
  intro?: ReactNode;
  /** Shown at the end of the heading row. */
  action?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 3 }}
    >
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: 'center', justifyContent: 'space-between', mb: intro ? 1 : 2.5 }}
      >
        <Typography id={headingId} variant="h6" component="h2" sx={{ fontWeight: 500 }}>
          {title}
        </Typography>
        {action}
      </Stack>
      {intro && (
        <Typography color="textSecondary" sx={{ mb: 2.5 }}>
          {intro}
        </Typography>
      )}
      {children}
    </Paper>
  );
}
