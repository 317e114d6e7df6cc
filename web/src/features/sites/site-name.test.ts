import { productName } from '@geows/contract';
import { describe, expect, it } from 'vitest';
import { deriveSiteName } from './site-name';

describe('deriveSiteName', () => {
  it.each([
    ['www.maps.example.co.uk', 'Example'],
    ['app.geodata.nl', 'Geodata'],
    ['maps.gemeente-utrecht.nl', 'Gemeente Utrecht'],
    ['www.acme.com', 'Acme'],
    ['viewer.terra.io', 'Terra'],
    ['city.example.com', 'City Example'],
    ['localhost:8000', 'Localhost'],
    ['localhost', 'Localhost'],
    ['Example.COM:443', 'Example'],
    ['geo_data.org', 'Geo Data'],
    ['www.com', 'Www'],
  ])('%s → %s', (host, name) => {
    expect(deriveSiteName(host)).toBe(name);
  });

  it('shows IP addresses as they are, without the port', () => {
    expect(deriveSiteName('127.0.0.1:8000')).toBe('127.0.0.1');
    expect(deriveSiteName('[::1]:8000')).toBe('::1');
  });

  it('falls back to the product name for an empty host', () => {
    expect(deriveSiteName('')).toBe(productName);
  });
});
