import { datasourceName, paths, type UploadResult } from '@geows/contract';
import UploadFileIcon from '@mui/icons-material/UploadFileOutlined';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { ApiError } from '../../../api/api-error';
import { errorText } from '../../../components/form/error-text';
import { FormTextField } from '../../../components/form/form-text-field';
import { applyServerFieldErrors } from '../../../components/form/server-field-errors';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useSnackbar } from '../../../components/snackbar/snackbar-context';
import { useUploadDatasource } from '../api/upload-datasource';
import { nameFromFileName } from '../name-from-file';
import { UploadSummaryPanel } from './upload-summary';

const uploadForm = z.object({ name: datasourceName });

/**
 * "Upload a file" on /datasource/create: a name (the file's, tidied, unless one was typed)
 * and a GeoJSON or CSV file, sent with its progress shown; the server's reason for refusing
 * the file (the line or feature it stumbled on, or the size limit) shows under the file.
 * Once stored, what the file held is shown (upload-summary.tsx).
 */
export function UploadForm({ account }: { account: number | undefined }) {
  const { t } = useTranslation();
  const { show } = useSnackbar();
  const inputId = useId();
  const helpId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useUploadDatasource((fraction) => setProgress(Math.round(fraction * 100)));
  const [result, setResult] = useState<UploadResult | null>(null);
  const { control, handleSubmit, setError, getValues, setValue, reset } = useZodForm(uploadForm, {
    defaultValues: { name: '' },
  });
  // The name the file gave: a later file may replace it, never a name the user typed.
  const fileGivenName = useRef('');

  const handleFile = (chosen: File | null) => {
    setFile(chosen);
    setFileError(null);
    if (!chosen) return;
    const current = getValues('name').trim();
    if (current !== '' && current !== fileGivenName.current) return;
    const name = nameFromFileName(chosen.name);
    fileGivenName.current = name;
    setValue('name', name, { shouldValidate: current !== '' || name !== '' });
  };

  const handleUploadAnother = () => {
    setResult(null);
    setFile(null);
    setProgress(null);
    fileGivenName.current = '';
    reset({ name: '' });
    if (fileInput.current) fileInput.current.value = '';
  };

  const handleUpload = handleSubmit(async ({ name }) => {
    if (!file || account === undefined) return;
    setFileError(null);
    setProgress(0);
    try {
      setResult(await upload.mutateAsync({ file, name, account }));
      show(t('datasourceForm.saved'));
    } catch (error) {
      setProgress(null);
      if (error instanceof ApiError && error.status === 413) setFileError(error.message);
      else if (error instanceof ApiError && error.fieldErrors.file)
        setFileError(error.fieldErrors.file.join(' '));
      else if (!applyServerFieldErrors(error, ['name'], setError)) show(errorText(error, t), 'error');
    }
  });

  if (result) return <UploadSummaryPanel result={result} onUploadAnother={handleUploadAnother} />;

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={(event) => {
        // The file is checked with the name, so both messages show at once.
        if (!file) setFileError(t('datasourceForm.fileRequired'));
        void handleUpload(event);
      }}
      spacing={2.5}
    >
      <FormTextField
        control={control}
        name="name"
        label={t('datasourceForm.name')}
        required
        autoComplete="off"
      />
      <Stack spacing={1}>
        <FormLabel htmlFor={inputId} required error={Boolean(fileError)}>
          {t('datasourceForm.file')}
        </FormLabel>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <Button
            variant="outlined"
            startIcon={<UploadFileIcon />}
            onClick={() => fileInput.current?.click()}
            aria-describedby={helpId}
            sx={{ flexShrink: 0 }}
          >
            {t('datasourceForm.chooseFile')}
          </Button>
          {/* Hidden: the button above opens it, so it is reached and named like every other button. */}
          <input
            ref={fileInput}
            id={inputId}
            type="file"
            hidden
            accept=".geojson,.json,.csv,application/geo+json,application/json,text/csv"
            onChange={(event) => handleFile(event.target.files?.[0] ?? null)}
          />
          <Typography
            variant="body2"
            color={file ? 'text.primary' : 'text.secondary'}
            sx={{ overflowWrap: 'anywhere' }}
          >
            {file ? file.name : t('datasourceForm.noFile')}
          </Typography>
        </Stack>
        <FormHelperText id={helpId} error={Boolean(fileError)} sx={{ mx: 0, whiteSpace: 'pre-line' }}>
          {fileError ?? t('datasourceForm.fileHelp')}
        </FormHelperText>
      </Stack>
      {progress !== null && (
        <Stack spacing={0.5}>
          <LinearProgress
            variant="determinate"
            value={progress}
            aria-label={t('datasourceForm.uploadProgress', { percent: progress })}
          />
          <Typography variant="body2" color="textSecondary" aria-live="polite">
            {t('datasourceForm.uploadProgress', { percent: progress })}
          </Typography>
        </Stack>
      )}
      <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end', pt: 1 }}>
        <Button component={Link} to={paths.datasources}>
          {t('datasourceForm.cancel')}
        </Button>
        <Button type="submit" variant="contained" size="large" disabled={upload.isPending}>
          {t('datasourceForm.upload')}
        </Button>
      </Stack>
    </Stack>
  );
}
