import { loginForm, paths } from '@geows/contract';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { errorText } from '../../../components/form/error-text';
import { usePasswordToggle } from '../../../components/form/password-toggle';
import { applyServerFieldErrors } from '../../../components/form/server-field-errors';
import { TextBox } from '../../../components/form/text-box';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { useSnackbar } from '../../../components/snackbar/snackbar-context';
import { useLogin } from '../api/login';
import { setAuthStatus, setPendingLogin } from '../session-store';
import { useCompleteLogin } from './use-complete-login';

/**
 * Username and password; a second factor, when on, continues on /verification. The first
 * page's form: useSchemaForm instead of react-hook-form (see there), with the same behaviour.
 */
export function LoginForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { show } = useSnackbar();
  const login = useLogin();
  const completeLogin = useCompleteLogin();
  const { field, handleSubmit, setError, isSubmitting } = useSchemaForm(loginForm, {
    username: '',
    password: '',
  });
  const passwordToggle = usePasswordToggle();

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
    // method="post": the prerendered form (src/prerender/) submitted before the app can handle it
    // never puts the password in a URL.
    <Stack component="form" method="post" noValidate onSubmit={handleLogin} spacing={2.5}>
      <TextBox {...field('username')} label={t('auth.username')} autoComplete="username" fullWidth />
      <TextBox
        {...field('password')}
        {...passwordToggle}
        label={t('auth.password')}
        autoComplete="current-password"
        fullWidth
      />
      <Link component={RouterLink} to={paths.reset} variant="body2" sx={{ alignSelf: 'flex-end' }}>
        {t('auth.forgottenPassword')}
      </Link>
      <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
        {t('auth.login')}
      </Button>
      <Typography variant="body2" color="textSecondary" sx={{ textAlign: 'center' }}>
        {t('auth.noAccount')}{' '}
        <Link component={RouterLink} to={paths.register}>
          {t('auth.register')}
        </Link>
      </Typography>
    </Stack>
  );
}
