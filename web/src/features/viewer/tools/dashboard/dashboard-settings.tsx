import { readWorkspacePlugins } from '@geows/contract';
import SaveIcon from '@mui/icons-material/SaveOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../api/api-error';
import { responseBodyText } from '../../../../components/form/error-text';
import { TextBox } from '../../../../components/form/text-box';
import { useZodForm } from '../../../../components/form/use-zod-form';
import { useSnackbar } from '../../../../components/snackbar/snackbar-context';
import { SectionCard } from '../../../../components/ui/section-card';
import { viewerWorkspaceQueryOptions } from '../../api/get-workspace';
import { useSavePlugins } from '../save-plugins';
import type { ToolSettingsProps } from '../tool';
import { dashboardForm, needsReload, withDashboardUrl } from './dashboard-url';

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
  const queryClient = useQueryClient();
  const save = useSavePlugins(workspace.id);
  const savedUrl = readWorkspacePlugins(workspace.workspacePlugins).bi.url;
  const [message, setMessage] = useState<{ text: string; severity: 'error' | 'warning' | 'info' } | null>(
    null,
  );
  const [reloading, setReloading] = useState(false);
  const { control, handleSubmit, setError, reset, formState } = useZodForm(dashboardForm, {
    defaultValues: { url: savedUrl },
  });
  const { field, fieldState } = useController({ control, name: 'url' });

  // A dashboard saved elsewhere (another tab, a reload after a conflict) replaces an untouched field.
  useEffect(() => {
    if (!formState.isDirty) reset({ url: savedUrl });
  }, [savedUrl, formState.isDirty, reset]);

  const handleSave = handleSubmit(async ({ url }) => {
    setMessage(null);
    try {
      const updated = await save.mutateAsync({
        version: workspace.version,
        workspacePlugins: withDashboardUrl(workspace.workspacePlugins, url),
      });
      reset({ url: readWorkspacePlugins(updated.workspacePlugins).bi.url });
      if (needsReload(savedUrl, url)) {
        setReloading(true);
        setMessage({ text: t('dashboard.reloading'), severity: 'info' });
        reload();
      } else show(t('dashboard.saved'));
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setMessage({ text: error.message, severity: 'warning' });
      } else if (error instanceof ApiError && error.fieldErrors.workspacePlugins?.length) {
        setError('url', { type: 'server', message: error.fieldErrors.workspacePlugins.join(' ') });
      } else {
        setMessage({ text: responseBodyText(error, t), severity: 'error' });
      }
    }
  });

  const handleReload = async () => {
    const data = await queryClient.fetchQuery(viewerWorkspaceQueryOptions(workspace.id, undefined));
    setMessage(null);
    reset({ url: readWorkspacePlugins(data.workspacePlugins).bi.url });
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
        {message && (
          <Alert
            severity={message.severity}
            onClose={message.severity === 'error' ? () => setMessage(null) : undefined}
            action={
              message.severity === 'warning' && (
                <Button color="inherit" size="small" onClick={() => void handleReload()}>
                  {t('sharing.reload')}
                </Button>
              )
            }
            sx={{ whiteSpace: 'pre-line' }}
          >
            {message.text}
          </Alert>
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
          disabled={formState.isSubmitting || reloading || message?.severity === 'warning'}
          sx={{ alignSelf: { sm: 'flex-end' } }}
        >
          {t('dashboard.save')}
        </Button>
      </Stack>
    </SectionCard>
  );
}
