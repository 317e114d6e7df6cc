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

/**
 * `{"detail": "..."}`: every error that is not a field validation error, and the
 * answer of calls that succeed without data (logout, reset, …).
 */
export const detailResponse = z.object({ detail: z.string() });

/** `{"field": ["message", ...]}`: DRF's validation error shape. */
export const fieldErrors = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof fieldErrors>;

/** The largest id a PostgreSQL `integer`/`serial` column holds. */
export const MAX_ID = 2_147_483_647;

/**
 * A database id: a positive integer (or its decimal string, as path and query
 * parameters arrive), never beyond what the column holds.
 */
export const dbId = (required = 'This field is required.'): z.ZodType<number, number | string> =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\s*\d{1,16}\s*$/.test(value) ? Number(value) : value),
    z
      .number({ error: (issue) => (issue.input === undefined ? required : 'A valid integer is required.') })
      .int('A valid integer is required.')
      .min(1, 'Ensure this value is greater than or equal to 1.')
      .max(MAX_ID, `Ensure this value is less than or equal to ${MAX_ID}.`),
  );

/** Ids in paths arrive as strings; they are positive integers. */
export const idParam = z.object({ id: dbId() });

/** The body of a 204 answer. */
export const noContent = z.null();

/** The largest `?page_size=` a list answers (RUNTIME.md: "at most 1,000"). */
export const maxPageSize = 1000;
export const defaultPageSize = 100;

/** DRF's page number pagination: `?page=` (1-based) and `?page_size=` (default 100, at most 1,000). */
export const pageQuery = z.object({
  page: dbId().optional(),
  page_size: z
    .preprocess(
      (value) => (typeof value === 'string' && /^\s*\d{1,7}\s*$/.test(value) ? Number(value) : value),
      z
        .number({ error: 'A valid integer is required.' })
        .int('A valid integer is required.')
        .min(1, 'Ensure this value is greater than or equal to 1.')
        .max(maxPageSize, `Ensure this value is less than or equal to ${maxPageSize}.`),
    )
    .optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;
