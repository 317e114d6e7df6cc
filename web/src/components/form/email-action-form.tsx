import { email } from '@geows/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useSnackbar } from '../snackbar/snackbar-context';
import { errorText } from './error-text';
import { FormTextField } from './form-text-field';
import { applyServerFieldErrors } from './server-field-errors';
import { useZodForm } from './use-zod-form';

const emailForm = z.object({ email });

/**
 * One e-mail address and a button that acts on it (invite, add an editor, add a group
 * member). On success the field empties; the server's reasons about the address show
 * under the field, anything else in the snackbar.
 */
export function EmailActionForm({
  label,
  submitLabel,
  icon,
  onSubmit,
}: {
  label: string;
  submitLabel: string;
  icon: ReactNode;
  onSubmit: (email: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const { show } = useSnackbar();
  const { control, handleSubmit, setError, reset, formState } = useZodForm(emailForm, {
    defaultValues: { email: '' },
  });

  const handleAct = handleSubmit(async ({ email: address }) => {
    try {
      await onSubmit(address);
      reset({ email: '' });
    } catch (error) {
      if (!applyServerFieldErrors(error, ['email'], setError)) show(errorText(error, t), 'error');
    }
  });

  return (
    // Side by side only where the form itself has room (a 400 px side panel on a wide screen
    // does not): the wrapper is the container its layout asks about.
    <Box sx={{ containerType: 'inline-size' }}>
      <Box
        component="form"
        noValidate
        onSubmit={handleAct}
        sx={{
          display: 'flex',
          flexDirection: { '@': 'column', '@480': 'row' },
          gap: 2,
          alignItems: { '@': 'stretch', '@480': 'flex-start' },
        }}
      >
        <FormTextField control={control} name="email" type="email" label={label} autoComplete="off" />
        <Button
          type="submit"
          variant="contained"
          startIcon={icon}
          disabled={formState.isSubmitting}
          sx={{ flexShrink: 0, height: 56, px: 3 }}
        >
          {submitLabel}
        </Button>
      </Box>
    </Box>
  );
}
