import type { TFunction } from 'i18next';
import { ApiError } from '../../api/api-error';

/** What to tell the user about a failed call: the server's own text, or that it was unreachable. */
export function errorText(error: unknown, t: TFunction): string {
  return error instanceof ApiError ? error.message : t('errors.network');
}

/**
 * The whole response body of a failed call, for the screens that show it (account and
 * workspace failures, docs/product.md, "Errors and messages"): every field's messages as
 * "field: message", or the server's text.
 */
export function responseBodyText(error: unknown, t: TFunction): string {
  if (!(error instanceof ApiError)) return t('errors.network');
  const fields = Object.entries(error.fieldErrors);
  if (fields.length === 0) return error.message;
  return fields.map(([field, list]) => `${field}: ${list.join(' ')}`).join('\n');
}
