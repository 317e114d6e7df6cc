import { createInvitationRequest } from '@geows/contract';
import SendIcon from '@mui/icons-material/SendOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../components/form/error-text';
import { FormTextField } from '../../../components/form/form-text-field';
import { applyServerFieldErrors } from '../../../components/form/server-field-errors';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useSnackbar } from '../../../components/snackbar/snackbar-context';
import { useCreateInvitation } from '../api/create-invitation';

const inviteForm = createInvitationRequest.pick({ email: true });

/** E-mail and Invite: the invitee gets a mail and finds the workspace under Shared Workspaces. */
export function InviteForm({ workspaceId }: { workspaceId: number }) {
  const { t } = useTranslation();
  const { show } = useSnackbar();
  const createInvitation = useCreateInvitation();
  const { control, handleSubmit, setError, reset, formState } = useZodForm(inviteForm, {
    defaultValues: { email: '' },
  });

  const handleInvite = handleSubmit(async ({ email }) => {
    try {
      await createInvitation.mutateAsync({ workspace: workspaceId, email });
      reset();
      show(t('invitations.sent', { email }));
    } catch (error) {
      // "This address is already invited…" belongs under the field; anything else in the snackbar.
      if (!applyServerFieldErrors(error, ['email'], setError)) show(errorText(error, t), 'error');
    }
  });

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={handleInvite}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' } }}
    >
      <FormTextField
        control={control}
        name="email"
        type="email"
        label={t('invitations.email')}
        autoComplete="off"
      />
      <Button
        type="submit"
        variant="contained"
        startIcon={<SendIcon />}
        disabled={formState.isSubmitting}
        sx={{ flexShrink: 0, height: 56, px: 3 }}
      >
        {t('invitations.submit')}
      </Button>
    </Stack>
  );
}
