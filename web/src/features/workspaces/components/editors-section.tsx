import type { Workspace, WorkspaceEditor } from '@geows/contract';
import PersonAddIcon from '@mui/icons-material/PersonAddOutlined';
import PersonIcon from '@mui/icons-material/PersonOutlined';
import PersonRemoveIcon from '@mui/icons-material/PersonRemoveOutlined';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { EmailActionForm } from '../../../components/form/email-action-form';
import { errorText } from '../../../components/form/error-text';
import { useSnackbar } from '../../../components/snackbar/snackbar-context';
import { ItemList, ItemRow } from '../../../components/ui/item-list';
import { SectionCard } from '../../../components/ui/section-card';
import { useAddEditor } from '../api/add-editor';
import { useEditors } from '../api/get-editors';
import { useRemoveEditor } from '../api/remove-editor';

function AddEditorForm({ workspaceId }: { workspaceId: number }) {
  const { t } = useTranslation();
  const { show } = useSnackbar();
  const addEditor = useAddEditor(workspaceId);
  // "No active user has this address", "already an editor": under the field.
  return (
    <EmailActionForm
      label={t('sharing.email')}
      submitLabel={t('sharing.addEditor')}
      icon={<PersonAddIcon />}
      onSubmit={async (email) => {
        const editor = await addEditor.mutateAsync(email);
        show(t('sharing.editorAdded', { username: editor.username }));
      }}
    />
  );
}

/**
 * Who may edit the workspace. Its admin adds editors by e-mail and removes them; editors
 * see the list only.
 */
export function EditorsSection({ workspace }: { workspace: Workspace }) {
  const { t } = useTranslation();
  const { show } = useSnackbar();
  const isAdmin = workspace.rights === 'admin';
  const { data: editors = [], isPending } = useEditors(workspace.id);
  const removeEditor = useRemoveEditor(workspace.id);

  const handleRemove = async (editor: WorkspaceEditor) => {
    try {
      await removeEditor.mutateAsync(editor.user);
      show(t('sharing.editorRemoved', { username: editor.username }));
    } catch (error) {
      show(errorText(error, t), 'error');
    }
  };

  return (
    <SectionCard
      title={t('sharing.editorsTitle')}
      intro={isAdmin ? t('sharing.editorsIntroAdmin') : t('sharing.editorsIntro')}
    >
      <Stack spacing={3}>
        {isAdmin && <AddEditorForm workspaceId={workspace.id} />}
        {isPending ? (
          <Skeleton variant="rounded" height={64} />
        ) : editors.length === 0 ? (
          <Typography color="textSecondary">{t('sharing.editorsEmpty')}</Typography>
        ) : (
          <ItemList label={t('sharing.editors')}>
            {editors.map((editor) => (
              <ItemRow
                key={editor.user}
                icon={<PersonIcon aria-hidden />}
                primary={editor.username}
                secondary={editor.email}
                actions={
                  isAdmin && (
                    <IconButton
                      aria-label={t('sharing.removeEditor', { username: editor.username })}
                      title={t('sharing.removeEditor', { username: editor.username })}
                      onClick={() => void handleRemove(editor)}
                      disabled={removeEditor.isPending}
                    >
                      <PersonRemoveIcon />
                    </IconButton>
                  )
                }
              />
            ))}
          </ItemList>
        )}
      </Stack>
    </SectionCard>
  );
}
