import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSiteBranding } from '../../sites';
import { useSessionEnded } from '../session-store';
import { AuthCard } from './auth-card';
import { LoginForm } from './login-form';

/** Home and /login, one screen: what the product is, and the login form. */
export function LoginScreen() {
  const { t } = useTranslation();
  const { ready, name, defaultLogo } = useSiteBranding();
  const sessionEnded = useSessionEnded();

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 10 }, flex: 1, display: 'flex', alignItems: 'center' }}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={{ xs: 3, md: 10 }}
        useFlexGap
        sx={{ width: '100%', alignItems: { xs: 'stretch', md: 'center' } }}
      >
        <Stack spacing={{ xs: 1.5, md: 3 }} sx={{ flex: 1, alignItems: 'flex-start' }}>
          <Box
            component="img"
            src={defaultLogo}
            alt=""
            sx={{ width: 112, height: 'auto', display: { xs: 'none', md: 'block' } }}
          />
          <Typography
            variant="h3"
            component="h1"
            sx={{ fontWeight: 300, fontSize: { xs: '2rem', md: '3rem' }, width: '100%' }}
          >
            {ready ? name : <Skeleton width="8em" />}
          </Typography>
          <Typography
            component="p"
            color="textSecondary"
            sx={{ typography: { xs: 'body1', md: 'h6' }, fontWeight: { md: 400 } }}
          >
            {t('home.intro')}
          </Typography>
        </Stack>
        <Box sx={{ flex: 1, display: 'flex', justifyContent: { xs: 'center', md: 'flex-end' } }}>
          <AuthCard title={t('auth.loginTitle')} titleComponent="h2">
            {/* Stays until the next login: a reason to log in again must not vanish like a snackbar. */}
            {sessionEnded && (
              <Alert severity="info" role="status" aria-live="polite" sx={{ mb: 2.5 }}>
                {t('auth.sessionEnded')}
              </Alert>
            )}
            <LoginForm />
          </AuthCard>
        </Box>
      </Stack>
    </Container>
  );
}
