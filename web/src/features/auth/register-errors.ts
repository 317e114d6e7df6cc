/**
 * Register failure (docs/product.md, "Errors and messages"): an array answer shows each
 * of its strings; otherwise the first key and its (first) value as "key: value", e.g.
 * "password: This password is too common.". A bare `detail` or `error` text (a rate
 * limit, say) is shown as it is: naming its key would tell the user nothing.
 */
export function registerErrorMessages(body: unknown, fallback: string): string[] {
  if (Array.isArray(body)) {
    const strings = body.filter((item): item is string => typeof item === 'string' && item.trim() !== '');
    return strings.length > 0 ? strings : [fallback];
  }
  if (typeof body === 'string') return [body.trim() || fallback];
  if (typeof body !== 'object' || body === null) return [fallback];

  const record = body as Record<string, unknown>;
  for (const key of ['detail', 'error'] as const) {
    if (typeof record[key] === 'string') return [record[key]];
  }
  const first = Object.entries(record)[0];
  if (!first) return [fallback];
  const [key, value] = first;
  const text = Array.isArray(value) ? value.find((item) => typeof item === 'string') : value;
  return typeof text === 'string' && text ? [`${key}: ${text}`] : [fallback];
}
