import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { TextBox, type TextBoxProps } from './text-box';
import { useValidationText } from './validation-text';

type FormTextFieldProps<T extends FieldValues> = Omit<
  TextBoxProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'defaultValue'
> & {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
};

/**
 * A text field bound to react-hook-form; its error shows under it in the interface language.
 * A choice from a list is a FormSelectField.
 */
export function FormTextField<T extends FieldValues>({
  control,
  name,
  helperText,
  ...props
}: FormTextFieldProps<T>) {
  const { field, fieldState } = useController({ control, name });
  const validationText = useValidationText();
  const error = validationText(fieldState.error?.message);

  return (
    <TextBox
      {...props}
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
