import type { FieldErrors } from '@geows/contract';
import type { FastifyInstance } from 'fastify';
import { validationFailed } from './errors.js';

/** No form of ours nests deeper than a few levels; far deeper JSON is an attack on the walk below. */
const MAX_DEPTH = 32;

/**
 * Paths (a.b.0) of string values containing U+0000, which PostgreSQL text cannot
 * store. Iterative, with a depth limit, so hostile nesting cannot exhaust the stack.
 */
function nullCharacterPaths(root: unknown): string[] {
  const found: string[] = [];
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: root, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop() as { value: unknown; path: string; depth: number };
    if (typeof value === 'string') {
      if (value.includes('\u0000')) found.push(path || 'non_field_errors');
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    if (depth >= MAX_DEPTH) {
      // Named by the top-level field it is in, as every other validation error is.
      const field = path.split('.')[0] || 'non_field_errors';
      throw validationFailed({ [field]: [`Nested too deeply: at most ${MAX_DEPTH} levels.`] });
    }
    for (const [key, item] of Object.entries(value)) {
      stack.push({ value: item, path: path ? `${path}.${key}` : key, depth: depth + 1 });
    }
  }
  return found;
}

/** DRF's CharField rule, for every request: a clear 400 instead of a database error. */
export function rejectNullCharacters(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const paths = [request.body, request.query, request.params].flatMap((part) => nullCharacterPaths(part));
    if (paths.length > 0) {
      const errors: FieldErrors = {};
      for (const path of paths) errors[path] = ['Null characters are not allowed.'];
      throw validationFailed(errors);
    }
  });
}
