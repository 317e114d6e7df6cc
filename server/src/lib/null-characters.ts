import type { FieldErrors } from '@geows/contract';
import type { FastifyInstance } from 'fastify';
import { validationFailed } from './errors.js';

/** Paths (a.b.0) of string values containing U+0000, which PostgreSQL text cannot store. */
function nullCharacterPaths(value: unknown, path: string[] = [], found: string[] = []): string[] {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) found.push(path.join('.') || 'non_field_errors');
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => nullCharacterPaths(item, [...path, String(index)], found));
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) nullCharacterPaths(item, [...path, key], found);
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
