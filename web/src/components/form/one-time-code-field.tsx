import type { ComponentProps } from 'react';
import type { FieldValues } from 'react-hook-form';
import { FormTextField } from './form-text-field';

/**
 * A six-digit code from an authenticator app or a mail, or a backup code: focused, offered
 * by the browser from the SMS/mail autofill, never capitalised or spell-checked.
 */
export function OneTimeCodeField<T extends FieldValues>(props: ComponentProps<typeof FormTextField<T>>) {
  return (
    <FormTextField
      autoComplete="one-time-code"
      autoFocus
      slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
      {...props}
    />
  );
}
