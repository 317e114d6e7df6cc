import {
  type DatasourceDetail,
  type DatasourceType,
  datasourceTypeById,
  type InspectResult,
  paths,
} from '@geows/contract';
import NetworkCheckIcon from '@mui/icons-material/NetworkCheck';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../api/api-error';
import { errorText, responseBodyText } from '../../../components/form/error-text';
import { FormTextField } from '../../../components/form/form-text-field';
import { useValidationText } from '../../../components/form/validation-text';
import { useSnackbar } from '../../../components/snackbar/snackbar-context';
import { useCreateDatasource } from '../api/create-datasource';
import { useInspectDatasource } from '../api/inspect-datasource';
import { useUpdateDatasource } from '../api/update-datasource';
import {
  formFieldOfServerError,
  initialInputValues,
  isUploaded,
  layerPickerOf,
  uploadedFieldNames,
} from '../config-fields';
import {
  configOf,
  type DatasourceFormValues,
  datasourceResolver,
  type FormContext,
  fieldsFilter,
  typeIdOf,
} from '../datasource-form-values';
import { versionAfterInspect } from '../inspected-version';
import { ArcgisSignIn } from './arcgis-sign-in';
import { ConfigInput } from './config-input';
import { InspectResultPanel } from './inspect-result';

/**
 * The service form of /datasource/create and /datasource/edit/{id}: name, type and the
 * type's own settings (generated from its schema in the contract), Test connection, Save.
 * Server field errors land on the field they name (`config.url`, inspect's `url`, `name`).
 */
