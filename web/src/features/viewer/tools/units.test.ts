import { describe, expect, it } from 'vitest';
import { formatArea, formatHeight, formatHeightChange, formatLength } from './units';

describe('formatLength', () => {
  it('writes metres, then kilometres, in the reader’s language', () => {
    expect(formatLength(12.345, 'en')).toBe('12.35 m');
    expect(formatLength(523.44, 'en')).toBe('523.4 m');
    expect(formatLength(1234.5, 'en')).toBe('1.235 km');
    expect(formatLength(1234.5, 'nl')).toBe('1,235 km');
    expect(formatLength(123_456, 'en')).toBe('123.46 km');
    expect(formatLength(12.345, 'nl')).toBe('12,35 m');
  });
});

describe('formatArea', () => {
  it('writes square metres, hectares and square kilometres', () => {
    expect(formatArea(42.123, 'en')).toBe('42.12 m²');
    expect(formatArea(1234.56, 'nl')).toBe('1.234,6 m²');
    expect(formatArea(25_000, 'en')).toBe('2.50 ha');
    expect(formatArea(3_500_000, 'nl')).toBe('3,500 km²');
  });
});

describe('formatHeight', () => {
  it('writes decimetres, or the digits asked for', () => {
    expect(formatHeight(30, 'en')).toBe('30.0 m');
    expect(formatHeight(1234.56, 'nl')).toBe('1.234,6 m');
    expect(formatHeight(1.234, 'en', 2)).toBe('1.23 m');
  });
});

describe('formatHeightChange', () => {
  it('signs a change', () => {
    expect(formatHeightChange(12.44, 'en')).toBe('+12.4 m');
    expect(formatHeightChange(-3, 'nl')).toBe('-3,0 m');
    expect(formatHeightChange(0, 'en')).toBe('0.0 m');
    expect(formatHeightChange(0.4, 'en', 2)).toBe('+0.40 m');
  });
});
