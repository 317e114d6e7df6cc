/**
 * What no answer may contain, whatever was asked: the server's insides (a stack trace, a
 * source position, a module path) and the database's (SQL text, PostgreSQL's error
 * wording). A match that the request itself carries is an echo of the caller's own
 * text, not a leak.
 */
const leaks: { what: string; pattern: RegExp }[] = [
  { what: 'a stack frame', pattern: /\bat (?:async )?[\w$.<>[\]]+ \(|\n\s+at \S/ },
  { what: 'a source position', pattern: /\.(?:ts|js|mjs|cjs):\d+/ },
  { what: 'a module path', pattern: /node_modules|node:internal/ },
  { what: 'SQL text', pattern: /\b(?:SELECT|INSERT INTO|UPDATE \S+ SET|DELETE FROM)\b/ },
  {
    what: "the database's wording",
    pattern:
      /syntax error at|relation "|violates|duplicate key value|invalid input syntax|out of range for type|Failed query|DrizzleQueryError/,
  },
];

/** The first leak in an answer's body, described, or undefined. */
export function leakIn(answer: string, request: string): string | undefined {
  for (const { what, pattern } of leaks) {
    const found = pattern.exec(answer);
    if (found && !request.includes(found[0])) return `${what} (${JSON.stringify(found[0])})`;
  }
  return undefined;
}
