import fc from 'fast-check';
import type { z } from 'zod';

/**
 * fast-check arbitraries from the contract's zod 4 schemas (zod-fast-check stops at
 * zod 3). Values are generated from a schema's input side, so they are what a client
 * would send: a pipe from its `in`, a preprocess (a pipe whose `in` is a transform) from
 * its `out`. Length and range checks are honoured; custom refinements are not (their
 * rules are code), so a few values fail them, which is fine for a fuzzer. Kinds the
 * contract does not use fall back to `fc.anything()`.
 */

export type ArbitraryOptions = {
  /**
   * Replaces the arbitrary of an object's field by its key (a JSON-in-string field, say);
   * undefined keeps the one the schema gives.
   */
  field?: (key: string, schema: z.core.$ZodType) => fc.Arbitrary<unknown> | undefined;
  /**
   * Replaces the arbitrary of every database id (`dbId()` in the contract), by the key of
   * the field it is in (`workspace`, `user_groups`; undefined at the top).
   */
  id?: (field: string | undefined) => fc.Arbitrary<unknown>;
  /** Longest generated text: the schemas allow 100,000 characters, a valid case needs few. */
  maxStringLength?: number;
  /** Most items of a generated array or record. */
  maxItems?: number;
};

type Def = z.core.$ZodTypes['_zod']['def'];
type Check = { check: string; [key: string]: unknown };

/** How deep lazy and getter-defined schemas (the layer tree) are followed. */
const MAX_DEPTH = 6;

export function arbitraryOf(schema: z.core.$ZodType, options: ArbitraryOptions = {}): fc.Arbitrary<unknown> {
  return build(schema, options, 0, undefined);
}

function build(
  schema: z.core.$ZodType,
  options: ArbitraryOptions,
  depth: number,
  field: string | undefined,
): fc.Arbitrary<unknown> {
  if (depth > MAX_DEPTH) return fc.constant(null);
  const next = (inner: z.core.$ZodType, key = field) => build(inner, options, depth + 1, key);
  const def = schema._zod.def as Def;
  switch (def.type) {
    case 'string':
      return stringOf(def, options);
    case 'number':
      return numberOf(checksOf(def), def.type);
    case 'bigint':
      return fc.bigInt();
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    case 'nan':
      return fc.constant(Number.NaN);
    case 'date':
      return fc.date({ noInvalidDate: true });
    case 'literal':
      return fc.constantFrom(...def.values);
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries));
    case 'any':
    case 'unknown':
      return fc.jsonValue({ maxDepth: 2 });
    case 'object':
      return objectOf(def, options, next);
    case 'array': {
      const { min, max } = lengthBounds(checksOf(def));
      return fc.array(next(def.element), {
        minLength: min ?? 0,
        maxLength: Math.max(min ?? 0, Math.min(max ?? Number.POSITIVE_INFINITY, options.maxItems ?? 4)),
      });
    }
    case 'tuple': {
      const items = fc.tuple(...def.items.map((item) => next(item)));
      return def.rest
        ? fc.tuple(items, fc.array(next(def.rest), { maxLength: 2 })).map(([a, b]) => [...a, ...b])
        : items;
    }
    case 'record':
      return fc
        .array(fc.tuple(next(def.keyType), next(def.valueType)), { maxLength: options.maxItems ?? 4 })
        .map((entries) => Object.fromEntries(entries.filter(([key]) => typeof key === 'string')));
    case 'union':
      return fc.oneof(...def.options.map((option) => next(option)));
    case 'intersection':
      return fc.tuple(next(def.left), next(def.right)).map(([left, right]) => merge(left, right));
    case 'optional':
    case 'default':
    case 'prefault':
      return fc.option(next(def.innerType), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(next(def.innerType), { nil: null, freq: 4 });
    case 'nonoptional':
    case 'catch':
    case 'readonly':
    case 'success':
      return next(def.innerType);
    case 'pipe':
      if (options.id && isDbId(def)) return options.id(field);
      // A preprocess accepts anything and hands it on: what it must hand on is `out`'s input.
      return next(def.in._zod.def.type === 'transform' ? def.out : def.in);
    case 'lazy':
      return fc.constant(null).chain(() => next(def.getter()));
    default:
      return fc.anything();
  }
}

function checksOf(def: { checks?: unknown[] }): Check[] {
  return (def.checks ?? []).map((check) => (check as { _zod: { def: Check } })._zod.def);
}

function lengthBounds(checks: Check[]): { min?: number; max?: number } {
  let min: number | undefined;
  let max: number | undefined;
  for (const check of checks) {
    if (check.check === 'min_length') min = Math.max(min ?? 0, check.minimum as number);
    if (check.check === 'max_length')
      max = Math.min(max ?? Number.POSITIVE_INFINITY, check.maximum as number);
    if (check.check === 'length_equals') min = max = check.length as number;
  }
  return { ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) };
}

