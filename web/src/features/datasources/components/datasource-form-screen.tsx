import { paths } from '@geows/contract';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CloudIcon from '@mui/icons-material/CloudOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../api/api-error';
import { errorText } from '../../../components/form/error-text';
import { NotFound } from '../../../components/not-found';
import { useSnackbar } from '../../../components/snackbar/snackbar-context';
import { Screen } from '../../../components/ui/screen';
import { useActiveAccount } from '../../accounts';
import { useDatasource } from '../api/get-datasource';
import { useDatasourceTypes } from '../api/get-datasource-types';
import { DatasourceForm } from './datasource-form';
import { UploadForm } from './upload-form';

const toId = (value: string | undefined) => (value && /^[1-9]\d*$/.test(value) ? Number(value) : undefined);

type Mode = 'service' | 'upload';

/**
 * /datasource/create and /datasource/edit/{id} (docs/product.md, "Screens"): one screen.
 * Creating offers 'Connect a service' or 'Upload a file' (GeoJSON or CSV); editing shows
 * the source's settings, or for an uploaded file its name and style.
 */
export function DatasourceFormScreen() {
  const { t } = useTranslation();
  const { show } = useSnackbar();
  const params = useParams();
  const editing = params.id !== undefined;
  const id = toId(params.id);
  const { activeAccount } = useActiveAccount();
  const types = useDatasourceTypes();
  const detail = useDatasource(id);
  const [mode, setMode] = useState<Mode>('service');

  // Type-loading failure: the response body as a dismissible message (docs/product.md, "Errors and messages").
  useEffect(() => {
    if (types.error) show(errorText(types.error, t), 'error');
  }, [types.error, show, t]);

  if (editing && (id === undefined || (detail.error instanceof ApiError && detail.error.status === 404)))
    return <NotFound />;

  const title = editing ? t('datasourceForm.editTitle') : t('datasourceForm.createTitle');
  const intro =
    !editing && activeAccount ? t('datasourceForm.createIntro', { account: activeAccount.name }) : undefined;
  const loading = types.isPending || (editing && detail.isPending);

  return (
    <Screen
      maxWidth="sm"
      title={title}
      intro={intro}
      action={
        <Button variant="text" component={Link} to={paths.datasources} startIcon={<ArrowBackIcon />}>
          {t('datasourceForm.back')}
        </Button>
      }
    >
      <Stack spacing={3}>
        {!editing && (
          <ToggleButtonGroup
            exclusive
            fullWidth
            value={mode}
            onChange={(_, value: Mode | null) => value && setMode(value)}
            aria-label={t('datasourceForm.source')}
            sx={{
              '& .MuiToggleButton-root': { gap: 1, textTransform: 'none' },
              // The chosen one looks like a contained button: the primary colour with its contrast text.
              '& .MuiToggleButton-root.Mui-selected, & .MuiToggleButton-root.Mui-selected:hover': {
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
              },
            }}
          >
            <ToggleButton value="service">
              <CloudIcon fontSize="small" aria-hidden />
              {t('datasourceForm.connectService')}
            </ToggleButton>
            <ToggleButton value="upload">
              <UploadFileIcon fontSize="small" aria-hidden />
              {t('datasourceForm.uploadFile')}
            </ToggleButton>
          </ToggleButtonGroup>
        )}
        <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 3 }}>
          {detail.error ? (
            <Alert severity="error">{errorText(detail.error, t)}</Alert>
          ) : loading && !(mode === 'upload' && !editing) ? (
            <Skeleton variant="rounded" height={240} />
          ) : mode === 'upload' && !editing ? (
            <UploadForm account={activeAccount?.id} />
          ) : (
            <DatasourceForm
              key={detail.data?.id ?? 'new'}
              detail={editing ? detail.data : undefined}
              account={activeAccount?.id}
              types={types.data ?? []}
            />
          )}
        </Paper>
      </Stack>
    </Screen>
  );
}
