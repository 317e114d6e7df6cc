import { paths } from '@geows/contract';
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { errorText } from '../../../components/form/error-text';
import { useActivation } from '../api/activate-account';
import { AuthCard, AuthPage } from './auth-card';

/** The result replaces the waiting text in place; screen readers hear each in turn. */
function LiveRegion({ children }: { children: ReactNode }) {
  return (
    <Box role="status" aria-live="polite" sx={{ width: '100%', display: 'flex', justifyContent: 'center' }}>
      {children}
    </Box>
  );
}

/** How long the success message stays before the login opens. */
export const redirectAfterMs = 2000;

/** Opens the e-mailed activation link: 'Just a sec ...', then success or the server's reason. */
export function ActivationScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { uid = '', token = '' } = useParams();
  const activation = useActivation(uid, token);

  useEffect(() => {
    if (!activation.isSuccess) return;
    const timer = setTimeout(() => void navigate(paths.login, { replace: true }), redirectAfterMs);
    return () => clearTimeout(timer);
  }, [activation.isSuccess, navigate]);

  if (activation.isPending) {
    return (
      <AuthPage>
        <LiveRegion>
          <AuthCard icon={<CircularProgress aria-hidden size={40} />} title={t('activation.wait')} />
        </LiveRegion>
      </AuthPage>
    );
  }

  if (activation.isError) {
    return (
      <AuthPage>
        <LiveRegion>
          <AuthCard
            icon={<ErrorOutlineIcon aria-hidden color="error" sx={{ fontSize: 56 }} />}
            title={errorText(activation.error, t)}
          >
            <Button component={RouterLink} to={paths.login} variant="contained">
              {t('activation.goToLogin')}
            </Button>
          </AuthCard>
        </LiveRegion>
      </AuthPage>
    );
  }

  return (
    <AuthPage>
      <LiveRegion>
        <AuthCard
          icon={<CheckCircleIcon aria-hidden color="success" sx={{ fontSize: 56 }} />}
          title={t('activation.success')}
        />
      </LiveRegion>
    </AuthPage>
  );
}
