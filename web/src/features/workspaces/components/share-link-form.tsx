import { createShareLinkRequest } from '@geows/contract';
import AddLinkIcon from '@mui/icons-material/AddLink';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { errorText } from '../../../components/form/error-text';
import { FormTextField } from '../../../components/form/form-text-field';
import { applyServerFieldErrors } from '../../../components/form/server-field-errors';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useSnackbar } from '../../../components/snackbar/snackbar-context';
import { useCreateShareLink } from '../api/create-share-link';
import { endOfDay, today } from '../share-links';

/** The label as the API checks it; the expiry as a day from a date input (empty: never). */
const shareLinkForm = z.object({
  label: createShareLinkRequest.shape.label.unwrap(),
  expires: z.string(),
});

/** Optional label and expiry day, and Create link; the server's reasons show under the fields. */
export function ShareLinkForm({ workspaceId }: { workspaceId: number }) {
  const { t } = useTranslation();
  const { show } = useSnackbar();
  const createShareLink = useCreateShareLink(workspaceId);
  const { control, handleSubmit, setError, reset, formState } = useZodForm(shareLinkForm, {
    defaultValues: { label: '', expires: '' },
  });

  const handleCreate = handleSubmit(async ({ label, expires }) => {
    try {
      await createShareLink.mutateAsync({
        ...(label ? { label } : {}),
        expires: expires ? endOfDay(expires) : null,
      });
      reset();
      show(t('sharing.created'));
    } catch (error) {
      if (!applyServerFieldErrors(error, ['label', 'expires'], setError)) show(errorText(error, t), 'error');
    }
  });

  return (
    // Its container is the section (share-links-section.tsx): side by side only where the
    // sheet is wide enough for two fields and the button, stacked in a 400 px side panel.
    <Box
      component="form"
      noValidate
      onSubmit={handleCreate}
      sx={{
        display: 'flex',
        flexDirection: { '@': 'column', '@sm': 'row' },
        gap: 2,
        alignItems: { '@': 'stretch', '@sm': 'flex-start' },
      }}
    >
      <FormTextField
        control={control}
        name="label"
        label={t('sharing.label')}
        helperText={t('sharing.labelHelp')}
        autoComplete="off"
      />
      <FormTextField
        control={control}
        name="expires"
        type="date"
        label={t('sharing.expires')}
        helperText={t('sharing.expiresHelp')}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today() } }}
      />
      <Button
        type="submit"
        variant="contained"
        startIcon={<AddLinkIcon />}
        disabled={formState.isSubmitting}
        sx={{ flexShrink: 0, height: 56, px: 3 }}
      >
        {t('sharing.create')}
      </Button>
    </Box>
  );
}
