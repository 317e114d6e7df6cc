import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { setRouteLoading } from '../../lib/ui-store';

/** Shown when a route fails to load or render (a deploy replaced its code chunk, say). */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
    // A screen that failed cannot take the route-loading overlay down itself.
    setRouteLoading(false);
  }, [error]);

  return (
    <Container component="section" maxWidth="sm" sx={{ py: { xs: 6, sm: 10 } }}>
      <Stack spacing={3} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <ErrorOutlineIcon aria-hidden sx={{ fontSize: 72, color: 'error.main' }} />
        <Typography variant="h4" component="h1">
          {t('routeError.title')}
        </Typography>
        <Typography color="textSecondary">{t('routeError.body')}</Typography>
        <Button variant="contained" onClick={() => window.location.reload()}>
          {t('routeError.reload')}
        </Button>
      </Stack>
    </Container>
  );
}
