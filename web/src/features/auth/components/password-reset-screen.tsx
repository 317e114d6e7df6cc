import { passwordResetForm, paths } from '@geows/contract';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { errorText } from '../../../components/form/error-text';
import { NewPasswordFields } from '../../../components/form/new-password-fields';
import { applyServerFieldErrors } from '../../../components/form/server-field-errors';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useSnackbar } from '../../../components/snackbar/snackbar-context';
import { useResetPassword } from '../api/reset-password';
import { AuthCard, AuthPage } from './auth-card';

/** Opens the e-mailed reset link: a new password, then the login. */
export function PasswordResetScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { show } = useSnackbar();
  const { uid = '', token = '' } = useParams();
  const resetPassword = useResetPassword();
  const { control, handleSubmit, setError, formState } = useZodForm(passwordResetForm, {
    defaultValues: { password: '', confirmPassword: '' },
  });

  const handleSave = handleSubmit(async ({ password }) => {
    try {
      await resetPassword.mutateAsync({ password, uid, pw_token: token });
      show(t('passwordReset.success'));
      await navigate(paths.login, { replace: true });
    } catch (error) {
      applyServerFieldErrors(error, ['password'], setError);
      // The detail field, otherwise the error itself ("password: ..."), as docs/product.md,
      // "Errors and messages" asks.
      show(errorText(error, t), 'error');
    }
  });

  return (
    <AuthPage>
      <AuthCard title={t('passwordReset.title')}>
        <Stack component="form" noValidate onSubmit={handleSave} spacing={2.5}>
          <NewPasswordFields
            control={control}
            passwordLabel={t('passwordReset.newPassword')}
            confirmLabel={t('passwordReset.confirmPassword')}
          />
          <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting}>
            {t('passwordReset.submit')}
          </Button>
        </Stack>
      </AuthCard>
    </AuthPage>
  );
}
