import { describe, expect, it } from 'vitest';
import { paths, pathTo } from './paths.js';

describe('pathTo', () => {
  it('fills and encodes route parameters', () => {
    expect(pathTo(paths.account, { slug: 'acme b.v.' })).toBe('/account/acme%20b.v.');
    expect(pathTo(paths.publicWorkspace, { id: 3, token: 'a/b' })).toBe('/workspace/share/3/a%2Fb');
  });

  it('refuses to build a path with a missing parameter', () => {
    expect(() => pathTo(paths.workspace)).toThrow('Missing route parameter id');
  });
});
