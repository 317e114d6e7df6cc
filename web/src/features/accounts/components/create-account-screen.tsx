import { accountForm, paths } from '@geows/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { responseBodyText } from '../../../components/form/error-text';
import { FormTextField } from '../../../components/form/form-text-field';
import { applyServerFieldErrors } from '../../../components/form/server-field-errors';
import { useZodForm } from '../../../components/form/use-zod-form';
import { Screen } from '../../../components/ui/screen';
import { useAuthUser } from '../../auth';
import { InvitedNote, invitedDestination, useMyInvitations } from '../../invitations';
import { useCreateAccount } from '../api/create-account';
import { useAccounts } from '../api/get-accounts';

/**
 * /account/create (docs/product.md, "Screens"): name and description; errors in a
 * dismissible red alert; success reloads the accounts and opens /accounts. Someone
 * invited to a workspace before they had an account (guard 7 sends them here first) is
 * told so, and their first account brings them to that workspace instead.
 */
export function CreateAccountScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: user } = useAuthUser();
  const { data: accounts } = useAccounts();
  const firstAccount = accounts?.length === 0;
  const { data: invitations = [] } = useMyInvitations({ enabled: firstAccount });
  const createAccount = useCreateAccount();
  const [message, setMessage] = useState<string | null>(null);
  const { control, handleSubmit, setError, formState } = useZodForm(accountForm, {
    defaultValues: { name: '', description: '' },
  });

  const handleCreate = handleSubmit(async (values) => {
    if (!user) return;
    setMessage(null);
    // Decided before the accounts reload: afterwards this is no longer a first account.
    const destination = (firstAccount && invitedDestination(invitations)) || paths.accounts;
    try {
      await createAccount.mutateAsync({ ...values, admin: user.id });
      await navigate(destination);
    } catch (error) {
      applyServerFieldErrors(error, ['name', 'description'], setError);
      setMessage(responseBodyText(error, t));
    }
  });

  return (
    <Screen maxWidth="sm" title={t('createAccount.title')} intro={t('createAccount.intro')}>
      <Stack spacing={3}>
        {firstAccount && <Alert severity="warning">{t('createAccount.noAccount')}</Alert>}
        {firstAccount && <InvitedNote invitations={invitations} />}
        <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 3 }}>
          <Stack component="form" noValidate onSubmit={handleCreate} spacing={2.5}>
            {message && (
              <Alert severity="error" onClose={() => setMessage(null)} sx={{ whiteSpace: 'pre-line' }}>
                {message}
              </Alert>
            )}
            <FormTextField control={control} name="name" label={t('createAccount.name')} autoComplete="off" />
            <FormTextField
              control={control}
              name="description"
              label={t('createAccount.description')}
              multiline
              minRows={3}
            />
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={!user || formState.isSubmitting}
              sx={{ alignSelf: { sm: 'flex-end' } }}
            >
              {t('createAccount.submit')}
            </Button>
          </Stack>
        </Paper>
      </Stack>
    </Screen>
  );
}
