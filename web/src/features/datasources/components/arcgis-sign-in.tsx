import type { DatasourceDetail } from '@geows/contract';
import LoginIcon from '@mui/icons-material/Login';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../components/form/error-text';
import { useSnackbar } from '../../../components/snackbar/snackbar-context';
import { datasourceKeys } from '../api/datasource-keys';
import { ArcgisSignInError, signInWithArcgis } from '../arcgis/sign-in-with-arcgis';

const errorKeys: Record<string, 'arcgis.popupBlocked' | 'arcgis.closed'> = {
  popupBlocked: 'arcgis.popupBlocked',
  closed: 'arcgis.closed',
};

/**
 * 'Sign in with ArcGIS' for a saved ArcGIS source with a portal and a client id: the
 * pop-up runs the portal's sign-in, the server keeps the token (never the browser).
 */
export function ArcgisSignIn({ detail }: { detail: DatasourceDetail | undefined }) {
  const { t, i18n } = useTranslation();
  const { show } = useSnackbar();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const portal = typeof detail?.config.portal === 'string' ? detail.config.portal : '';
  const clientId = typeof detail?.config.clientId === 'string' ? detail.config.clientId : '';

  const handleSignIn = async () => {
    if (!detail) return;
    setBusy(true);
    try {
      const updated = await signInWithArcgis({ datasourceId: detail.id, portal, clientId });
      queryClient.setQueryData(datasourceKeys.detail(detail.id), updated);
      show(t('arcgis.success', { username: updated.arcgis?.username ?? '' }));
    } catch (error) {
      if (error instanceof ArcgisSignInError) {
        const key = errorKeys[error.message];
        show(key ? t(key) : t('arcgis.failed', { reason: error.message }), 'error');
      } else {
        show(errorText(error, t), 'error');
      }
    } finally {
      setBusy(false);
    }
  };

  const status = !detail
    ? t('arcgis.saveFirst')
    : !portal || !clientId
      ? t('arcgis.needsPortal')
      : detail.arcgis
        ? t('arcgis.signedIn', {
            username: detail.arcgis.username,
            expires: new Intl.DateTimeFormat(i18n.language, {
              dateStyle: 'medium',
              timeStyle: 'short',
            }).format(new Date(detail.arcgis.expires)),
          })
        : t('arcgis.notSignedIn');

  return (
    <Stack component="section" aria-label={t('arcgis.title')} spacing={1}>
      <Typography variant="subtitle2" component="h2">
        {t('arcgis.title')}
      </Typography>
      <Typography variant="body2" color="textSecondary">
        {t('arcgis.intro')}
      </Typography>
      <Typography variant="body2" role="status">
        {status}
      </Typography>
      {detail && portal && clientId && (
        <Button
          variant="outlined"
          startIcon={<LoginIcon />}
          onClick={() => void handleSignIn()}
          disabled={busy}
          sx={{ alignSelf: 'flex-start' }}
        >
          {detail.arcgis ? t('arcgis.signInAgain') : t('arcgis.signIn')}
        </Button>
      )}
    </Stack>
  );
}
