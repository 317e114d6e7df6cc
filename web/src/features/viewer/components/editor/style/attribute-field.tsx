import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';

/**
 * An attribute of the features: chosen from those the loaded features have, or typed
 * when they cannot be known (a service that refuses the panel's query).
 */
export function AttributeField({
  label,
  value,
  attributes,
  helperText,
  onChange,
}: {
  label: string;
  value: string;
  attributes: readonly string[];
  helperText?: string | undefined;
  onChange: (name: string) => void;
}) {
  return (
    <Autocomplete
      freeSolo
      size="small"
      options={attributes}
      inputValue={value}
      onInputChange={(_event, next) => onChange(next)}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          helperText={helperText}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, maxLength: 200 } }}
        />
      )}
    />
  );
}
