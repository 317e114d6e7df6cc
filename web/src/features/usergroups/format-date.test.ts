import { describe, expect, it } from 'vitest';
import { formatIsoDay } from './format-date';

describe('formatIsoDay', () => {
  it('writes a date as YYYY-MM-DD, with leading zeros', () => {
    expect(formatIsoDay('2025-03-04T12:00:00.000Z')).toBe('2025-03-04');
    expect(formatIsoDay('2025-11-24T12:00:00.000Z')).toBe('2025-11-24');
  });

  it('leaves what is not a date as it came', () => {
    expect(formatIsoDay('soon')).toBe('soon');
  });
});
