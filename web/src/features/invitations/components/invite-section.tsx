import type { Invitation } from '@geows/contract';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import MailIcon from '@mui/icons-material/MailOutlined';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../components/form/error-text';
import { useSnackbar } from '../../../components/snackbar/snackbar-context';
import { ItemList, ItemRow } from '../../../components/ui/item-list';
import { SectionCard } from '../../../components/ui/section-card';
import { useDeleteInvitation } from '../api/delete-invitation';
import { useWorkspaceInvitations } from '../api/get-workspace-invitations';
import { formatDate } from '../format-date';
import { InviteForm } from './invite-form';

/** An address that, when it must wrap, wraps before its @ rather than mid-domain. */
function Address({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

/** A workspace's invitations, for its admin and editors: the form, and who is invited already. */
export function InviteSection({ workspaceId }: { workspaceId: number }) {
  const { t, i18n } = useTranslation();
  const { show } = useSnackbar();
  const { data: invitations = [], isPending } = useWorkspaceInvitations(workspaceId);
  const deleteInvitation = useDeleteInvitation();

  const handleDelete = (invitation: Invitation) =>
    deleteInvitation.mutateAsync(invitation).catch((error) => show(errorText(error, t), 'error'));

  return (
    <SectionCard title={t('invitations.title')} intro={t('invitations.intro')}>
      <Stack spacing={3}>
        <InviteForm workspaceId={workspaceId} />
        {isPending ? (
          <Skeleton variant="rounded" height={64} />
        ) : invitations.length === 0 ? (
          <Typography color="textSecondary">{t('invitations.empty')}</Typography>
        ) : (
          <ItemList label={t('invitations.list')}>
            {invitations.map((invitation) => (
              <ItemRow
                key={invitation.id}
                icon={<MailIcon aria-hidden />}
                primary={<Address email={invitation.email} />}
                secondary={t('invitations.invited', {
                  date: formatDate(invitation.created, i18n.resolvedLanguage ?? 'en'),
                })}
                actions={
                  <IconButton
                    aria-label={t('invitations.delete')}
                    title={t('invitations.delete')}
                    onClick={() => void handleDelete(invitation)}
                    disabled={deleteInvitation.isPending}
                  >
                    <DeleteIcon />
                  </IconButton>
                }
              />
            ))}
          </ItemList>
        )}
      </Stack>
    </SectionCard>
  );
}
