import { paths, resetForm } from '@geows/contract';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText } from '../../../components/form/error-text';
import { FormTextField } from '../../../components/form/form-text-field';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useSnackbar } from '../../../components/snackbar/snackbar-context';
import { useRequestReset } from '../api/request-reset';
import { AuthCard, AuthPage, BackToLogin } from './auth-card';

/** Reset request (docs/product.md, "Screens"): mails a link, then goes home. */
export function ResetScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { show } = useSnackbar();
  const requestReset = useRequestReset();
  const { control, handleSubmit, formState } = useZodForm(resetForm, { defaultValues: { email: '' } });

  const handleReset = handleSubmit(async ({ email }) => {
    try {
      // `site` tells the server which of its origins the link in the mail should open.
      await requestReset.mutateAsync({ email, site: window.location.origin });
      show(t('reset.success'));
      await navigate(paths.home);
    } catch (error) {
      show(errorText(error, t), 'error');
    }
  });

  return (
    <AuthPage>
      <AuthCard title={t('reset.title')} intro={t('reset.intro')}>
        <Stack component="form" noValidate onSubmit={handleReset} spacing={2.5}>
          <FormTextField
            control={control}
            name="email"
            type="email"
            label={t('reset.email')}
            autoComplete="email"
          />
          <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting}>
            {t('reset.submit')}
          </Button>
          <BackToLogin />
        </Stack>
      </AuthCard>
    </AuthPage>
  );
}
