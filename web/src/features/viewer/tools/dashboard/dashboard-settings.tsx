import { readWorkspacePlugins } from '@geows/contract';
import SaveIcon from '@mui/icons-material/SaveOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextBox } from '../../../../components/form/text-box';
import { useZodForm } from '../../../../components/form/use-zod-form';
import { useSnackbar } from '../../../../components/snackbar/snackbar-context';
import { SectionCard } from '../../../../components/ui/section-card';
import { SaveProblemAlert } from '../save-problem-alert';
import type { ToolSettingsProps } from '../tool';
import { useSavePlugin } from '../use-save-plugin';
import { dashboardBi, dashboardForm, needsReload } from './dashboard-url';

const reloadPage = () => window.location.reload();

/**
 * The dashboard's address in the editor's Details tab. Saved as the whole plugins text
 * with `bi.url` replaced (other keys as read), on the workspace's latest known version:
 * someone else's change meanwhile is a 409 with Reload, never overwritten. A new
 * dashboard origin reloads the page, whose Content-Security-Policy frames only the
 * origin it was loaded with.
 */
export function DashboardSettings({
  workspace,
  reload = reloadPage,
}: ToolSettingsProps & { reload?: () => void }) {
  const { t } = useTranslation();
  const { show } = useSnackbar();
  const savedUrl = readWorkspacePlugins(workspace.workspacePlugins).bi.url;
  const [reloading, setReloading] = useState(false);
  const { control, handleSubmit, setError, reset, formState } = useZodForm(dashboardForm, {
    defaultValues: { url: savedUrl },
  });
  const {
    current,
    save,
    locked,
    problem,
    clearProblem,
    reload: reloadWorkspace,
  } = useSavePlugin(workspace, 'bi', {
    onRefused: (message) => setError('url', { type: 'server', message }),
  });
  const { field, fieldState } = useController({ control, name: 'url' });

  // A dashboard saved elsewhere (another tab, a reload after a conflict) replaces an untouched field.
  useEffect(() => {
    if (!formState.isDirty) reset({ url: savedUrl });
  }, [savedUrl, formState.isDirty, reset]);

  const handleSave = handleSubmit(async ({ url }) => {
    const updated = await save(dashboardBi(current.workspacePlugins, url));
    if (!updated) return;
    reset({ url: readWorkspacePlugins(updated.workspacePlugins).bi.url });
    if (needsReload(savedUrl, url)) {
      setReloading(true);
      reload();
    } else show(t('dashboard.saved'));
  });

  const handleReload = async () => {
    const fresh = await reloadWorkspace();
    if (fresh) reset({ url: readWorkspacePlugins(fresh.workspacePlugins).bi.url });
  };

  // The contract's rule reads "must be …"; the server's messages are whole sentences already.
  const error = fieldState.error?.message;
  const errorText =
    error === undefined
      ? undefined
      : fieldState.error?.type === 'server'
        ? error
        : t('dashboard.invalid', { message: error });

  return (
    <SectionCard title={t('dashboard.settingsTitle')} intro={t('dashboard.settingsIntro')}>
      <Stack component="form" noValidate onSubmit={handleSave} spacing={2.5}>
        {reloading && <Alert severity="info">{t('dashboard.reloading')}</Alert>}
        {problem && (
          <SaveProblemAlert problem={problem} onReload={() => void handleReload()} onClose={clearProblem} />
        )}
        <TextBox
          name={field.name}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          label={t('dashboard.url')}
          type="url"
          autoComplete="off"
          placeholder="https://"
          error={Boolean(errorText)}
          helperText={errorText ?? t('dashboard.urlHelp')}
          fullWidth
        />
        <Button
          type="submit"
          variant="contained"
          startIcon={<SaveIcon />}
          disabled={formState.isSubmitting || reloading || locked}
          sx={{ alignSelf: { sm: 'flex-end' } }}
        >
          {t('dashboard.save')}
        </Button>
      </Stack>
    </SectionCard>
  );
}
