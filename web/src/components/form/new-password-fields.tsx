import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { PasswordField } from './password-field';

type NewPasswordValues = { password: string; confirmPassword: string };

/**
 * A new password and its confirmation, as registration, the reset link and the profile
 * ask for them. The form's schema (from the contract) checks the rule and that both match;
 * `new-password` lets password managers offer a generated one.
 */
export function NewPasswordFields<T extends FieldValues & NewPasswordValues>({
  control,
  passwordLabel,
  confirmLabel,
}: {
  control: Control<T>;
  passwordLabel: string;
  confirmLabel: string;
}) {
  return (
    <>
      <PasswordField
        control={control}
        name={'password' as FieldPath<T>}
        label={passwordLabel}
        autoComplete="new-password"
      />
      <PasswordField
        control={control}
        name={'confirmPassword' as FieldPath<T>}
        label={confirmLabel}
        autoComplete="new-password"
      />
    </>
  );
}
