import { describe, expect, it } from 'vitest';
import { attributeNames, classBreaks, numbersOf, rampColours, uniqueValues } from './classify';
import { readColour, withAlpha, writeColour } from './css-colour';

const rows = [
  { kind: 'park', n: 1 },
  { kind: 'lake', n: '4' },
  { kind: 'park', n: null, extra: true },
  { n: 10 },
];

describe('classes of features', () => {
  it('lists attribute names and unique values, sorted with numbers by value', () => {
    expect(attributeNames(rows)).toEqual(['kind', 'n', 'extra']);
    expect(uniqueValues(rows, 'kind', 10)).toEqual({ values: ['lake', 'park'], total: 2 });
    expect(uniqueValues(rows, 'n', 2)).toEqual({ values: ['1', '4'], total: 3 });
    expect(numbersOf(rows, 'n')).toEqual([1, 4, 10]);
  });

  it('breaks numbers into equal intervals or quantiles that cover every value', () => {
    expect(classBreaks([0, 5, 10], 'equal-interval', 2)).toEqual([
      { min: 0, max: 5 },
      { min: 5, max: 10 },
    ]);
    expect(classBreaks([1, 2, 3, 4, 100, 200], 'quantile', 3)).toEqual([
      { min: 1, max: 3 },
      { min: 3, max: 100 },
      { min: 100, max: 200 },
    ]);
    // Repeated values make fewer classes, never empty ones.
    expect(classBreaks([1, 1, 1, 2], 'quantile', 4)).toEqual([{ min: 1, max: 2 }]);
    expect(classBreaks([7, 7], 'equal-interval', 5)).toEqual([{ min: 7, max: 7 }]);
    expect(classBreaks([], 'equal-interval', 5)).toEqual([]);
    expect(classBreaks([0, 1], 'equal-interval', 3)).toEqual([
      { min: 0, max: 0.333333 },
      { min: 0.333333, max: 0.666667 },
      { min: 0.666667, max: 1 },
    ]);
  });

  it('spreads a ramp over the classes', () => {
    expect(rampColours('reds', 2)).toEqual(['#fee5d9', '#a50f15']);
    expect(rampColours('viridis', 3)).toEqual(['#fde725', '#21918c', '#440154']);
    expect(rampColours('blues', 1)).toEqual(['#08519c']);
  });
});

describe('panel colours', () => {
  it('reads the CSS colours templates hold', () => {
    expect(readColour('#f00')).toEqual({ hex: '#ff0000', alpha: 1 });
    expect(readColour('#00FF0080')).toEqual({ hex: '#00ff00', alpha: 128 / 255 });
    expect(readColour('rgba(255, 109, 0, 0.35)')).toEqual({ hex: '#ff6d00', alpha: 0.35 });
    expect(readColour('rgb(100% 0% 0% / 50%)')).toEqual({ hex: '#ff0000', alpha: 0.5 });
    expect(readColour('Black')).toEqual({ hex: '#000000', alpha: 1 });
    expect(readColour('hsl(0, 50%, 50%)')).toBeUndefined();
  });

  it('writes hex when opaque, rgba otherwise', () => {
    expect(writeColour({ hex: '#FF6D00', alpha: 1 })).toBe('#ff6d00');
    expect(writeColour({ hex: '#ff6d00', alpha: 0.333 })).toBe('rgba(255, 109, 0, 0.33)');
    expect(withAlpha('#0000ff', 0.5, { hex: '#000000', alpha: 1 })).toBe('rgba(0, 0, 255, 0.5)');
  });
});
