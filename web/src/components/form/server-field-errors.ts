import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../api/api-error';

/**
 * Puts the server's field messages (`{"password": ["This password is too common."]}`)
 * under the form's fields of the same name; returns whether any matched.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly FieldPath<T>[],
  setError: UseFormSetError<T>,
): boolean {
  if (!(error instanceof ApiError)) return false;
  let matched = false;
  for (const [field, list] of Object.entries(error.fieldErrors)) {
    const name = fields.find((candidate) => candidate === field);
    if (!name || list.length === 0) continue;
    setError(name, { type: 'server', message: list.join(' ') });
    matched = true;
  }
  return matched;
}
