import { type Workspace, workspaceForm } from '@geows/contract';
import SaveIcon from '@mui/icons-material/SaveOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/api-error';
import { responseBodyText } from '../../../components/form/error-text';
import { FormTextField } from '../../../components/form/form-text-field';
import { applyServerFieldErrors } from '../../../components/form/server-field-errors';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useSnackbar } from '../../../components/snackbar/snackbar-context';
import { SectionCard } from '../../../components/ui/section-card';
import { useWorkspace } from '../api/get-workspace';
import { useUpdateWorkspace } from '../api/update-workspace';

const valuesOf = (workspace: Workspace) => ({ name: workspace.name, description: workspace.description });

/**
 * Name and description, for the admin and editors. A change is sent with the version it
 * was made on; when someone else changed the workspace meanwhile (409) the server's text
 * shows with Reload, which fetches the workspace again and starts over from it: a stale
 * edit never overwrites anything.
 */
export function DetailsSection({ workspace }: { workspace: Workspace }) {
  const { t } = useTranslation();
  const { show } = useSnackbar();
  const { refetch, isRefetching } = useWorkspace(workspace.id);
  const updateWorkspace = useUpdateWorkspace(workspace.id);
  // The version the form's values came from: sent with the change, whatever arrives later.
  const [baseVersion, setBaseVersion] = useState(workspace.version);
  const [message, setMessage] = useState<{ text: string; conflict: boolean } | null>(null);
  const { control, handleSubmit, setError, reset, formState } = useZodForm(workspaceForm, {
    defaultValues: valuesOf(workspace),
  });

  // A newer workspace (saved elsewhere on the page, e.g. the view) replaces untouched values.
  useEffect(() => {
    if (workspace.version !== baseVersion && !formState.isDirty && !message?.conflict) {
      setBaseVersion(workspace.version);
      reset(valuesOf(workspace));
    }
  }, [workspace, baseVersion, formState.isDirty, message, reset]);

  const handleSave = handleSubmit(async (values) => {
    setMessage(null);
    try {
      const updated = await updateWorkspace.mutateAsync({ version: baseVersion, ...values });
      setBaseVersion(updated.version);
      reset(valuesOf(updated));
      show(t('sharing.saved'));
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setMessage({ text: error.message, conflict: true });
      } else if (!applyServerFieldErrors(error, ['name', 'description'], setError)) {
        setMessage({ text: responseBodyText(error, t), conflict: false });
      }
    }
  });

  const handleReload = async () => {
    const { data } = await refetch();
    if (!data) return;
    setMessage(null);
    setBaseVersion(data.version);
    reset(valuesOf(data));
  };

  return (
    <SectionCard title={t('sharing.detailsTitle')} intro={t('sharing.detailsIntro')}>
      <Stack component="form" noValidate onSubmit={handleSave} spacing={2.5}>
        {message && (
          <Alert
            severity={message.conflict ? 'warning' : 'error'}
            onClose={message.conflict ? undefined : () => setMessage(null)}
            action={
              message.conflict && (
                <Button
                  color="inherit"
                  size="small"
                  onClick={() => void handleReload()}
                  disabled={isRefetching}
                >
                  {t('sharing.reload')}
                </Button>
              )
            }
            sx={{ whiteSpace: 'pre-line' }}
          >
            {message.text}
          </Alert>
        )}
        <FormTextField control={control} name="name" label={t('account.name')} autoComplete="off" />
        <FormTextField
          control={control}
          name="description"
          label={t('account.description')}
          multiline
          minRows={2}
        />
        <Button
          type="submit"
          variant="contained"
          startIcon={<SaveIcon />}
          disabled={formState.isSubmitting || Boolean(message?.conflict)}
          sx={{ alignSelf: { sm: 'flex-end' } }}
        >
          {t('sharing.save')}
        </Button>
      </Stack>
    </SectionCard>
  );
}
