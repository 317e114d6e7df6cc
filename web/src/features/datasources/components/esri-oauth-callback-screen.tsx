import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * /esri-oauth-callback, the pop-up's last stop: hands the portal's answer (the query
 * string, or the hash) to the window that opened it — on this origin only, never to
 * another. The opener closes the pop-up once it has the answer: a pop-up that closed
 * itself could be seen closed before its message arrived, and the wait would end as
 * "closed by the user". Without an opener (or one that never answers) it closes itself.
 */
export function EsriOAuthCallbackScreen() {
  const { t } = useTranslation();
  useEffect(() => {
    const answer = window.location.search || window.location.hash;
    if (window.opener && window.opener !== window) {
      (window.opener as Window).postMessage(answer, window.location.origin);
      const fallback = window.setTimeout(() => window.close(), 1000);
      return () => window.clearTimeout(fallback);
    }
    window.close();
  }, []);

  return (
    <Stack spacing={2} sx={{ alignItems: 'center', justifyContent: 'center', minHeight: '60vh' }}>
      <CircularProgress aria-hidden />
      <Typography role="status">{t('oauth.processing')}</Typography>
    </Stack>
  );
}
