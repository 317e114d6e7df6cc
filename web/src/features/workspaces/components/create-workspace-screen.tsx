import { paths, pathTo } from '@geows/contract';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Screen } from '../../../components/ui/screen';
import { useActiveAccount } from '../../accounts';
import { useCreateWorkspace } from '../api/create-workspace';
import { WorkspaceDetailsForm } from './workspace-details-form';

/** /workspace/create: the Create Workspace form as a page, for the active account; success opens the editor. */
export function CreateWorkspaceScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formId = useId();
  const { activeAccount } = useActiveAccount();
  const createWorkspace = useCreateWorkspace();
  if (!activeAccount) return null;

  return (
    <Screen
      maxWidth="sm"
      title={t('workspace.createTitle')}
      intro={t('workspace.createIntro', { account: activeAccount.name })}
    >
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 3 }}>
        <WorkspaceDetailsForm
          id={formId}
          onSubmit={async (values) => {
            const created = await createWorkspace.mutateAsync({
              ...values,
              admin: activeAccount.admin,
              account: activeAccount.id,
            });
            await navigate(pathTo(paths.editWorkspace, { id: created.id }));
          }}
        >
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={createWorkspace.isPending}
            sx={{ alignSelf: { sm: 'flex-end' } }}
          >
            {t('account.createWorkspace')}
          </Button>
        </WorkspaceDetailsForm>
      </Paper>
    </Screen>
  );
}
