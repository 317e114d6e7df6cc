import SendIcon from '@mui/icons-material/SendOutlined';
import { useTranslation } from 'react-i18next';
import { EmailActionForm } from '../../../components/form/email-action-form';
import { useSnackbar } from '../../../components/snackbar/snackbar-context';
import { useCreateInvitation } from '../api/create-invitation';

/** E-mail and Invite: the invitee gets a mail and finds the workspace under Shared Workspaces. */
export function InviteForm({ workspaceId }: { workspaceId: number }) {
  const { t } = useTranslation();
  const { show } = useSnackbar();
  const createInvitation = useCreateInvitation();
  return (
    <EmailActionForm
      label={t('invitations.email')}
      submitLabel={t('invitations.submit')}
      icon={<SendIcon />}
      onSubmit={async (email) => {
        await createInvitation.mutateAsync({ workspace: workspaceId, email });
        show(t('invitations.sent', { email }));
      }}
    />
  );
}