/** `dbId()`: a preprocess turning digit strings into numbers, then an int up to the column's maximum. */
function isDbId(def: Extract<Def, { type: 'pipe' }>): boolean {
  if (def.in._zod.def.type !== 'transform') return false;
  const out = def.out._zod.def as Def;
  return (
    out.type === 'number' &&
    checksOf(out).some((check) => check.check === 'less_than' && check.value === 2_147_483_647)
  );
}

function stringOf(def: Extract<Def, { type: 'string' }>, options: ArbitraryOptions): fc.Arbitrary<string> {
  const checks = checksOf(def);
  const { min = 0, max = Number.POSITIVE_INFINITY } = lengthBounds(checks);
  const trims = checks.some((check) => check.check === 'overwrite');
  const fits = (text: string) => {
    const length = (trims ? text.trim() : text).length;
    return length >= min && length <= max;
  };
  const format = 'format' in def ? (def.format as string | undefined) : undefined;
  const patterns = checks
    .filter((check) => check.check === 'string_format' && check.pattern instanceof RegExp)
    .map((check) => check.pattern as RegExp);
  const byFormat = format ? formatted(format, (def as { pattern?: unknown }).pattern) : undefined;
  if (byFormat) return byFormat.filter(fits);
  if (patterns.length > 0) {
    const [first, ...others] = patterns as [RegExp, ...RegExp[]];
    return fc
      .stringMatching(first, { size: 'small' })
      .filter((text) => fits(text) && others.every((pattern) => pattern.test(text)));
  }
  const longest = Math.max(min, Math.min(max, options.maxStringLength ?? 24));
  // Lengths count UTF-16 code units, and a grapheme may take several: hence the filter.
  const text = fc.string({ minLength: min, maxLength: longest, unit: 'grapheme' });
  return (trims ? text.map((value) => value.trim()) : text).filter(fits);
}

/** The string formats the contract uses; others are matched by their pattern when zod gives one. */
function formatted(format: string, pattern: unknown): fc.Arbitrary<string> | undefined {
  switch (format) {
    case 'url':
      return fc.webUrl({ validSchemes: ['http', 'https'], size: 'small' });
    case 'email':
      return fc.emailAddress({ size: 'small' });
    case 'uuid':
      return fc.uuid();
    case 'datetime':
      return (
        fc
          // Ahead of now: the contract's dates (a share link's expiry) must lie in the future.
          .date({
            min: new Date(Date.now() + 86_400_000),
            max: new Date('2199-12-31T23:59:59Z'),
            noInvalidDate: true,
          })
          .map((date) => date.toISOString())
      );
    default:
      return pattern instanceof RegExp ? fc.stringMatching(pattern, { size: 'small' }) : undefined;
  }
}

function numberOf(checks: Check[], type: string): fc.Arbitrary<number> {
  let min = Number.NEGATIVE_INFINITY;
  let max = Number.POSITIVE_INFINITY;
  let minExcluded = false;
  let maxExcluded = false;
  let integer = type === 'int';
  for (const check of checks) {
    if (check.check === 'greater_than' && (check.value as number) >= min) {
      min = check.value as number;
      minExcluded = !check.inclusive;
    }
    if (check.check === 'less_than' && (check.value as number) <= max) {
      max = check.value as number;
      maxExcluded = !check.inclusive;
    }
    if (check.check === 'number_format' && /int/.test(String(check.format))) integer = true;
  }
  if (integer) {
    const low = Math.max(Number.MIN_SAFE_INTEGER, Math.ceil(minExcluded ? min + 1 : min));
    const high = Math.min(Number.MAX_SAFE_INTEGER, Math.floor(maxExcluded ? max - 1 : max));
    return fc.integer({ min: low, max: high });
  }
  return fc.double({
    noNaN: true,
    noDefaultInfinity: true,
    ...(Number.isFinite(min) ? { min, minExcluded } : {}),
    ...(Number.isFinite(max) ? { max, maxExcluded } : {}),
  });
}

function objectOf(
  def: Extract<Def, { type: 'object' }>,
  options: ArbitraryOptions,
  next: (schema: z.core.$ZodType, key?: string) => fc.Arbitrary<unknown>,
): fc.Arbitrary<Record<string, unknown>> {
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  const requiredKeys: string[] = [];
  // The shape may hold getters (a recursive schema): each key is read once, here.
  for (const [key, value] of Object.entries(def.shape)) {
    model[key] = options.field?.(key, value) ?? next(value, key);
    // Not `optin`: a preprocess (`dbId()`) takes undefined in, yet the field is required.
    if (!optionalKinds.has(value._zod.def.type)) requiredKeys.push(key);
  }
  return fc
    .record(model, { requiredKeys })
    .map(
      (record) =>
        Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as Record<
          string,
          unknown
        >,
    );
}

const optionalKinds = new Set(['optional', 'default', 'prefault']);

function merge(left: unknown, right: unknown): unknown {
  const isObject = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  return isObject(left) && isObject(right) ? { ...left, ...right } : left;
}
