export type UrlFetchErrorKind =
  | 'refused'
  | 'unreachable'
  | 'timeout'
  | 'too-large'
  | 'wrong-type'
  | 'http-error';

/** Every failure of a user-given URL; the message is meant for the user who gave it. */
export class UrlFetchError extends Error {
  override readonly name = 'UrlFetchError';

  constructor(
    readonly kind: UrlFetchErrorKind,
    message: string,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

const MB = 1024 * 1024;

/** "20 MB", "512 KB", "1000 bytes": limits are usually round, so keep them readable. */
export function formatBytes(bytes: number): string {
  if (bytes >= MB) return `${round(bytes / MB)} MB`;
  if (bytes >= 1024) return `${round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

export function formatSeconds(ms: number): string {
  const seconds = round(ms / 1000);
  return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
}

const round = (n: number) => Math.round(n * 10) / 10;

export const tooLarge = (maxBytes: number) =>
  new UrlFetchError('too-large', `The answer is larger than ${formatBytes(maxBytes)}.`);

export const timedOut = (timeoutMs: number) =>
  new UrlFetchError('timeout', `The service did not answer within ${formatSeconds(timeoutMs)}.`);

export const unreachable = (cause?: unknown) =>
  new UrlFetchError('unreachable', 'The service could not be reached.', undefined, { cause });

export const refused = (message: string) => new UrlFetchError('refused', message);
