import { type UserGroup, userGroupForm } from '@geows/contract';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import GroupIcon from '@mui/icons-material/GroupsOutlined';
import PeopleIcon from '@mui/icons-material/PeopleOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form/form-text-field';
import { applyServerFieldErrors } from '../../../components/form/server-field-errors';
import { useZodForm } from '../../../components/form/use-zod-form';
import { EmptyState, ItemList, ItemRow } from '../../../components/ui/item-list';
import { Screen } from '../../../components/ui/screen';
import { SectionCard } from '../../../components/ui/section-card';
import { useRouteLoading } from '../../../lib/use-route-loading';
import { useActiveAccount } from '../../accounts';
import { useCreateUserGroup } from '../api/create-user-group';
import { useDeleteUserGroup } from '../api/delete-user-group';
import { useUserGroups } from '../api/get-user-groups';
import { formatIsoDay } from '../format-date';
import { MembersDialog } from './members-dialog';

/**
 * /usergroups (docs/product.md, "Screens"): the active account's user groups with their
 * modified date (YYYY-MM-DD), a confirmed delete and their members; a form to create one.
 * Create and delete failures are only logged (docs/product.md, "Errors and messages").
 */
export function UserGroupsScreen() {
  const { t } = useTranslation();
  const { activeAccount } = useActiveAccount();
  const groups = useUserGroups(activeAccount?.id);
  const createGroup = useCreateUserGroup();
  const deleteGroup = useDeleteUserGroup();
  const [deleting, setDeleting] = useState<UserGroup | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [membersOf, setMembersOf] = useState<UserGroup | null>(null);
  const [membersOpen, setMembersOpen] = useState(false);
  const dialogTitleId = useId();
  const { control, handleSubmit, reset, setError } = useZodForm(userGroupForm, {
    defaultValues: { name: '' },
  });
  useRouteLoading(activeAccount !== null && groups.isPending);

  useEffect(() => {
    if (groups.error) console.warn('The user groups could not be loaded', groups.error);
  }, [groups.error]);

  const handleCreate = handleSubmit(async ({ name }) => {
    if (!activeAccount) return;
    try {
      await createGroup.mutateAsync({ name, account: activeAccount.id });
      reset({ name: '' });
    } catch (error) {
      applyServerFieldErrors(error, ['name'], setError);
      console.warn('The user group could not be created', error);
    }
  });

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteGroup.mutateAsync(deleting.id);
    } catch (error) {
      console.warn('The user group could not be deleted', error);
    }
    setDeleteOpen(false);
  };

  const list = groups.error ? [] : (groups.data ?? []);
  const loading = groups.isPending || createGroup.isPending;

  return (
    <Screen title={t('userGroups.title')} intro={t('userGroups.intro')}>
      <Stack spacing={3}>
        <SectionCard title={t('userGroups.newGroup')}>
          <Stack
            component="form"
            noValidate
            onSubmit={handleCreate}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' } }}
          >
            <FormTextField control={control} name="name" label={t('userGroups.name')} autoComplete="off" />
            <Button
              type="submit"
              variant="contained"
              startIcon={<AddIcon />}
              disabled={loading}
              sx={{ flexShrink: 0, height: 56, px: 3 }}
            >
              {t('userGroups.create')}
            </Button>
          </Stack>
        </SectionCard>
        {groups.isPending && activeAccount ? (
          <Skeleton variant="rounded" height={120} />
        ) : list.length === 0 ? (
          <EmptyState icon={<GroupIcon />} text={t('userGroups.empty')} />
        ) : (
          <ItemList label={t('userGroups.list')}>
            {list.map((group) => (
              <ItemRow
                key={group.id}
                icon={<GroupIcon aria-hidden />}
                primary={group.name}
                secondary={`${formatIsoDay(group.date_modified)} · ${t('userGroups.memberCount', { count: group.members })}`}
                actions={
                  <>
                    <Button
                      variant="outlined"
                      size="small"
                      startIcon={<PeopleIcon aria-hidden />}
                      aria-label={t('userGroups.members')}
                      onClick={() => {
                        setMembersOf(group);
                        setMembersOpen(true);
                      }}
                    >
                      {t('userGroups.members')}
                    </Button>
                    <IconButton
                      aria-label={t('userGroups.delete')}
                      title={t('userGroups.delete')}
                      onClick={() => {
                        setDeleting(group);
                        setDeleteOpen(true);
                      }}
                    >
                      <DeleteIcon />
                    </IconButton>
                  </>
                }
              />
            ))}
          </ItemList>
        )}
      </Stack>
      <Dialog
        open={deleteOpen}
        onClose={() => setDeleteOpen(false)}
        maxWidth={false}
        aria-labelledby={dialogTitleId}
        slotProps={{ paper: { sx: { maxWidth: 500 } } }}
      >
        <DialogTitle id={dialogTitleId}>{t('userGroups.deleteTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ overflowWrap: 'anywhere' }}>
            {t('userGroups.confirmDelete', { name: deleting?.name ?? '' })}
          </DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={() => setDeleteOpen(false)} disabled={deleteGroup.isPending}>
            {t('userGroups.cancel')}
          </Button>
          <Button
            variant="contained"
            color="error"
            onClick={() => void confirmDelete()}
            disabled={deleteGroup.isPending}
          >
            {t('userGroups.delete')}
          </Button>
        </DialogActions>
      </Dialog>
      {membersOf && (
        <MembersDialog
          key={membersOf.id}
          group={membersOf}
          open={membersOpen}
          onClose={() => setMembersOpen(false)}
        />
      )}
    </Screen>
  );
}
