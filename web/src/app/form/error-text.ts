import type { TFunction } from 'i18next';
import { ApiError } from '../../api/api-error';

/** What to tell the user about a failed call: the server's own text, or that it was unreachable. */
export function errorText(error: unknown, t: TFunction): string {
  return error instanceof ApiError ? error.message : t('errors.network');
}