export function DatasourceForm({
  detail,
  account,
  types,
}: {
  detail?: DatasourceDetail | undefined;
  /** Where a new data source goes (the active account). */
  account: number | undefined;
  types: readonly DatasourceType[];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { show } = useSnackbar();
  const createDatasource = useCreateDatasource();
  const updateDatasource = useUpdateDatasource();
  const inspect = useInspectDatasource();
  const [found, setFound] = useState<InspectResult | null>(null);

  const uploaded = isUploaded(detail?.config);
  const context = useMemo<FormContext>(
    () => ({
      fieldsFor: fieldsFilter(uploaded ? uploadedFieldNames : undefined),
      base: detail?.config ?? {},
    }),
    [uploaded, detail],
  );
  const firstType = detail?.type ?? types[0]?.id;
  const { control, handleSubmit, setError, clearErrors, getValues, setValue, reset, watch, formState } =
    useForm<DatasourceFormValues>({
      resolver: datasourceResolver(context),
      defaultValues: {
        name: detail?.name ?? '',
        type: firstType === undefined ? '' : String(firstType),
        config: initialInputValues(context.fieldsFor(firstType), detail?.config),
      },
    });

  const typeField = useController({ control, name: 'type' });
  const validationText = useValidationText();
  const typeError = validationText(typeField.fieldState.error?.message);
  const typeValue = typeField.field.value;
  const typeId = typeIdOf(typeValue);
  const typeKey =
    typeId === undefined
      ? undefined
      : (types.find((type) => type.id === typeId)?.key ?? datasourceTypeById(typeId)?.key);
  const fields = context.fieldsFor(typeId);
  const picker = uploaded ? null : layerPickerOf(fields);
  const pickerValue = useWatch({ control, name: `config.${picker?.field ?? 'layers'}` });
  const secrets = new Set(detail?.secrets ?? []);

  // A WMS version the user picks here wins over the one the service offers (inspect).
  const versionPicked = useRef(false);
  useEffect(() => {
    const watching = watch((_values, { name, type }) => {
      if (name === 'config.version' && type === 'change') versionPicked.current = true;
    });
    return () => watching.unsubscribe();
  }, [watch]);

  const changeType = (value: string) => {
    // Another type has other settings: they start from its defaults.
    reset({
      name: getValues('name'),
      type: value,
      config: initialInputValues(context.fieldsFor(typeIdOf(value))),
    });
    setFound(null);
    versionPicked.current = false;
  };

  /** The service's own version in the form, once inspect has read it (inspected-version.ts). */
  const keepOfferedVersion = (result: InspectResult) => {
    if (typeKey !== 'wms') return;
    const stored = detail?.config.version;
    const version = versionAfterInspect({
      result,
      current: String(getValues('config.version') ?? ''),
      picked: versionPicked.current,
      stored: typeof stored === 'string' ? stored : undefined,
    });
    if (version) setValue('config.version', version, { shouldDirty: true });
  };

  /** Puts the server's field messages under their fields; answers whether any found one. */
  const applyServerErrors = (error: unknown): boolean => {
    if (!(error instanceof ApiError)) return false;
    let matched = false;
    for (const [key, list] of Object.entries(error.fieldErrors)) {
      const target = formFieldOfServerError(key, fields);
      if (!target || list.length === 0) continue;
      setError(target, { type: 'server', message: list.join(' ') });
      matched = true;
    }
    return matched;
  };

  const handleTest = async () => {
    if (typeId === undefined) return;
    clearErrors();
    setFound(null);
    try {
      const config = configOf(getValues(), context);
      const result = await inspect.mutateAsync({
        type: typeId,
        config,
        ...(detail ? { datasource: detail.id } : {}),
      });
      keepOfferedVersion(result);
      setFound(result);
    } catch (error) {
      if (!applyServerErrors(error)) show(errorText(error, t), 'error');
    }
  };

  const handleSave = handleSubmit(async (values) => {
    const config = configOf(values, context);
    try {
      if (detail) {
        await updateDatasource.mutateAsync({ id: detail.id, body: { name: values.name, config } });
      } else {
        const type = typeIdOf(values.type);
        if (type === undefined || account === undefined) return;
        await createDatasource.mutateAsync({ name: values.name, type, account, config });
      }
      show(t('datasourceForm.saved'));
      await navigate(paths.datasources);
    } catch (error) {
      if (!applyServerErrors(error)) show(responseBodyText(error, t), 'error');
    }
  });

  return (
    <Stack component="form" noValidate onSubmit={handleSave} spacing={2.5}>
      {formState.errors.root && (
        <Alert severity="error" sx={{ whiteSpace: 'pre-line' }}>
          {formState.errors.root.message}
        </Alert>
      )}
      <FormTextField
        control={control}
        name="name"
        label={t('datasourceForm.name')}
        required
        autoComplete="off"
      />
      <TextField
        name={typeField.field.name}
        value={typeField.field.value}
        onChange={(event) => changeType(event.target.value)}
        onBlur={typeField.field.onBlur}
        inputRef={typeField.field.ref}
        label={t('datasourceForm.type')}
        select
        required
        fullWidth
        // Editing: shown, not changeable (read-only rather than disabled, so it stays readable).
        slotProps={{ htmlInput: { readOnly: Boolean(detail) } }}
        error={Boolean(typeError)}
        helperText={typeError ?? (detail ? t('datasourceForm.typeFixed') : undefined)}
      >
        {types.map((type) => (
          <MenuItem key={type.id} value={String(type.id)}>
            {type.name}
          </MenuItem>
        ))}
      </TextField>
      {uploaded && (
        <Alert severity="info">
          <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
            {t('datasourceForm.uploadedFile')}: {String(detail?.config.uploaded)}
          </Typography>
          <Typography variant="body2">{t('datasourceForm.uploadedNote')}</Typography>
        </Alert>
      )}
      {fields.length > 0 && <Divider textAlign="left">{t('datasourceForm.settings')}</Divider>}
      {fields.map((field) => (
        <ConfigInput
          key={`${typeId}-${field.name}`}
          control={control}
          field={field}
          typeKey={typeKey}
          secretSaved={secrets.has(field.name)}
        />
      ))}
      {!uploaded && typeId !== undefined && (
        <Stack spacing={1.5}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <Button
              variant="outlined"
              onClick={() => void handleTest()}
              disabled={inspect.isPending}
              startIcon={inspect.isPending ? <CircularProgress size={18} /> : <NetworkCheckIcon />}
              sx={{ flexShrink: 0 }}
            >
              {t('datasourceForm.testConnection')}
            </Button>
            <Typography variant="body2" color="textSecondary">
              {t('datasourceForm.testIntro')}
            </Typography>
          </Stack>
          {found && (
            <InspectResultPanel
              result={found}
              picker={picker}
              value={typeof pickerValue === 'string' ? pickerValue : ''}
              onPick={(value) => {
                if (picker)
                  setValue(`config.${picker.field}`, value, {
                    shouldDirty: true,
                    shouldValidate: formState.isSubmitted,
                  });
              }}
            />
          )}
        </Stack>
      )}
      {typeKey?.startsWith('arcgis-') && <ArcgisSignIn detail={detail} />}
      <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end', pt: 1 }}>
        <Button component={Link} to={paths.datasources}>
          {t('datasourceForm.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={formState.isSubmitting || typeId === undefined}
        >
          {t('datasourceForm.save')}
        </Button>
      </Stack>
    </Stack>
  );
}
