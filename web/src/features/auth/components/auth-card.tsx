import { paths } from '@geows/contract';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** The page around one identity form: centred, with room above and below. */
export function AuthPage({ children }: { children: ReactNode }) {
  return (
    <Container
      maxWidth="sm"
      sx={{ py: { xs: 3, sm: 8 }, flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center' }}
    >
      {children}
    </Container>
  );
}

/** A card with a heading, an optional introduction and the form or message below. */
export function AuthCard({
  title,
  titleComponent = 'h1',
  intro,
  icon,
  children,
}: {
  title: ReactNode;
  titleComponent?: 'h1' | 'h2';
  intro?: ReactNode;
  icon?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Paper
      variant="outlined"
      component="section"
      sx={{ p: { xs: 3, sm: 4 }, width: '100%', maxWidth: 460, borderRadius: 3 }}
    >
      <Stack spacing={1.5} sx={{ mb: 3 }}>
        {icon}
        <Typography variant="h5" component={titleComponent} sx={{ fontWeight: 500 }}>
          {title}
        </Typography>
        {intro && <Typography color="textSecondary">{intro}</Typography>}
      </Stack>
      {children}
    </Paper>
  );
}

/** The way out of a form that started from the login. */
export function BackToLogin() {
  const { t } = useTranslation();
  return (
    <Link component={RouterLink} to={paths.login} variant="body2" sx={{ alignSelf: 'center' }}>
      {t('auth.backToLogin')}
    </Link>
  );
}
