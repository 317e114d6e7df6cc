import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { useValidationText } from './validation-text';

type FormSelectFieldProps<T extends FieldValues> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'defaultValue' | 'select'
> & {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
};

/**
 * A choice from a list (its MenuItems are the children) bound to react-hook-form; its error
 * shows under it in the interface language. MUI's TextField in select mode: apart from
 * FormTextField, so that forms without a select do not load MUI's Select and Menu.
 */
export function FormSelectField<T extends FieldValues>({
  control,
  name,
  helperText,
  ...props
}: FormSelectFieldProps<T>) {
  const { field, fieldState } = useController({ control, name });
  const validationText = useValidationText();
  const error = validationText(fieldState.error?.message);

  return (
    <TextField
      {...props}
      select
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(error)}
      helperText={error ?? helperText}
      fullWidth={props.fullWidth ?? true}
    />
  );
}
