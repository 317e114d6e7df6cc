import { paths } from '@geows/contract';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailReadOutlined';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { AuthCard, AuthPage } from './auth-card';

/** After registering: the account waits for the link in the activation mail. */
export function ActivateScreen() {
  const { t } = useTranslation();
  return (
    <AuthPage>
      <AuthCard
        icon={<MarkEmailReadIcon aria-hidden color="primary" sx={{ fontSize: 56 }} />}
        title={t('register.success')}
        intro={t('register.nextStep')}
      >
        <Button component={RouterLink} to={paths.login} variant="outlined">
          {t('activation.goToLogin')}
        </Button>
      </AuthCard>
    </AuthPage>
  );
}
