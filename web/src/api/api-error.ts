/**
 * A failed API call. The server answers in Django REST Framework's shapes:
 * `{"detail": "..."}`, `{"error": "..."}` (login, second factor) or
 * `{"field": ["message", ...]}` (validation); `body` keeps whatever came back.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    super(messageOf(status, body));
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** Validation errors per field, when the body is DRF's field error object. */
  get fieldErrors(): Record<string, string[]> {
    if (!isRecord(this.body) || 'detail' in this.body || 'error' in this.body) return {};
    const entries = Object.entries(this.body).filter((entry): entry is [string, string[]] =>
      isStringArray(entry[1]),
    );
    return Object.fromEntries(entries);
  }
}

function messageOf(status: number, body: unknown): string {
  if (typeof body === 'string' && body.trim()) return body;
  if (isRecord(body)) {
    if (typeof body.detail === 'string') return body.detail;
    if (typeof body.error === 'string') return body.error;
    if (isStringArray(body.non_field_errors)) return body.non_field_errors.join(' ');
    const first = Object.entries(body)[0];
    if (first) {
      const [field, value] = first;
      return `${field}: ${isStringArray(value) ? value.join(' ') : String(value)}`;
    }
  }
  if (isStringArray(body) && body.length > 0) return body.join(' ');
  return `Request failed with status ${status}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}
