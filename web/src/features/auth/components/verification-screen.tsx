import { paths, verificationForm } from '@geows/contract';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText } from '../../../components/form/error-text';
import { OneTimeCodeField } from '../../../components/form/one-time-code-field';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useSnackbar } from '../../../components/snackbar/snackbar-context';
import { useLoginCode } from '../api/login-code';
import { getPendingLogin, setAuthStatus } from '../session-store';
import { AuthCard, AuthPage, BackToLogin } from './auth-card';
import { useCompleteLogin } from './use-complete-login';

/** The second step of a login: a code from the app, the e-mail, or a backup code. */
export function VerificationScreen() {
  const { t } = useTranslation();
  const { show } = useSnackbar();
  // Read once: the pending login is cleared when it completes, and this screen then leaves.
  const [pending] = useState(getPendingLogin);
  const loginCode = useLoginCode();
  const completeLogin = useCompleteLogin();
  const navigate = useNavigate();
  const { control, handleSubmit, formState } = useZodForm(verificationForm, { defaultValues: { code: '' } });

  const handleVerify = handleSubmit(async ({ code }) => {
    // Opened directly, with no login waiting for its second step: say so and start over.
    if (!pending) {
      show(t('auth.noPendingLogin'), 'error');
      await navigate(paths.login);
      return;
    }
    setAuthStatus('loading');
    try {
      const { auth_token } = await loginCode.mutateAsync({ code, ephemeral_token: pending.ephemeralToken });
      await completeLogin(auth_token);
    } catch (error) {
      setAuthStatus('error');
      show(errorText(error, t), 'error');
    }
  });

  return (
    <AuthPage>
      <AuthCard
        title={t('auth.verifyTitle')}
        intro={pending?.method === 'email' ? t('auth.verifyIntroEmail') : t('auth.verifyIntroApp')}
      >
        <Stack component="form" noValidate onSubmit={handleVerify} spacing={2.5}>
          <OneTimeCodeField control={control} name="code" label={t('auth.verificationCode')} />
          <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting}>
            {t('auth.verify')}
          </Button>
          <BackToLogin />
        </Stack>
      </AuthCard>
    </AuthPage>
  );
}
