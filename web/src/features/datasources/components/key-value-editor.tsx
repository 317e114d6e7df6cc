import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/RemoveCircleOutlined';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { KeyValue } from '../config-fields';

/** A config record (extra query parameters) as rows of name and value. */
export function KeyValueEditor({
  label,
  help,
  error,
  value,
  onChange,
}: {
  label: string;
  help?: string | undefined;
  error?: string | undefined;
  value: readonly KeyValue[];
  onChange: (rows: KeyValue[]) => void;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const update = (index: number, change: Partial<KeyValue>) =>
    onChange(value.map((row, i) => (i === index ? { ...row, ...change } : row)));

  return (
    <Stack
      component="fieldset"
      spacing={1.5}
      aria-labelledby={labelId}
      sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}
    >
      <FormLabel id={labelId} component="legend" sx={{ p: 0, mb: 0.5 }}>
        {label}
      </FormLabel>
      {value.map((row, index) => (
        // Rows have no identity of their own; their position is it.
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place, never reordered
        <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TextField
            size="small"
            label={t('datasourceForm.parameterKey')}
            value={row.key}
            onChange={(event) => update(index, { key: event.target.value })}
            sx={{ flex: 1, minWidth: 0 }}
          />
          <TextField
            size="small"
            label={t('datasourceForm.parameterValue')}
            value={row.value}
            onChange={(event) => update(index, { value: event.target.value })}
            sx={{ flex: 2, minWidth: 0 }}
          />
          <IconButton
            aria-label={t('datasourceForm.removeParameter')}
            title={t('datasourceForm.removeParameter')}
            onClick={() => onChange(value.filter((_, i) => i !== index))}
          >
            <RemoveIcon />
          </IconButton>
        </Stack>
      ))}
      <Button
        size="small"
        startIcon={<AddIcon />}
        onClick={() => onChange([...value, { key: '', value: '' }])}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('datasourceForm.addParameter')}
      </Button>
      {(error ?? help) && <FormHelperText error={Boolean(error)}>{error ?? help}</FormHelperText>}
    </Stack>
  );
}
