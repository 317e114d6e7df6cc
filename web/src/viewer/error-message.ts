/** A readable message for what Cesium rejects with: an Error, a RequestErrorEvent (status code) or text. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number') return `The server answered ${status}.`;
  return 'The layer could not be loaded.';
}
