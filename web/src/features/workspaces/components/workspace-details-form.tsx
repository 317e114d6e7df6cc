import { type WorkspaceForm, workspaceForm } from '@geows/contract';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { responseBodyText } from '../../../components/form/error-text';
import { FormTextField } from '../../../components/form/form-text-field';
import { applyServerFieldErrors } from '../../../components/form/server-field-errors';
import { useZodForm } from '../../../components/form/use-zod-form';

/**
 * Name and Description, both required ('Name is required', docs/product.md, "Validation").
 * A failure's response body is kept as a message in a dismissible alert (docs/product.md,
 * "Errors and messages"). Submit buttons
 * go inside (`children`) or anywhere with `form={id}`.
 */
export function WorkspaceDetailsForm({
  id,
  onSubmit,
  autoFocus,
  children,
}: {
  id: string;
  onSubmit: (values: WorkspaceForm) => Promise<void>;
  autoFocus?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [message, setMessage] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useZodForm(workspaceForm, {
    defaultValues: { name: '', description: '' },
  });

  const handleSave = handleSubmit(async (values) => {
    setMessage(null);
    try {
      await onSubmit(values);
    } catch (error) {
      applyServerFieldErrors(error, ['name', 'description'], setError);
      setMessage(responseBodyText(error, t));
    }
  });

  return (
    <Stack component="form" id={id} noValidate onSubmit={handleSave} spacing={2.5}>
      {message && (
        <Alert severity="error" onClose={() => setMessage(null)} sx={{ whiteSpace: 'pre-line' }}>
          {message}
        </Alert>
      )}
      <FormTextField
        control={control}
        name="name"
        label={t('account.name')}
        autoComplete="off"
        autoFocus={autoFocus}
      />
      <FormTextField
        control={control}
        name="description"
        label={t('account.description')}
        multiline
        minRows={3}
      />
      {children}
    </Stack>
  );
}
