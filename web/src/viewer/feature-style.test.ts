import type { LayerTemplate } from '@geows/contract';
import { describe, expect, it } from 'vitest';
import { categoryValue, defaultFeatureColours, featureFill, numericValue, rangeLabel } from './feature-style';

const byKind: LayerTemplate = {
  color: '#777777',
  colorBy: {
    by: 'category',
    property: 'kind',
    categories: [
      { value: 'park', color: '#00ff00' },
      { value: '3', color: '#0000ff' },
      { value: 'true', color: '#ff00ff' },
    ],
  },
};

const byPopulation: LayerTemplate = {
  colorBy: {
    by: 'range',
    property: 'population',
    ranges: [
      { min: 0, max: 100, color: '#fee5d9' },
      { min: 100, max: 1000, color: '#fb6a4a' },
    ],
  },
};

describe('featureFill', () => {
  it('gives a feature its category’s colour, numbers and booleans compared as written', () => {
    expect(featureFill(byKind, { kind: 'park' })).toBe('#00ff00');
    expect(featureFill(byKind, { kind: 3 })).toBe('#0000ff');
    expect(featureFill(byKind, { kind: true })).toBe('#ff00ff');
  });

  it('falls back to the layer’s fill, then the default, when no class holds the feature', () => {
    expect(featureFill(byKind, { kind: 'lake' })).toBe('#777777');
    expect(featureFill(byKind, { kind: null })).toBe('#777777');
    expect(featureFill(byKind, {})).toBe('#777777');
    expect(featureFill(byKind, undefined)).toBe('#777777');
    expect(featureFill(byPopulation, { population: 5000 })).toBe(defaultFeatureColours.fill);
    expect(featureFill({}, { anything: 1 })).toBe(defaultFeatureColours.fill);
  });

  it('gives a number the first range that holds it, bounds included', () => {
    expect(featureFill(byPopulation, { population: 0 })).toBe('#fee5d9');
    expect(featureFill(byPopulation, { population: 100 })).toBe('#fee5d9');
    expect(featureFill(byPopulation, { population: 100.5 })).toBe('#fb6a4a');
    expect(featureFill(byPopulation, { population: '1000' })).toBe('#fb6a4a');
    expect(featureFill(byPopulation, { population: -1 })).toBe(defaultFeatureColours.fill);
  });

  it('does not read an empty or missing value as zero', () => {
    expect(featureFill(byPopulation, { population: '' })).toBe(defaultFeatureColours.fill);
    expect(featureFill(byPopulation, { population: null })).toBe(defaultFeatureColours.fill);
    expect(featureFill(byPopulation, { population: 'many' })).toBe(defaultFeatureColours.fill);
  });
});

describe('attribute values', () => {
  it('reads numbers and categories', () => {
    expect(numericValue(' 12.5 ')).toBe(12.5);
    expect(numericValue(Number.NaN)).toBeUndefined();
    expect(numericValue(false)).toBeUndefined();
    expect(categoryValue(0)).toBe('0');
    expect(categoryValue({ a: 1 })).toBeUndefined();
  });

  it('labels a range for the legend', () => {
    expect(rangeLabel({ min: 0, max: 1234.567 }, 'en')).toBe('0 – 1,234.57');
    expect(rangeLabel({ min: 0.5, max: 1000 }, 'nl')).toBe('0,5 – 1.000');
  });
});
