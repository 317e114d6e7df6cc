import { describe, expect, it } from 'vitest';
import { sameOriginPath } from './return-path';

const origin = 'https://maps.example.org';

describe('sameOriginPath', () => {
  it('keeps a path of this site with its query and fragment', () => {
    expect(sameOriginPath('/account/acme?tab=members', origin)).toBe('/account/acme?tab=members');
    expect(sameOriginPath('/workspace/view/3?view=v1#top', origin)).toBe('/workspace/view/3?view=v1#top');
    expect(sameOriginPath('/a/../profile', origin)).toBe('/profile');
  });

  it('refuses anything that could lead to another site or run a script', () => {
    for (const value of [
      '//evil.example/x',
      '/\\evil.example/x',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'https://evil.example/',
      'https://maps.example.org/profile',
      'javascript:alert(1)',
      ' /profile',
      'profile',
      '',
      null,
      42,
      { path: '/profile' },
    ])
      expect(sameOriginPath(value, origin), JSON.stringify(value)).toBeNull();
  });
});
