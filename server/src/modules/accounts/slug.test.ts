import { describe, expect, it } from 'vitest';
import { slugify, uniqueSlug } from './slug.js';

describe('account slugs', () => {
  it('are lower-case ASCII words joined by hyphens', () => {
    expect(slugify("Gemeente 's-Hertogenbosch")).toBe('gemeente-s-hertogenbosch');
    expect(slugify('  Café Übersee GmbH & Co. ')).toBe('cafe-ubersee-gmbh-co');
    expect(slugify('Provincie Zuid-Holland')).toBe('provincie-zuid-holland');
  });

  it('never come out empty', () => {
    expect(slugify('水道局')).toBe('account');
    expect(slugify('---')).toBe('account');
  });

  it('get a number when taken', () => {
    expect(uniqueSlug('acme', new Set())).toBe('acme');
    expect(uniqueSlug('acme', new Set(['acme', 'acme-2']))).toBe('acme-3');
  });
});
