import type { Account } from '@geows/contract';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateWorkspace } from '../api/create-workspace';
import { WorkspaceDetailsForm } from './workspace-details-form';

/** The account page's Create Workspace dialog; closes once the workspace exists (the list refreshes). */
export function CreateWorkspaceDialog({
  account,
  open,
  onClose,
}: {
  account: Account;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const createWorkspace = useCreateWorkspace();
  const formId = useId();
  const titleId = useId();

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('account.createWorkspace')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2.5 }}>
          {t('account.newWorkspace', { account: account.name })}
        </DialogContentText>
        <WorkspaceDetailsForm
          id={formId}
          autoFocus
          onSubmit={async (values) => {
            await createWorkspace.mutateAsync({ ...values, admin: account.admin, account: account.id });
            onClose();
          }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose}>{t('account.cancel')}</Button>
        <Button type="submit" form={formId} variant="contained" disabled={createWorkspace.isPending}>
          {t('account.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
