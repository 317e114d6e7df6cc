import { changePasswordForm } from '@geows/contract';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { NewPasswordFields } from '../../../components/form/new-password-fields';
import { PasswordField } from '../../../components/form/password-field';
import { applyServerFieldErrors } from '../../../components/form/server-field-errors';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useSnackbar } from '../../../components/snackbar/snackbar-context';
import { SectionCard } from '../../../components/ui/section-card';
import { useChangePassword } from '../api/change-password';

const emptyValues = { current_password: '', password: '', confirmPassword: '' };

/** Current password (docs/decisions.md, "Identity and security"), New password, Confirm Password. */
export function ChangePasswordForm({ username }: { username: string | undefined }) {
  const { t } = useTranslation();
  const { show } = useSnackbar();
  const changePassword = useChangePassword();
  const { control, handleSubmit, reset, setError, formState } = useZodForm(changePasswordForm, {
    defaultValues: emptyValues,
  });

  const handleChange = handleSubmit(async ({ current_password, password }) => {
    try {
      await changePassword.mutateAsync({ password, currentPassword: current_password });
      reset(emptyValues);
      show(t('profile.passwordChanged'));
    } catch (error) {
      // The product asks for 'Something went wrong' (docs/product.md, "Errors and messages"); the
      // server's reason (a policy, say) goes under its field.
      applyServerFieldErrors(error, ['current_password', 'password'], setError);
      show(t('profile.failed'), 'error');
    }
  });

  return (
    <SectionCard title={t('profile.changePassword')}>
      <Stack component="form" noValidate onSubmit={handleChange} spacing={2.5}>
        {/* Lets password managers file the new password under the right account. */}
        <input type="text" name="username" value={username ?? ''} autoComplete="username" readOnly hidden />
        <PasswordField
          control={control}
          name="current_password"
          label={t('profile.currentPassword')}
          autoComplete="current-password"
        />
        <NewPasswordFields
          control={control}
          passwordLabel={t('profile.newPassword')}
          confirmLabel={t('profile.confirmPassword')}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={formState.isSubmitting}
          sx={{ alignSelf: 'flex-end' }}
        >
          {t('profile.changePassword')}
        </Button>
      </Stack>
    </SectionCard>
  );
}
