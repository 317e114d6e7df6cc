import {
  allEndpoints,
  camera,
  createShareLinkRequest,
  datasourceTypeDefinitions,
  layerTemplateSchema,
  pageQuery,
} from '@geows/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { arbitraryOf } from './zod-arbitrary.js';

const validShare = (schema: z.ZodType, runs = 200) => {
  const values = fc.sample(arbitraryOf(schema), { numRuns: runs, seed: 42 });
  return values.filter((value) => schema.safeParse(value).success).length / runs;
};

describe('arbitraries from zod 4 schemas', () => {
  it('honours lengths, ranges, patterns, formats, enums, literals and optional keys', () => {
    const schema = z
      .object({
        name: z.string().trim().min(3).max(8),
        code: z.string().regex(/^[A-Z]{2}-\d{3}$/),
        site: z.url({ protocol: /^https?$/ }),
        when: z.iso.datetime({ offset: true }),
        size: z.number().int().min(-5).max(5),
        share: z.number().positive().lt(1),
        kind: z.enum(['wms', 'wmts']),
        fixed: z.literal('yes'),
        tags: z.array(z.string().max(3)).min(1).max(2),
        pairs: z.record(z.string(), z.boolean()),
        point: z.tuple([z.number(), z.number()]),
        either: z.discriminatedUnion('by', [
          z.object({ by: z.literal('a'), a: z.number() }),
          z.object({ by: z.literal('b'), b: z.string() }),
        ]),
        maybe: z.string().nullable().optional(),
        fallback: z.number().default(3),
      })
      .strict();
    expect(validShare(schema)).toBe(1);
  });

  it('generates a preprocess from what it hands on, and a transform from its input', () => {
    const id = z.preprocess(
      (value) => (typeof value === 'string' ? Number(value) : value),
      z.number().int().min(1),
    );
    const line = z
      .array(z.number())
      .min(2)
      .transform((points) => points.length);
    expect(validShare(z.object({ id, line }))).toBe(1);
  });

  it('follows lazy schemas a few levels deep', () => {
    type Tree = { name: string; children: Tree[] };
    const tree: z.ZodType<Tree> = z.object({
      name: z.string(),
      children: z.lazy(() => z.array(tree).max(2)),
    });
    const values = fc.sample(arbitraryOf(tree), { numRuns: 50, seed: 1 });
    expect(values.every((value) => typeof (value as Tree).name === 'string')).toBe(true);
  });

  it("generates valid values for the contract's own shapes", () => {
    expect(validShare(camera)).toBe(1);
    // Its ranges' min ≤ max is a refinement, which no generator reads.
    expect(validShare(layerTemplateSchema)).toBeGreaterThan(0.7);
    expect(validShare(pageQuery)).toBe(1);
    expect(validShare(createShareLinkRequest)).toBe(1);
    // Refinements no generator reads: GeoJSON's url-or-uploaded, and an XYZ URL's {z}, {x}
    // and {y}, which the fuzzer's hints add (fuzz-requests.ts).
    for (const type of datasourceTypeDefinitions.filter((each) => each.key !== 'xyz'))
      expect(validShare(type.config), type.key).toBeGreaterThan(0.75);
  });

  it("gives every endpoint's params, query and body an arbitrary, most of whose values the schema accepts", () => {
    const poor: string[] = [];
    for (const endpoint of allEndpoints) {
      for (const part of ['params', 'query', 'body'] as const) {
        const schema = endpoint[part];
        // JSON text fields and refinements are filled in by the fuzzer's hints (fuzz-requests.ts).
        if (schema && validShare(schema, 50) < 0.1) poor.push(`${endpoint.method} ${endpoint.path} ${part}`);
      }
    }
    expect(poor).toEqual(['POST /api/workspaces/:id/profile body']);
  });

  it('falls back to any value for kinds the contract does not use', () => {
    const values = fc.sample(arbitraryOf(z.map(z.string(), z.number())), { numRuns: 20, seed: 3 });
    expect(values).toHaveLength(20);
  });
});
