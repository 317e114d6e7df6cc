import type { LayerSource } from '@geows/contract';
import { describe, expect, it } from 'vitest';
import { sameSource, steadySources, withoutCapability } from './steady-sources';

const proxied = (url: string, config: Record<string, unknown> = {}): LayerSource => ({
  layer: 7,
  data_source: 70,
  type: 3,
  key: 'xyz',
  config: { url, ...config },
  proxied: true,
});

describe('withoutCapability', () => {
  it('takes the capability out of a proxied address and of an uploaded source’s', () => {
    expect(withoutCapability('/api/layers/7/proxy/a.b.c.d/{z}/{x}/{y}.png')).toBe(
      '/api/layers/7/proxy/-/{z}/{x}/{y}.png',
    );
    expect(withoutCapability('/api/layers/7/features?capability=a.b.c.d')).toBe('/api/layers/7/features');
    // A share link's token is the reader's own and stays.
    expect(withoutCapability('/api/layers/7/features?token=t1')).toBe('/api/layers/7/features?token=t1');
  });
});

describe('sameSource', () => {
  it('sees a new capability as the same source, and anything else as another', () => {
    const a = proxied('/api/layers/7/proxy/one/{z}/{x}/{y}.png');
    expect(sameSource(a, proxied('/api/layers/7/proxy/two/{z}/{x}/{y}.png'))).toBe(true);
    expect(sameSource(a, proxied('/api/layers/7/proxy/two/tiles/{z}/{x}/{y}.png'))).toBe(false);
    expect(sameSource(a, proxied('/api/layers/7/proxy/one/{z}/{x}/{y}.png', { maximumLevel: 12 }))).toBe(
      false,
    );
    expect(sameSource(a, { ...a, data_source: 71 })).toBe(false);
  });

  it('compares the address of a source that is not proxied as it is', () => {
    const plain = { ...proxied('https://tiles.example/proxy/a/{z}.png'), proxied: false };
    expect(sameSource(plain, { ...plain, config: { url: 'https://tiles.example/proxy/b/{z}.png' } })).toBe(
      false,
    );
  });
});

describe('steadySources', () => {
  it('keeps the source held before while only its capability changes, and takes new layers as they come', () => {
    const before = steadySources(new Map(), [proxied('/api/layers/7/proxy/one/x')], 1000);
    const next = { ...proxied('/api/layers/8/proxy/n/x'), layer: 8 };
    const after = steadySources(before, [proxied('/api/layers/7/proxy/two/x'), next], 2000);
    expect(after.get(7)).toBe(before.get(7));
    expect(after.get(8)).toEqual({ source: next, since: 2000 });
  });

  it('forgets a layer that is no longer in the answer', () => {
    const before = steadySources(new Map(), [proxied('/api/layers/7/proxy/one/x')], 0);
    expect(steadySources(before, [], 1).size).toBe(0);
  });
});
