import { paths, registerForm } from '@geows/contract';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ApiError } from '../../../api/api-error';
import { FormTextField } from '../../../components/form/form-text-field';
import { NewPasswordFields } from '../../../components/form/new-password-fields';
import { applyServerFieldErrors } from '../../../components/form/server-field-errors';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useSnackbar } from '../../../components/snackbar/snackbar-context';
import { useRegister } from '../api/register';
import { registerErrorMessages } from '../register-errors';
import { AuthCard, AuthPage } from './auth-card';

const fields = ['username', 'email', 'password'] as const;

/** Registration (docs/product.md, "Screens"): on success the activation mail is on its way. */
export function RegisterScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { show, enqueue } = useSnackbar();
  const register = useRegister();
  const { control, handleSubmit, setError, formState } = useZodForm(registerForm, {
    defaultValues: { username: '', email: '', password: '', confirmPassword: '' },
  });

  const handleRegister = handleSubmit(async ({ username, email, password }) => {
    try {
      await register.mutateAsync({ username, email, password });
      show(t('register.checkEmail'));
      await navigate(paths.activate);
    } catch (error) {
      applyServerFieldErrors(error, fields, setError);
      const body = error instanceof ApiError ? error.body : null;
      const [first, ...rest] = registerErrorMessages(body, t('errors.network'));
      show(first ?? t('errors.network'), 'error');
      for (const text of rest) enqueue(text, 'error');
    }
  });

  return (
    <AuthPage>
      <AuthCard title={t('register.title')} intro={t('register.intro')}>
        <Stack component="form" noValidate onSubmit={handleRegister} spacing={2.5}>
          <FormTextField
            control={control}
            name="username"
            label={t('auth.username')}
            autoComplete="username"
          />
          <FormTextField
            control={control}
            name="email"
            type="email"
            label={t('register.email')}
            autoComplete="email"
          />
          <NewPasswordFields
            control={control}
            passwordLabel={t('auth.password')}
            confirmLabel={t('register.confirmPassword')}
          />
          <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting}>
            {t('register.submit')}
          </Button>
          <Typography variant="body2" color="textSecondary" sx={{ textAlign: 'center' }}>
            {t('register.haveAccount')}{' '}
            <Link component={RouterLink} to={paths.login}>
              {t('register.logIn')}
            </Link>
          </Typography>
        </Stack>
      </AuthCard>
    </AuthPage>
  );
}
