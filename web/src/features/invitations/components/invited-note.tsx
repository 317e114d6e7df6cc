import type { Invitation } from '@geows/contract';
import MailIcon from '@mui/icons-material/MarkEmailReadOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useTranslation } from 'react-i18next';
import { invitedWorkspaces } from '../invited-destination';

/**
 * On the way to a first account: who invited the user where, and why an account comes
 * first (a shared workspace opens for members of an account, even only to look at it).
 * Nothing when nobody invited them.
 */
export function InvitedNote({ invitations }: { invitations: readonly Invitation[] }) {
  const { t, i18n } = useTranslation();
  const workspaces = invitedWorkspaces(invitations);
  const [only] = workspaces;
  if (!only) return null;
  const names = new Intl.ListFormat(i18n.resolvedLanguage ?? 'en', { type: 'conjunction' }).format(
    workspaces.map(({ name }) => `“${name}”`),
  );
  const several = workspaces.length > 1;
  return (
    // A status, not a second alert: it tells where the user is headed, nothing went wrong.
    <Alert severity="info" role="status" icon={<MailIcon />} sx={{ overflowWrap: 'anywhere' }}>
      <AlertTitle>
        {several
          ? t('invitations.invitedToSeveral', { names })
          : t('invitations.invitedTo', { name: only.name })}
      </AlertTitle>
      {several ? t('invitations.accountOpensSeveral') : t('invitations.accountOpensOne')}
    </Alert>
  );
}
