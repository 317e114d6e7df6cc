import { loginForm, paths } from '@geows/contract';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { errorText } from '../../../components/form/error-text';
import { FormTextField } from '../../../components/form/form-text-field';
import { PasswordField } from '../../../components/form/password-field';
import { applyServerFieldErrors } from '../../../components/form/server-field-errors';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useSnackbar } from '../../../components/snackbar/snackbar-context';
import { useLogin } from '../api/login';
import { setAuthStatus, setPendingLogin } from '../session-store';
import { useCompleteLogin } from './use-complete-login';

/** Username and password; a second factor, when on, continues on /verification. */
export function LoginForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { show } = useSnackbar();
  const login = useLogin();
  const completeLogin = useCompleteLogin();
  const { control, handleSubmit, setError, formState } = useZodForm(loginForm, {
    defaultValues: { username: '', password: '' },
  });

  const handleLogin = handleSubmit(async (values) => {
    setAuthStatus('loading');
    try {
      const answer = await login.mutateAsync(values);
      if ('auth_token' in answer) {
        await completeLogin(answer.auth_token);
        return;
      }
      setPendingLogin({ ephemeralToken: answer.ephemeral_token, method: answer.method });
      setAuthStatus('empty');
      await navigate(paths.verification);
    } catch (error) {
      setAuthStatus('error');
      applyServerFieldErrors(error, ['username', 'password'], setError);
      // The `error` field of the answer, in an error snackbar (docs/product.md, "Errors and messages").
      show(errorText(error, t), 'error');
    }
  });

  return (
    <Stack component="form" noValidate onSubmit={handleLogin} spacing={2.5}>
      <FormTextField control={control} name="username" label={t('auth.username')} autoComplete="username" />
      <PasswordField
        control={control}
        name="password"
        label={t('auth.password')}
        autoComplete="current-password"
      />
      <Link component={RouterLink} to={paths.reset} variant="body2" sx={{ alignSelf: 'flex-end' }}>
        {t('auth.forgottenPassword')}
      </Link>
      <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting}>
        {t('auth.login')}
      </Button>
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
        {t('auth.noAccount')}{' '}
        <Link component={RouterLink} to={paths.register}>
          {t('auth.register')}
        </Link>
      </Typography>
    </Stack>
  );
}
