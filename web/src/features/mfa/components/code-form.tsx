import { mfaCodeRequest } from '@geows/contract';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { OneTimeCodeField } from '../../../components/form/one-time-code-field';
import { useZodForm } from '../../../components/form/use-zod-form';

/** A 'Verificatie code' field with a submit and a cancel button. */
export function CodeForm({
  submitLabel,
  submitColor = 'primary',
  onSubmit,
  onCancel,
}: {
  submitLabel: string;
  submitColor?: 'primary' | 'error';
  /** Resolves when done; a rejection keeps the form as it is. */
  onSubmit: (code: string) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { control, handleSubmit, formState } = useZodForm(mfaCodeRequest, { defaultValues: { code: '' } });

  const handleCode = handleSubmit(async ({ code }) => {
    await onSubmit(code).catch(() => {
      // The caller has told the user; the code stays for correcting.
    });
  });

  return (
    <Stack component="form" noValidate onSubmit={handleCode} spacing={2} sx={{ maxWidth: 360 }}>
      <OneTimeCodeField control={control} name="code" label={t('auth.verificationCode')} />
      <Stack direction="row" spacing={1.5}>
        <Button type="submit" variant="contained" color={submitColor} disabled={formState.isSubmitting}>
          {submitLabel}
        </Button>
        <Button onClick={onCancel} disabled={formState.isSubmitting}>
          {t('mfa.cancel')}
        </Button>
      </Stack>
    </Stack>
  );
}
