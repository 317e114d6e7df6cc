import FormControl, { type FormControlProps } from '@mui/material/FormControl';
import FormHelperText, { type FormHelperTextProps } from '@mui/material/FormHelperText';
import type { InputBaseComponentProps } from '@mui/material/InputBase';
import InputLabel, { type InputLabelProps } from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { styled } from '@mui/material/styles';
import { type ReactNode, type Ref, useId } from 'react';

export type TextBoxProps = Pick<
  OutlinedInputProps,
  | 'autoComplete'
  | 'autoFocus'
  | 'defaultValue'
  | 'inputRef'
  | 'maxRows'
  | 'minRows'
  | 'multiline'
  | 'name'
  | 'onBlur'
  | 'onChange'
  | 'onFocus'
  | 'placeholder'
  | 'rows'
  | 'type'
  | 'value'
> &
  Pick<
    FormControlProps,
    | 'className'
    | 'color'
    | 'disabled'
    | 'error'
    | 'fullWidth'
    | 'margin'
    | 'required'
    | 'size'
    | 'style'
    | 'sx'
  > & {
    /** The input's id (the label's `for`); a generated one by default. */
    id?: string;
    label?: ReactNode;
    helperText?: ReactNode;
    ref?: Ref<HTMLDivElement>;
    slotProps?: {
      input?: Partial<OutlinedInputProps>;
      htmlInput?: InputBaseComponentProps;
      inputLabel?: Partial<InputLabelProps>;
      formHelperText?: Partial<FormHelperTextProps>;
    };
  };

/** The root TextField has, so that a theme's MuiTextField style overrides apply here too. */
const TextBoxRoot = styled(FormControl, { name: 'MuiTextField', slot: 'Root' })({});

/**
 * MUI's outlined TextField without its select mode: the same parts, classes and ARIA
 * (FormControl, InputLabel, OutlinedInput, FormHelperText, as MUI's TextField composes
 * them). TextField imports Select, and with it Menu, Popover and Modal, whatever its props:
 * every page with a text field, the login page first, would load them. A select is
 * MUI's TextField with `select` (FormSelectField).
 */
export function TextBox({
  autoComplete,
  autoFocus = false,
  className,
  color = 'primary',
  defaultValue,
  disabled = false,
  error = false,
  fullWidth = false,
  helperText,
  id: idOverride,
  inputRef,
  label,
  maxRows,
  minRows,
  multiline = false,
  name,
  onBlur,
  onChange,
  onFocus,
  placeholder,
  required = false,
  rows,
  slotProps = {},
  type,
  value,
  ...other
}: TextBoxProps) {
  const generatedId = useId();
  const id = idOverride ?? generatedId;
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  const inputLabelId = label ? `${id}-label` : undefined;
  const { input, htmlInput, inputLabel = {}, formHelperText } = slotProps;

  return (
    <TextBoxRoot
      className={className ? `MuiTextField-root ${className}` : 'MuiTextField-root'}
      disabled={disabled}
      error={error}
      fullWidth={fullWidth}
      required={required}
      color={color}
      variant="outlined"
      {...other}
    >
      {label != null && label !== '' && (
        <InputLabel htmlFor={id} id={inputLabelId} {...inputLabel}>
          {label}
        </InputLabel>
      )}
      <OutlinedInput
        aria-describedby={helperTextId}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        defaultValue={defaultValue}
        fullWidth={fullWidth}
        multiline={multiline}
        name={name}
        rows={rows}
        maxRows={maxRows}
        minRows={minRows}
        type={type}
        value={value}
        id={id}
        inputRef={inputRef}
        onBlur={onBlur}
        onChange={onChange}
        onFocus={onFocus}
        placeholder={placeholder}
        inputProps={htmlInput}
        // The outline's notch leaves room for the label, shrunk or not as the label is.
        label={label}
        {...(inputLabel.shrink !== undefined && { notched: inputLabel.shrink })}
        {...input}
      />
      {helperText && (
        <FormHelperText id={helperTextId} {...formHelperText}>
          {helperText}
        </FormHelperText>
      )}
    </TextBoxRoot>
  );
}
