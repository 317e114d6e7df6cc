import { UrlFetchError } from '../../lib/url-fetch/index.js';
import { UnknownCrsError } from './crs.js';

/** An elevation service's failure, in words for the profile's 502. */
export class ElevationSourceError extends Error {}

/** Why reading heights failed, in words for the profile's 502 (never a stack trace). */
export function failureReason(error: unknown): string {
  if (
    error instanceof ElevationSourceError ||
    error instanceof UnknownCrsError ||
    error instanceof UrlFetchError
  )
    return error.message;
  if (error instanceof Error) return `the answer could not be read (${error.message.slice(0, 200)})`;
  return 'the service failed';
}
