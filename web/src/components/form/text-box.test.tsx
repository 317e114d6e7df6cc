import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TextBox, type TextBoxProps } from './text-box';

/** The ways the app's forms use a text field (FormTextField, the password toggle, the share link's date). */
const uses: Record<string, TextBoxProps> = {
  plain: { label: 'Username', fullWidth: true, value: '', name: 'username', autoComplete: 'username' },
  'in error, with an end adornment': {
    label: 'Password',
    fullWidth: true,
    value: 'abc',
    name: 'password',
    type: 'password',
    error: true,
    helperText: 'Password must be more than 4 characters',
    slotProps: {
      input: {
        endAdornment: (
          <InputAdornment position="end">
            <IconButton edge="end" title="Show password" />
          </InputAdornment>
        ),
      },
    },
  },
  'a date with its label shrunk': {
    label: 'Expires',
    fullWidth: true,
    value: '',
    name: 'expires',
    type: 'date',
    slotProps: { inputLabel: { shrink: true }, htmlInput: { min: '2030-01-01' } },
  },
  'multiline, required, disabled, with help': {
    label: 'Description',
    fullWidth: true,
    value: 'A harbour',
    name: 'description',
    multiline: true,
    minRows: 3,
    required: true,
    disabled: true,
    helperText: 'Shown on the share page',
  },
  'small, with html attributes and sx': {
    label: 'Code',
    value: '',
    name: 'code',
    autoFocus: true,
    size: 'small',
    sx: { mt: 1 },
    slotProps: { htmlInput: { autoCapitalize: 'none', spellCheck: false } },
  },
};

describe('TextBox', () => {
  it.each(Object.entries(uses))('renders as MUI’s TextField does: %s', (_name, props) => {
    // The same id for both: React's generated ids differ between two renders.
    const textField = render(<TextField id="field" {...props} onChange={() => {}} />).container.innerHTML;
    const textBox = render(<TextBox id="field" {...props} onChange={() => {}} />).container.innerHTML;
    expect(textBox).toBe(textField);
  });
});
