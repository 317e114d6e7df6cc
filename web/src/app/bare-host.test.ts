import { describe, expect, it } from 'vitest';
import { bareHostUrl } from './bare-host';

describe('bareHostUrl', () => {
  it('drops www. and keeps the rest of the address', () => {
    expect(bareHostUrl('https://www.example.org:8443/account/acme?x=1#top')).toBe(
      'https://example.org:8443/account/acme?x=1#top',
    );
  });

  it('leaves other hosts alone', () => {
    expect(bareHostUrl('https://maps.example.org/')).toBeNull();
    expect(bareHostUrl('http://127.0.0.1:8000/')).toBeNull();
  });
});
