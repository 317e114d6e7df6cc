import type { UserGroup, UserGroupMember } from '@geows/contract';
import PersonAddIcon from '@mui/icons-material/PersonAddOutlined';
import PersonIcon from '@mui/icons-material/PersonOutlined';
import PersonRemoveIcon from '@mui/icons-material/PersonRemoveOutlined';
import ScheduleIcon from '@mui/icons-material/ScheduleOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { EmailActionForm } from '../../../components/form/email-action-form';
import { errorText } from '../../../components/form/error-text';
import { useSnackbar } from '../../../components/snackbar/snackbar-context';
import { ItemList, ItemRow } from '../../../components/ui/item-list';
import { useAddMember } from '../api/add-member';
import { useMembers } from '../api/get-members';
import { useRemoveMember } from '../api/remove-member';

/**
 * A group's members: add one by e-mail (someone without a login waits for registration),
 * remove one. The server's reason for refusing an address shows under the field.
 */
export function MembersDialog({
  group,
  open,
  onClose,
}: {
  group: UserGroup;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { show } = useSnackbar();
  const titleId = useId();
  const members = useMembers(open ? group.id : undefined);
  const addMember = useAddMember(group.id);
  const removeMember = useRemoveMember(group.id);

  const handleRemove = (member: UserGroupMember) =>
    removeMember.mutateAsync(member.id).catch((error) => show(errorText(error, t), 'error'));

  const list = members.data ?? [];

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {t('userGroups.membersTitle', { name: group.name })}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2.5}>
          <DialogContentText>{t('userGroups.membersIntro')}</DialogContentText>
          <Box sx={{ pt: 1 }}>
            <EmailActionForm
              label={t('userGroups.email')}
              submitLabel={t('userGroups.add')}
              icon={<PersonAddIcon />}
              onSubmit={(email) => addMember.mutateAsync(email)}
            />
          </Box>
          {members.isPending ? (
            <Skeleton variant="rounded" height={64} />
          ) : list.length === 0 ? (
            <Typography color="textSecondary">{t('userGroups.noMembers')}</Typography>
          ) : (
            <ItemList label={t('userGroups.memberList')}>
              {list.map((member) => (
                <ItemRow
                  key={member.id}
                  icon={member.user === null ? <ScheduleIcon aria-hidden /> : <PersonIcon aria-hidden />}
                  primary={member.email}
                  secondary={member.user === null ? t('userGroups.pending') : (member.username ?? undefined)}
                  actions={
                    <IconButton
                      aria-label={t('userGroups.remove')}
                      title={t('userGroups.remove')}
                      onClick={() => void handleRemove(member)}
                      disabled={removeMember.isPending}
                    >
                      <PersonRemoveIcon />
                    </IconButton>
                  }
                />
              ))}
            </ItemList>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose}>{t('userGroups.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
