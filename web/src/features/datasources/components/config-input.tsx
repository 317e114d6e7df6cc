import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { type Control, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelectField } from '../../../components/form/form-select-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { PasswordField } from '../../../components/form/password-field';
import { useValidationText } from '../../../components/form/validation-text';
import type { Messages } from '../../../i18n/en';
import type { ConfigField, KeyValue } from '../config-fields';
import type { DatasourceFormValues } from '../datasource-form-values';
import { KeyValueEditor } from './key-value-editor';

type FieldTextKey = keyof Messages['datasourceFields'];

/** The label and help text of a config field in the interface language; a field without texts shows its key. */
export function useFieldTexts() {
  const { t, i18n } = useTranslation();
  return (field: Pick<ConfigField, 'name' | 'kind'>, typeKey?: string) => {
    const name = field.name === 'url' && typeKey === 'xyz' ? 'urlTemplate' : field.name;
    if (!i18n.exists(`datasourceFields.${name}.label`)) return { label: field.name, help: undefined };
    const key = name as FieldTextKey;
    return { label: t(`datasourceFields.${key}.label`), help: t(`datasourceFields.${key}.help`) };
  };
}

/** One input of a type's config, chosen by the kind its schema gives (config-fields.ts). */
export function ConfigInput({
  control,
  field,
  typeKey,
  secretSaved,
}: {
  control: Control<DatasourceFormValues>;
  field: ConfigField;
  typeKey: string | undefined;
  /** A secret the server holds already: empty keeps it. */
  secretSaved: boolean;
}) {
  const { t } = useTranslation();
  const texts = useFieldTexts()(field, typeKey);
  const name = `config.${field.name}` as const;

  switch (field.kind) {
    case 'boolean':
      return <SwitchInput control={control} name={name} label={texts.label} help={texts.help} />;
    case 'record':
      return <RecordInput control={control} name={name} label={texts.label} help={texts.help} />;
    case 'secret':
      return (
        <PasswordField
          control={control}
          name={name}
          label={texts.label}
          autoComplete="new-password"
          helperText={secretSaved ? t('datasourceForm.secretSaved') : texts.help}
        />
      );
    case 'enum':
      return (
        <FormSelectField control={control} name={name} label={texts.label} helperText={texts.help}>
          {field.options.map((option) => (
            <MenuItem key={option} value={option}>
              {option}
            </MenuItem>
          ))}
        </FormSelectField>
      );
    case 'number':
      return (
        <FormTextField
          control={control}
          name={name}
          label={texts.label}
          helperText={texts.help}
          required={field.required}
          type="number"
          slotProps={{
            htmlInput: { inputMode: field.integer ? 'numeric' : 'decimal', step: field.integer ? 1 : 'any' },
          }}
        />
      );
    default:
      return (
        <FormTextField
          control={control}
          name={name}
          label={texts.label}
          helperText={texts.help}
          required={field.required}
          type={field.kind === 'url' ? 'url' : 'text'}
          autoComplete="off"
          slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
        />
      );
  }
}

function SwitchInput({
  control,
  name,
  label,
  help,
}: {
  control: Control<DatasourceFormValues>;
  name: `config.${string}`;
  label: string;
  help: string | undefined;
}) {
  const { field } = useController({ control, name });
  return (
    <Stack>
      <FormControlLabel
        control={
          <Switch
            checked={field.value === true}
            onChange={(event) => field.onChange(event.target.checked)}
            onBlur={field.onBlur}
            name={field.name}
            slotProps={{ input: { ref: field.ref } }}
          />
        }
        label={label}
      />
      {help && <FormHelperText sx={{ mt: 0, ml: 6.5 }}>{help}</FormHelperText>}
    </Stack>
  );
}

function RecordInput({
  control,
  name,
  label,
  help,
}: {
  control: Control<DatasourceFormValues>;
  name: `config.${string}`;
  label: string;
  help: string | undefined;
}) {
  const { field, fieldState } = useController({ control, name });
  const validationText = useValidationText();
  const rows = Array.isArray(field.value) ? (field.value as KeyValue[]) : [];
  return (
    <KeyValueEditor
      label={label}
      help={help}
      error={validationText(fieldState.error?.message)}
      value={rows}
      onChange={field.onChange}
    />
  );
}
