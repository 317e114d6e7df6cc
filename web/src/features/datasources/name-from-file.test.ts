import { describe, expect, it } from 'vitest';
import { nameFromFileName } from './name-from-file';

describe('nameFromFileName', () => {
  it.each([
    ['parks.geojson', 'Parks'],
    ['parks_amsterdam__2024.geojson', 'Parks amsterdam 2024'],
    ['Bomen Utrecht-Noord.csv', 'Bomen Utrecht-Noord'],
    ['  spaced   out .json', 'Spaced out'],
    ['roads.v2.geojson', 'Roads.v2'],
    ['C:\\maps\\wijken.geojson', 'Wijken'],
    ['no-extension', 'No-extension'],
    ['.geojson', '.geojson'],
    ['_.csv', ''],
    ['één.csv', 'Één'],
  ])('%s → %s', (file, name) => {
    expect(nameFromFileName(file)).toBe(name);
  });

  it('keeps within the longest name a data source may have', () => {
    expect(nameFromFileName(`${'a'.repeat(300)}.csv`)).toHaveLength(200);
  });
});
