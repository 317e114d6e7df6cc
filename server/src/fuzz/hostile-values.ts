import fc from 'fast-check';

/**
 * What a careless or hostile client sends instead of the contract's values: each is a
 * JSON value (it goes into a body, a query string or a path), except the raw bodies and
 * content types at the end, which are the bytes of the request itself.
 */

const MEGABYTE = 1024 * 1024;

/** Just under the server's 1 MB body limit once quoted, and just over it. */
const hugeTexts = fc.constantFrom('x'.repeat(MEGABYTE - 64), 'é'.repeat(MEGABYTE / 2 + 16));

/** Text that is valid UTF-16 in JavaScript but breaks assumptions further down (UTF-8, PostgreSQL, regexes). */
const oddTexts = fc.constantFrom(
  '\u0000',
  'name\u0000',
  '\uD800',
  'lone \uDFFF surrogate',
  '\uDBFF\uDFFF',
  '\u202Eevil\u202C',
  '\u200F\u0627\u0644\u062E\u0631\u064A\u0637\u0629',
  '👩‍👩‍👧‍👦🏳️‍🌈💥',
  '\uFFFF',
  '\uFFFE\uFEFF',
  `e${'\u0301'.repeat(2000)}`,
  '\u2028\u2029',
  '\t\r\n ',
  '%00%zz%',
  '../../etc/passwd',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the text a log4j-style lookup would expand, sent as it is.
  '${jndi:ldap://127.0.0.1/x}',
  '{{7*7}}',
  '\\',
  '"',
  "'",
  '<img src=x onerror=alert(1)>',
);

/** Any UTF-16 code unit, lone surrogates included. */
const codeUnitText = fc.string({
  unit: fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit)),
});

export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: oddTexts, weight: 4 },
  { arbitrary: codeUnitText, weight: 3 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 300 }), weight: 2 },
  { arbitrary: hugeTexts, weight: 1 },
);

/** Numbers a form never sends, and number-like text a query string carries. */
export const hostileNumber: fc.Arbitrary<number | string> = fc.oneof(
  fc.constantFrom(
    0,
    -1,
    -0,
    0.5,
    1e308,
    -1e308,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 53 + 2,
    Number.MIN_VALUE,
    4.2e-320,
  ),
  fc.constantFrom(
    'NaN',
    'Infinity',
    '-Infinity',
    '1e309',
    '-1',
    '0x10',
    '1_000',
    '  7 ',
    '7abc',
    '99999999999999999999',
    '2147483648',
    '١٢٣',
    '７',
    '1.0',
    '',
  ),
  fc.double(),
  fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
);

/** A value of the wrong kind, whatever the field wanted. */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, [], {}, [null], { $gt: '' }, { __proto__: { admin: true } }, [
    'a',
    { b: 1 },
  ]),
  fc.jsonValue({ maxDepth: 3 }),
);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileText, weight: 3 },
  { arbitrary: hostileNumber, weight: 3 },
  { arbitrary: wrongType, weight: 3 },
  { arbitrary: fc.integer({ min: 2, max: 20_000 }).map((depth) => new NestedArrays(depth)), weight: 1 },
);

/**
 * `[[[…"x"…]]]`, `depth` levels deep. Held as its depth and written out only in the
 * request's JSON text (`expandNesting`): a walk over the value itself, fast-check's
 * printer or a JSON.stringify replacer, runs out of stack first.
 */
export class NestedArrays {
  constructor(readonly depth: number) {}

  toJSON() {
    return `@@nested-arrays:${this.depth}@@`;
  }

  [fc.toStringMethod]() {
    return `[[[…${this.depth} levels…]]]`;
  }
}

/** JSON text with every `NestedArrays` written out. */
export function expandNesting(json: string): string {
  return json.replace(/"@@nested-arrays:(\d+)@@"/g, (_, depth: string) => {
    const levels = Number(depth);
    return `${'['.repeat(levels)}"x"${']'.repeat(levels)}`;
  });
}

/** Keys a body should not be able to smuggle in. */
export const extraKey = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'id',
    'admin',
    'account',
    'rights',
    'is_staff',
    '',
  ),
  fc.string({ maxLength: 20 }),
);

/**
 * JSON text that is broken, or valid JSON of the wrong shape, for the fields that hold
 * JSON in a string (a workspace's `camera` and `workspacePlugins`, a layer's `template`).
 */
export const hostileJsonText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    '{"longitude": ',
    '[1,]',
    "{'a': 1}",
    '{"a": 1,}',
    'null',
    'true',
    '42',
    '"text"',
    '[]',
    '{"a": NaN}',
    '{"a": Infinity}',
    '{"longitude": 1e309, "latitude": -1e309, "height": 1e999, "heading": 0, "pitch": 0, "roll": 0}',
    '{"__proto__": {"polluted": true}}',
    '{"constructor": {"prototype": {"polluted": true}}}',
    '{"a": 1, "a": 2}',
    '{"a": "\\ud800"}',
    '{"a": "\\u0000"}',
    '\uFEFF{}',
    '{"splitPanel": {"enabled": true, "left": [1e308], "right": [-1]}}',
    '{"views": {"items": [{"camera": "not an object"}]}}',
    '{"colorBy": {"by": "range", "property": "x", "ranges": [{"min": 2, "max": 1, "color": "red"}]}}',
  ),
  fc.integer({ min: 60, max: 20_000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
  fc.integer({ min: 60, max: 20_000 }).map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
  fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)),
  hostileText,
);

/** Request bodies that are not the JSON they claim to be. */
export const malformedBody: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    '}',
    '{"a":',
    '[1,]',
    "{'a': 1}",
    'undefined',
    'NaN',
    '1e309',
    '\uFEFF{}',
    '{"a": "\\ud800"}',
    '{"a": "\\x41"}',
    '\u0000',
    '{"__proto__": {"admin": true}}',
  ),
  // Deep nesting: the parser and every walk after it must survive 10,000 levels.
  fc.constantFrom(10_000, 50_000).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
  fc.constantFrom(10_000).map((depth) => `{"name": ${'['.repeat(depth)}"x"${']'.repeat(depth)}}`),
  fc.string({ unit: 'binary', maxLength: 200 }),
);

/** Content types that are wrong, odd or lying about the body (undefined: none at all). */
export const oddContentType: fc.Arbitrary<string | undefined> = fc.constantFrom(
  undefined,
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'multipart/form-data',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json;;;',
  'application/vnd.api+json',
  'application/octet-stream',
  '*/*',
  'text/html; charset=utf-8',
  'application/\u0000json',
  'APPLICATION/JSON',
);
