import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState } from 'react';

/**
 * A number of the template: empty leaves it out (the map's default, shown as the
 * placeholder); what is out of bounds goes to the schema, whose message the panel shows.
 */
export function NumberField({
  label,
  value,
  placeholder,
  unit,
  onChange,
}: {
  label: string;
  value: number | undefined;
  placeholder: number;
  unit?: string;
  onChange: (value: number | undefined) => void;
}) {
  // What was typed, for the value it left ("1." on the way to "1.5").
  const [typed, setTyped] = useState<{ text: string; value: number | undefined } | null>(null);
  const shown = typed && typed.value === value ? typed.text : value === undefined ? '' : String(value);
  return (
    <TextField
      size="small"
      label={label}
      value={shown}
      placeholder={String(placeholder)}
      onChange={(event) => {
        const text = event.target.value;
        const number = Number(text);
        const next = text.trim() === '' ? undefined : Number.isFinite(number) ? number : value;
        setTyped({ text, value: next });
        onChange(next);
      }}
      slotProps={{
        htmlInput: { inputMode: 'decimal' },
        inputLabel: { shrink: true },
        input: unit ? { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } : {},
      }}
      sx={{ flex: '1 1 120px' }}
    />
  );
}
