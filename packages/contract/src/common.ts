import { z } from 'zod';

/** Django REST Framework's list envelope, which every list endpoint answers with. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    count: z.number().int().nonnegative(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });

export type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] };

/** `{"detail": "..."}`: every error that is not a field validation error. */
export const detailError = z.object({ detail: z.string() });
export type DetailError = z.infer<typeof detailError>;

/** `{"field": ["message", ...]}`: DRF's validation error shape. */
export const fieldErrors = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof fieldErrors>;

/** Login and second-factor failures answer `{"error": "..."}` (django-trench's shape). */
export const authError = z.object({ error: z.string() });

/** Ids in paths arrive as strings; they are positive integers. */
export const idParam = z.object({ id: z.coerce.number().int().positive() });

export const health = z.object({ status: z.enum(['ok', 'unavailable']) });
