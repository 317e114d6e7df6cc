import type { ComponentProps } from 'react';
import type { FieldValues } from 'react-hook-form';
import { FormTextField } from './form-text-field';
import { usePasswordToggle } from './password-toggle';

/** A password field with a button that shows what was typed. */
export function PasswordField<T extends FieldValues>(props: ComponentProps<typeof FormTextField<T>>) {
  const passwordToggle = usePasswordToggle();
  return <FormTextField {...props} {...passwordToggle} />;
}
